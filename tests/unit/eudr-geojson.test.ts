import { describe, expect, it } from "vitest";
import {
  buildEudrFeatureCollection,
  checkEudrGeoJson,
  type ExportPlot,
  eudrArea,
  formatCoordinate,
  MAX_PACKAGE_BYTES,
  packageCollection,
  serializeEudrGeoJson,
  splitPackages,
  toExportItems,
} from "#worker/domain/eudr-geojson";
import type { Position } from "#worker/domain/validate-geometry";

const sq = (lon: number, lat: number, d = 0.0015): Position[] => [
  [lon, lat],
  [lon + d, lat],
  [lon + d, lat + d],
  [lon, lat + d],
  [lon, lat],
];
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const ring = (lon: number, lat: number) => sq(lon, lat).map(([a, b]) => [round6(a), round6(b)] as Position);

const polygonPlot = (i: number, over: Partial<ExportPlot> = {}): ExportPlot => ({
  plotCode: `PLT-000${100 + i}-01`,
  producerKey: `FRM000${100 + i}`,
  producerName: `Farmer ${i} Kollie`,
  commodity: "Cocoa",
  community: "Karnplay",
  district: "Gbehlay-Geh",
  county: "Nimba County",
  areaHectares: 2.71234567,
  geometry: { type: "Polygon", coordinates: [ring(-8.601234 + i * 0.01, 7.201234)] },
  ...over,
});
const pointPlot: ExportPlot = {
  plotCode: "PLT-000200-01",
  producerKey: "FRM000200",
  producerName: "Musu Flomo",
  commodity: "Coffee",
  community: null,
  district: "Zorzor",
  county: "Lofa County",
  areaHectares: 1.5,
  // Trailing zeros that JSON.stringify would drop: 7.100000 must still be written with 6 decimals.
  geometry: { type: "Point", coordinates: [-9.4, 7.1] },
};

