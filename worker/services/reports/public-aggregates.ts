/**
 * National figures for the public oversight view: counts only, never a name, ID, phone or plot.
 * Counties with fewer than 5 farmers are grouped so no small group can be singled out.
 */
export type PublicAggregates = {
  registeredFarmers: number;
  countiesCovered: number;
  farmersByCounty: { county: string; farmers: number }[];
  generatedAt: string;
};

export const MIN_GROUP_SIZE = 5;

export async function publicAggregates(db: D1Database): Promise<PublicAggregates> {
  const { results } = await db
    .prepare(
      "SELECT county, COUNT(*) AS farmers FROM users WHERE role = 'farmer' AND active = 1 AND is_demo = 0 GROUP BY county ORDER BY county",
    )
    .all<{ county: string | null; farmers: number }>();
  let other = 0;
  const byCounty: { county: string; farmers: number }[] = [];
  for (const row of results) {
    if (!row.county || row.farmers < MIN_GROUP_SIZE) other += row.farmers;
    else byCounty.push({ county: row.county, farmers: row.farmers });
  }
  if (other) byCounty.push({ county: "Other counties (groups under 5)", farmers: other });
  return {
    registeredFarmers: results.reduce((n, r) => n + r.farmers, 0),
    countiesCovered: results.filter((r) => r.county).length,
    farmersByCounty: byCounty,
    generatedAt: new Date().toISOString(),
  };
}
