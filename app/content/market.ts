/** Texts of /world-market-pricing and its staff page. */
export const MARKET_TEXT = {
  title: "World market pricing",
  intro:
    "World prices of Liberia's export crops, and the official farm-gate price the regulator's formula gives for each: what a farmer should be paid per kg. Compare it with what you were paid.",
  sampleBanner:
    "Sample data: the figures marked “sample” are made up for this demonstration. They are not real prices, rates or formulas.",
  sampleTag: "sample",
  noPrices: "No world prices are stored for this commodity yet.",
  rounding:
    "Each step is rounded to the cent, half up, so you can redo the sum with the figures shown and get the same result.",
  chartNote: "The table below the chart gives every figure.",
} as const;
