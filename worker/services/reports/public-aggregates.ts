import type { Database } from "#db/client";
import { activeFarmersByCounty } from "#db/queries/users";

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

export async function publicAggregates(db: Database): Promise<PublicAggregates> {
  const results = await activeFarmersByCounty(db);
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
