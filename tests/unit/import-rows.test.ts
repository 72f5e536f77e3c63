import { describe, expect, it } from "vitest";
import { importTemplateCsv, parseImportFile } from "#worker/domain/import-rows";

describe("bulk import file reading", () => {
  it("reads the template with its line numbers and turns latitude/longitude into [lon, lat]", () => {
    const csv = `${importTemplateCsv()}EXT-0002,Sam,Doe,male,,,Bong,,,Rice,,,,,,,,\n`;
    const parsed = parseImportFile("farmers.csv", csv);
    expect(parsed.errors).toEqual([]);
    expect(parsed.records).toHaveLength(2);
    expect(parsed.records[0]!.line).toBe(2);
    expect(parsed.records[0]!.fields).toMatchObject({ first_name: "Musu", county: "Nimba", crops: "Cocoa;Cassava" });
    expect(parsed.records[0]!.geometry).toEqual({ type: "Point", coordinates: [-8.612345, 7.201234] });
    expect(parsed.records[1]!.line).toBe(3);
    expect(parsed.records[1]!.geometry).toBeNull();
  });

  it("counts physical lines across quoted multi-line fields and blank lines", () => {
    const polygon = JSON.stringify({
      type: "Polygon",
      coordinates: [
        [
          [-8.6, 7.2],
          [-8.59, 7.2],
          [-8.59, 7.21],
          [-8.6, 7.2],
        ],
      ],
    });
    const csv = `first_name,last_name,county,geometry\n\nAma,"Kpoto\nJr",Lofa,\n"Ben",Toe,Nimba,"${polygon.replaceAll('"', '""')}"\n`;
    const parsed = parseImportFile("x.csv", csv);
    expect(parsed.records.map((r) => r.line)).toEqual([3, 5]);
    expect(parsed.records[1]!.geometry).toMatchObject({ type: "Polygon" });
  });

  it("reports a bad geometry cell and a half-given coordinate by line, and keeps the other rows", () => {
    const csv =
      "first_name,last_name,county,latitude,longitude,geometry\nA,B,Bong,7.1,,\nC,D,Bong,,,{not json\nE,F,Bong,,,\n";
    const parsed = parseImportFile("x.csv", csv);
    expect(parsed.errors).toEqual([
      { line: 2, reason: "Give both latitude and longitude as decimal degrees" },
      { line: 3, reason: "The geometry column is not valid GeoJSON" },
    ]);
    expect(parsed.records.map((r) => r.line)).toEqual([4]);
  });

  it("refuses a CSV without the required columns", () => {
    expect(parseImportFile("x.csv", "name,county\nA,Bong\n").errors).toEqual([
      { line: 1, reason: 'Missing required column "first_name"' },
    ]);
  });

  it("reads GeoJSON features, numbering them, and understands ProducerName", () => {
    const fc = {
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          properties: { ProducerName: "Musu Kollie", county: "Nimba", crops: ["Cocoa"] },
          geometry: { type: "Point", coordinates: [-8.612345, 7.201234] },
        },
        { type: "Nope" },
      ],
    };
    const parsed = parseImportFile("plots.geojson", JSON.stringify(fc));
    expect(parsed.records[0]!.fields).toMatchObject({
      first_name: "Musu",
      last_name: "Kollie",
      county: "Nimba",
      crops: "Cocoa",
    });
    expect(parsed.errors).toEqual([{ line: 2, reason: "Not a GeoJSON Feature" }]);
    expect(parseImportFile("a.json", "[1,2]").errors[0]!.reason).toBe("A GeoJSON import must be a FeatureCollection");
  });
});
