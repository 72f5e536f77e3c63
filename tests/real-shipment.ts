// The real shipment of the certificate tests, in both suites (tests/unit/real-shipment-fixtures.ts,
// tests/worker/certificates-fixtures.ts): its plots' shape and their assessments' evidence.

/** One layer's overlap with a plot, as an assessment stores it; a layer counts as present from 10% of the plot. */
export const layerEvidence =
  (idPrefix: string) => (kind: string, layerName: string, overlapHectares: number, overlapPercent: number) => ({
    layerId: `${idPrefix}-${kind}`,
    layerName,
    kind,
    version: "2025",
    source: "test",
    sourceDate: "2025-06-30",
    sample: false,
    overlapHectares,
    overlapPercent,
    present: overlapPercent >= 10,
  });

/** A square plot of side `d` degrees (≈100 m) from its south-west corner, closed, six decimals. */
export const squarePolygon = (lon: number, lat: number, d = 0.000903) => ({
  type: "Polygon",
  coordinates: [
    [
      [lon, lat],
      [+(lon + d).toFixed(6), lat],
      [+(lon + d).toFixed(6), +(lat + d).toFixed(6)],
      [lon, +(lat + d).toFixed(6)],
      [lon, lat],
    ],
  ],
});