describe("the EUDR GeoJSON file (docs/eudr-rules.md, TRACES GeoJSON v1.3)", () => {
  const fc = buildEudrFeatureCollection([polygonPlot(1), pointPlot]);
  const text = serializeEudrGeoJson(fc);

  it("has one Feature per plot with exactly the four case-exact properties", () => {
    const parsed = JSON.parse(text);
    expect(parsed.type).toBe("FeatureCollection");
    expect(parsed.features).toHaveLength(2);
    for (const f of parsed.features)
      expect(Object.keys(f.properties).sort()).toEqual(["Area", "ProducerCountry", "ProducerName", "ProductionPlace"]);
    expect(parsed.features[0].properties).toEqual({
      ProducerName: "Farmer 1 Kollie",
      ProducerCountry: "LR",
      ProductionPlace: "Karnplay, Gbehlay-Geh, Nimba County",
      Area: 2.7123,
    });
    expect(parsed.features[1].properties).toEqual({
      ProducerName: "Musu Flomo",
      ProducerCountry: "LR",
      ProductionPlace: "Zorzor, Lofa County",
      Area: 1.5,
    });
  });

  it('Area is a JSON number (a quoted "3" reads as 0 in the EU system)', () => {
    expect(text).toContain('"Area":2.7123');
    expect(text).not.toMatch(/"Area":"/);
    expect(eudrArea(0.00001)).toBe(0.0001);
  });

  it("writes [lon, lat] with at least 6 decimals, even for round numbers", () => {
    expect(text).toContain('"coordinates":[-9.400000,7.100000]');
    expect(formatCoordinate(-8.6012345)).toBe("-8.6012345");
    expect(formatCoordinate(7.1)).toBe("7.100000");
    expect(text).toContain("[-8.591234,7.201234]");
    expect(checkEudrGeoJson(text)).toEqual({ ok: true, errors: [] });
  });

  it("a Point's coordinates are one array and its Area never exceeds 4 ha", () => {
    const big = buildEudrFeatureCollection([{ ...pointPlot, areaHectares: 6 }]);
    expect(big.features[0]!.properties.Area).toBe(4);
    const bad = JSON.parse(text);
    bad.features[1].properties.Area = 4.5;
    expect(checkEudrGeoJson(bad).errors).toContainEqual(expect.objectContaining({ feature: 2, rule: "point-area" }));
    bad.features[1].properties.Area = 3;
    bad.features[1].geometry.coordinates = [[-9.4, 7.1]];
    expect(checkEudrGeoJson(bad).errors).toContainEqual(
      expect.objectContaining({ feature: 2, rule: "point-coordinates" }),
    );
  });
});

describe("checkEudrGeoJson rejects what the EU information system rejects", () => {
  const good = () => JSON.parse(serializeEudrGeoJson(buildEudrFeatureCollection([polygonPlot(1)])));
  const rules = (value: unknown) => checkEudrGeoJson(value).errors.map((e) => e.rule);

  it("a LineString", () => {
    const fc = good();
    fc.features[0].geometry = {
      type: "LineString",
      coordinates: [
        [-8.601234, 7.201234],
        [-8.602234, 7.202234],
      ],
    };
    expect(rules(fc)).toContain("no-linestring");
  });

  it("holes", () => {
    const fc = good();
    fc.features[0].geometry.coordinates.push(
      ring(-8.6008, 7.2016)
        .map(([a, b]) => [a, b])
        .slice(0, 4)
        .concat([[-8.6008, 7.2016]]),
    );
    expect(rules(fc)).toContain("no-holes");
  });

  it("open rings and rings under 4 positions", () => {
    const open = good();
    open.features[0].geometry.coordinates[0].pop();
    expect(rules(open)).toContain("ring-closed");
    const short = good();
    short.features[0].geometry.coordinates[0] = [
      [-8.601234, 7.201234],
      [-8.600234, 7.201234],
      [-8.601234, 7.201234],
    ];
    expect(rules(short)).toContain("ring-min-positions");
  });

  it("[lat, lon] order", () => {
    const fc = good();
    fc.features[0].geometry.coordinates[0] = fc.features[0].geometry.coordinates[0].map(([a, b]: number[]) => [b, a]);
    expect(rules(fc)).toContain("axis-order");
  });

  it("fewer than 6 decimals as written", () => {
    const text = serializeEudrGeoJson(buildEudrFeatureCollection([polygonPlot(1)])).replace("-8.591234", "-8.59123");
    expect(rules(text)).toContain("precision");
  });

  it("vertices that coincide after rounding to 6 decimals, and self-intersections", () => {
    const dup = good();
    const [x, y] = dup.features[0].geometry.coordinates[0][0];
    dup.features[0].geometry.coordinates[0].splice(1, 0, [x + 1e-7, y + 1e-7]);
    expect(rules(dup)).toContain("duplicate-vertices");
    const bowtie = good();
    bowtie.features[0].geometry.coordinates[0] = [
      [-8.601234, 7.201234],
      [-8.599734, 7.202734],
      [-8.599734, 7.201234],
      [-8.601234, 7.202734],
      [-8.601234, 7.201234],
    ];
    expect(rules(bowtie)).toContain("self-intersection");
  });

  it("wrong property names, a quoted Area, another country, extra properties", () => {
    const fc = good();
    fc.features[0].properties = {
      producerName: "X",
      ProducerCountry: "LBR",
      ProductionPlace: "Nimba County",
      Area: "3",
      plotCode: "PLT-1",
    };
    expect(rules(fc)).toEqual(
      expect.arrayContaining(["property-name", "producer-name", "producer-country", "area-number"]),
    );
    expect(checkEudrGeoJson(fc).errors.map((e) => e.message)).toContain(
      'Feature 1: property "producerName" must be spelled "ProducerName" (names are case-sensitive)',
    );
    expect(checkEudrGeoJson(fc).errors.map((e) => e.message)).toContain('Feature 1: unexpected property "plotCode"');
  });
});

describe("splitPackages", () => {
  it("keeps at most 1,000 producers per commodity and per package", () => {
    const plots = Array.from({ length: 2001 }, (_, i) =>
      polygonPlot(i, { producerKey: `FRM${String(i).padStart(6, "0")}`, producerName: `Producer ${i}` }),
    );
    // The first producer has a second plot: it stays in the same package.
    plots.push(polygonPlot(0, { plotCode: "PLT-000000-02", producerKey: "FRM000000", producerName: "Producer 0" }));
    const packages = splitPackages(toExportItems(plots));
    expect(packages.map((p) => p.producers)).toEqual([1000, 1000, 1]);
    expect(packages.map((p) => p.features.length)).toEqual([1001, 1000, 1]);
    for (const p of packages)
      expect(checkEudrGeoJson(serializeEudrGeoJson(packageCollection(p)))).toEqual({ ok: true, errors: [] });
    expect(checkEudrGeoJson(serializeEudrGeoJson(buildEudrFeatureCollection(plots.slice(0, 1001))))).toMatchObject({
      ok: false,
      errors: [{ rule: "producers" }],
    });
  });

  it("separates commodities", () => {
    const packages = splitPackages(toExportItems([polygonPlot(1), pointPlot, polygonPlot(2)]));
    expect(packages.map((p) => [p.commodity, p.features.length])).toEqual([
      ["Cocoa", 2],
      ["Coffee", 1],
    ]);
  });

  it("splits by serialized size, each package within maxBytes", () => {
    const plots = Array.from({ length: 10 }, (_, i) => polygonPlot(i));
    const one = new TextEncoder().encode(serializeEudrGeoJson(buildEudrFeatureCollection([plots[0]!]))).length;
    const maxBytes = one * 3;
    const packages = splitPackages(toExportItems(plots), { maxBytes });
    expect(packages.length).toBeGreaterThan(3);
    expect(packages.flatMap((p) => p.features)).toHaveLength(10);
    for (const p of packages) {
      const text = serializeEudrGeoJson(packageCollection(p));
      expect(new TextEncoder().encode(text).length).toBe(p.bytes);
      expect(p.bytes).toBeLessThanOrEqual(maxBytes);
      expect(checkEudrGeoJson(text, { maxBytes })).toEqual({ ok: true, errors: [] });
    }
    expect(() => splitPackages(toExportItems(plots), { maxBytes: 100 })).toThrow(
      "Plot PLT-000100-01 alone is larger than the package limit of 100 bytes",
    );
    expect(MAX_PACKAGE_BYTES).toBe(25 * 1024 * 1024);
  });
});
