/**
 * The registry's reads of farmers for /api/farmers: a search (name or ID, county, crop, paged), one
 * farmer's record and their photo. A farmer is named as typed (any accepted spelling, e.g.
 * frm100001); a refusal repeats what was typed.
 */
import type { Database } from "#db/client";
import { findFarmer, searchFarmers } from "#db/queries/farmers";
import { type FarmerSearch, searchFilter } from "#worker/contracts/farmer";
import { normaliseFarmerId } from "#worker/domain/farmer-id";
import { fail, ok, type Result } from "../result";
import { farmerSummary, farmerView } from "./farmer-view";

/** One page of farmers matching the search, as summaries, and the total. */
export async function searchRegistry(search: FarmerSearch, deps: { db: Database }) {
  const { rows, total } = await searchFarmers(deps.db, searchFilter(search), search.page, search.pageSize);
  return { farmers: rows.map(farmerSummary), total };
}

async function farmerNamed(typed: string, db: Database) {
  const farmerId = normaliseFarmerId(typed);
  const found = farmerId ? await findFarmer(db, farmerId) : null;
  return found ? ok(found.farmer) : fail(404, `No farmer with ID ${typed}`);
}

/** A farmer's record. */
export async function readFarmer(typed: string, deps: { db: Database }) {
  const found = await farmerNamed(typed, deps.db);
  return found.ok ? ok({ farmer: farmerView(found.value) }) : found;
}

/** A farmer's photo, as stored (metadata removed when it was registered). */
export async function farmerPhoto(
  typed: string,
  deps: { db: Database; r2: Pick<R2Bucket, "get"> },
): Promise<Result<{ farmerId: string; object: R2ObjectBody }>> {
  const found = await farmerNamed(typed, deps.db);
  if (!found.ok) return found;
  const { farmerId, photoKey } = found.value;
  const object = photoKey ? await deps.r2.get(photoKey) : null;
  if (!object) return fail(404, `Farmer ${farmerId} has no photo`);
  return ok({ farmerId, object });
}
