import { describe, expect, it } from "vitest";
import { readPlotQuery } from "#worker/content/land-plots";
import { BoundaryEditFormSchema } from "#worker/contracts/land-inspection";
import { PlotApiSchema, PlotFormSchema, parsePlotCoordinates, positionsToText } from "#worker/contracts/plot";
import { validatePlotGeometry } from "#worker/domain/validate-geometry";

const lines = (...rows: string[]) => rows.join("\n");
const base = {
  farmerId: "frm100001",
  crop: "Cocoa",
  plantingYear: 2015,
  submissionId: "4b0c3a52-8c1e-4a8e-9c55-0b7f2d2b1a10",
};

describe("coordinates typed as latitude, longitude", () => {
  it("turns each line into GeoJSON [longitude, latitude] and closes the ring", () => {
    const r = parsePlotCoordinates(
      lines("7.201234, -8.601234", "7.201234, -8.599876", "7.199871, -8.599876", "7.199871, -8.601234"),
      "polygon",
    );
    // The result also carries the written decimals, hence toMatchObject.
    expect(r).toMatchObject({
      ok: true,
      positions: 4,
      geojson: {
        type: "Polygon",
        coordinates: [
          [
            [-8.601234, 7.201234],
            [-8.599876, 7.201234],
            [-8.599876, 7.199871],
            [-8.601234, 7.199871],
            [-8.601234, 7.201234],
          ],
        ],
      },
    });
  });

  it("does not close a ring twice when the last line repeats the first", () => {
    const r = parsePlotCoordinates(
      lines("7.201234, -8.601234", "7.201234 -8.599876", "7.199871;-8.599876", "7.201234, -8.601234"),
      "polygon",
    );
    expect(r.ok && (r.geojson as { coordinates: number[][][] }).coordinates[0]).toHaveLength(4);
  });

  it("accepts comma, semicolon or space between, and ignores blank lines", () => {
    const r = parsePlotCoordinates("\n  7.201234 ,  -8.601234  \n\n", "point");
    expect(r).toMatchObject({ ok: true, positions: 1, geojson: { type: "Point", coordinates: [-8.601234, 7.201234] } });
  });

  it("names the line that is not a pair of numbers", () => {
    const r = parsePlotCoordinates(lines("7.201234, -8.601234", "seven, eight"), "polygon");
    expect(r).toEqual({
      ok: false,
      errors: ['Line 2 is not "latitude, longitude" (for example 7.201234, -8.601234): seven, eight'],
    });
  });

  it('recognises "longitude, latitude" typed the wrong way round', () => {
    const r = parsePlotCoordinates(
      lines("-8.601234, 7.201234", "-8.599876, 7.201234", "-8.599876, 7.199871"),
      "polygon",
    );
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors[0]).toMatch(/look like "longitude, latitude"/);
  });

  it("wants exactly one line for a point", () => {
    const r = parsePlotCoordinates(lines("7.201234, -8.601234", "7.201234, -8.599876"), "point");
    expect(r).toEqual({ ok: false, errors: ['A point needs exactly one "latitude, longitude" line; there are 2'] });
  });

  it("passes pasted GeoJSON on, and says when it is not JSON", () => {
    const feature = {
      type: "Feature",
      properties: { Area: 2 },
      geometry: { type: "Point", coordinates: [-8.601234, 7.201234] },
    };
    // The result also carries the written decimals, hence toMatchObject.
    expect(parsePlotCoordinates(JSON.stringify(feature), "polygon")).toMatchObject({
      ok: true,
      positions: 0,
      geojson: feature,
    });
    expect(parsePlotCoordinates("{ type: Point", "polygon")).toEqual({
      ok: false,
      errors: ["The pasted GeoJSON is not valid JSON"],
    });
  });

  it("counts typed decimals as written: 7.123450 has six, no 7th decimal is invented (ADR 010 revisited)", () => {
    const r = parsePlotCoordinates("7.123450, -8.600000", "point");
    expect(r.ok && r.geojson).toEqual({ type: "Point", coordinates: [-8.6, 7.12345] });
    expect(r.ok && validatePlotGeometry(r.geojson, { decimals: r.decimals, declaredAreaHectares: 1 }).errors).toEqual(
      [],
    );
    expect(positionsToText([[-8.6, 7.12345]])).toBe("7.123450, -8.600000");
    const pasted = parsePlotCoordinates('{"type":"Point","coordinates":[-8.600000,7.123450]}', "polygon");
    expect(
      pasted.ok && validatePlotGeometry(pasted.geojson, { decimals: pasted.decimals, declaredAreaHectares: 1 }).errors,
    ).toEqual([]);
  });

  it("lets the validator reject 5 decimals by its rule name", () => {
    const r = parsePlotCoordinates("7.20123, -8.60123", "point");
    expect(r.ok).toBe(true);
    expect(
      r.ok &&
        validatePlotGeometry(r.geojson, { decimals: r.decimals, declaredAreaHectares: 1 }).errors.map((e) => e.rule),
    ).toEqual(["precision"]);
  });
});

describe("PlotFormSchema", () => {
  it("accepts a complete form and upper-cases the farmer ID", () => {
    const r = PlotFormSchema.safeParse({
      ...base,
      captureMode: "point",
      coordinates: "7.201234, -8.601234",
      tenureReference: "  ",
    });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ farmerId: "FRM100001", tenureReference: undefined });
  });

  it("gives one clear message per wrong field", () => {
    const r = PlotFormSchema.safeParse({
      ...base,
      farmerId: "F123",
      crop: "Tea",
      plantingYear: new Date().getUTCFullYear() + 1,
      tenureReference: "x".repeat(101),
      captureMode: "polygon",
      coordinates: "nonsense",
    });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({
      farmerId: "Enter the farmer ID as FRM followed by 6 digits, like FRM100001",
      crop: "Choose the crop grown on the plot",
      plantingYear: `Enter a planting year from 1950 to ${new Date().getUTCFullYear()}`,
      tenureReference: "The tenure or land document reference must be 100 characters or fewer",
      coordinates: 'Line 1 is not "latitude, longitude" (for example 7.201234, -8.601234): nonsense',
    });
  });

  it("refuses planting years before 1950 and an empty coordinates box", () => {
    const r = PlotFormSchema.safeParse({ ...base, plantingYear: 1949, captureMode: "polygon", coordinates: "  " });
    expect(r.error!.issues.map((i) => i.message)).toEqual([
      `Enter a planting year from 1950 to ${new Date().getUTCFullYear()}`,
      'Enter the plot\'s coordinates: one "latitude, longitude" per line, or paste GeoJSON',
    ]);
  });
});

describe("BoundaryEditFormSchema (a land inspector's new boundary)", () => {
  it("asks once for coordinates when the box is left empty, as on /create-land-plot", () => {
    const r = BoundaryEditFormSchema.safeParse({
      captureMode: "polygon",
      coordinates: "  ",
      baseVersion: "1",
      submissionId: base.submissionId,
    });
    expect(r.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["coordinates", 'Enter the plot\'s coordinates: one "latitude, longitude" per line, or paste GeoJSON'],
    ]);
  });
});

describe("PlotApiSchema and list query", () => {
  it("needs the geometry or a feature", () => {
    const r = PlotApiSchema.safeParse(base);
    expect(r.error!.issues[0]!.message).toBe(
      "Send the plot as `geometry` (GeoJSON Point or Polygon) or `feature` (GeoJSON Feature)",
    );
    expect(
      PlotApiSchema.safeParse({ ...base, geometry: { type: "Point", coordinates: [-8.601234, 7.201234] } }).success,
    ).toBe(true);
  });

  it("keeps known filters and a sane page, ignores the rest", () => {
    expect(
      readPlotQuery(new URLSearchParams("county=Nimba+County&crop=Cocoa&risk=not_assessed&validation=valid&page=3")),
    ).toEqual({
      filter: { county: "Nimba County", crop: "Cocoa", risk: "not_assessed", validation: "valid" },
      page: 3,
    });
    expect(readPlotQuery(new URLSearchParams("county=Atlantis&risk=maybe&page=-4"))).toEqual({
      filter: { county: undefined, crop: undefined, risk: undefined, validation: undefined },
      page: 1,
    });
  });
});
