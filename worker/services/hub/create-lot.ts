/**
 * List a lot in the sellers hub (docs/sellers-hub.md).
 * - A buyer lists a batch they hold (batches.holder_id), whole, while it can still move on (not
 *   rejected, split, merged, exported or held at the port); one open lot per batch.
 * - A farmer lists the expected harvest of named plots of their own that are eligible (valid,
 *   low risk, not retired) and grow the commodity, capped by what the plots can still yield in
 *   this crop year: volume plausibility minus what was already bought from them and what other
 *   open lots already offer from them. Above it the listing is refused with the figures.
 * The lot, its plots and the audit row are written in one transaction. Idempotent by submissionId.
 */
import { batchByCode, cropYieldOverride, farmerIdsOfUser, plotsByCode, purchasedFromPlots } from "#db/queries/batches";
import {
  insertLotPlotsStatement,
  insertLotStatement,
  type LotRow,
  loginIdOf,
  lotBySubmission,
  openHarvestListedOn,
  openLotOfBatch,
} from "#db/queries/market-hub";
import type { NewLotInput } from "#worker/contracts/market-hub";
import { evaluateBatchCompliance, isEligiblePlot } from "#worker/domain/batch-compliance";
import { harvestCapRefusal, LOT_SOURCE_OF } from "#worker/domain/market-hub";
import { cropYearOf, yieldFor } from "#worker/domain/volume-plausibility";
import { formatKg } from "#worker/domain/weight";
import type { ServiceDeps } from "../deps";
import { holdRefusal } from "../inspections/holds";
import { requireLicence } from "../licensing/require-licence";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";

type Deps = Pick<ServiceDeps, "db" | "actor"> & Partial<Pick<ServiceDeps, "now">>;

const MOVING_ON = ["purchased", "warehouse_received", "warehouse_inspected", "port_inspected"];

export async function createLot(input: NewLotInput, deps: Deps): Promise<Result<{ lot: LotRow }>> {
  const { db, actor } = deps;
  const now = (deps.now ?? (() => new Date()))();
  const source = LOT_SOURCE_OF[actor.role];
  if (!source) return fail(403, "Only farmers and buyers (cooperatives) list lots in the sellers hub");
  if (input.source !== source) {
    return fail(
      400,
      "The lot cannot be listed",
      source === "harvest"
        ? { source: ["A farmer lists the expected harvest of their own plots"] }
        : { source: ["A buyer lists stock of a batch they hold"] },
    );
  }
  if (input.submissionId) {
    const earlier = await lotBySubmission(db, input.submissionId);
    if (earlier) {
      return earlier.sellerId === actor.id
        ? ok({ lot: earlier })
        : fail(409, "This submission id was already used: reload the page and try again");
    }
  }

  const base = {
    id: crypto.randomUUID(),
    sellerId: actor.id,
    sellerRole: actor.role,
    askingMinorPerKg: input.askingMinorPerKg,
    currency: input.currency,
    status: "open",
    heldReason: null,
    submissionId: input.submissionId ?? null,
    createdAt: now.toISOString(),
  };

  if (source === "batch") {
    const code = input.batchCode ?? "";
    const batch = await batchByCode(db, code);
    // Someone else's batch answers as an unknown one.
    if (!batch || batch.holderId !== actor.id)
      return fail(400, "The lot cannot be listed", { batchCode: [`You hold no batch with code ${code}`] });
    const unlicensed = await requireLicence(db, actor, "listing", batch.commodity, now);
    if (unlicensed) return unlicensed;
    if (!MOVING_ON.includes(batch.status))
      return fail(409, `Batch ${batch.batchCode} is ${batch.status.replace("_", " ")}: it cannot be sold`);
    const held = await holdRefusal(db, batch);
    if (held) return held;
    if (await openLotOfBatch(db, batch.id))
      return fail(409, `Batch ${batch.batchCode} is already listed in an open lot`);
    if (input.quantityG !== batch.weightG) {
      return fail(400, "The lot cannot be listed", {
        quantityKg: [
          `A batch is sold whole: list its recorded weight (${formatKg(batch.weightG)}), or split the batch first`,
        ],
      });
    }
    const lot: LotRow = {
      ...base,
      source: "batch",
      batchId: batch.id,
      commodity: batch.commodity,
      grade: batch.grade,
      county: batch.county,
      quantityG: batch.weightG,
      remainingG: batch.weightG,
      season: null,
    };
    await db.batch([
      insertLotStatement(db, lot),
      auditEntry(db, actor, "lot.create", "lot", lot.id, null, { ...lot, batchCode: batch.batchCode }),
    ]);
    return ok({ lot });
  }

  // Expected harvest of the farmer's own plots.
  const commodity = input.commodity!;
  const codes = input.plotCodes ?? [];
  const [mine, plots] = await Promise.all([
    loginIdOf(db, actor.id).then((loginId) => farmerIdsOfUser(db, actor.id, loginId)),
    plotsByCode(db, codes),
  ]);
  const problems: string[] = [];
  for (const code of codes) {
    const p = plots.find((x) => x.plotCode === code);
    // Another farmer's plot answers as an unknown one.
    if (!p || !mine.includes(p.farmerId)) problems.push(`${code} is not one of your plots`);
    else if ((p.crop ?? "").toLowerCase() !== commodity.toLowerCase())
      problems.push(`${code} grows ${p.crop ?? "no recorded crop"}, not ${commodity}`);
    else if (!isEligiblePlot(p))
      problems.push(
        p.status === "retired"
          ? `${code} is retired`
          : `${code} is not EUDR-eligible (${evaluateBatchCompliance([p]).reason.replace(/^[^:]*: /, "")})`,
      );
  }
  if (problems.length) return fail(400, "The lot cannot be listed", { plotCodes: problems });

  const season = cropYearOf(now.toISOString().slice(0, 10));
  const plotIds = plots.map((p) => p.id);
  const [override, purchased, listedG] = await Promise.all([
    cropYieldOverride(db, commodity),
    purchasedFromPlots(db, plotIds, season.from, season.to),
    openHarvestListedOn(db, plotIds),
  ]);
  const gramsPerHectare = yieldFor(commodity, override === null ? {} : { [commodity]: override });
  if (!gramsPerHectare) return fail(409, `No yield per hectare is configured for ${commodity}: it cannot be listed`);
  const totalHectares = plots.reduce((s, p) => s + p.areaHectares, 0);
  const capacityG = Math.round(totalHectares * gramsPerHectare);
  const purchasedG = [...purchased.values()].reduce((s, g) => s + g, 0);
  const refusal = harvestCapRefusal({
    quantityG: input.quantityG,
    capacityG,
    purchasedG,
    listedG,
    season: season.label,
    totalHectares,
    gramsPerHectare,
  });
  if (refusal) return fail(400, "The lot cannot be listed", { quantityKg: [refusal] });

  const counties = [...new Set(plots.map((p) => p.county).filter((c): c is string => !!c))].sort();
  const lot: LotRow = {
    ...base,
    source: "harvest",
    batchId: null,
    commodity,
    grade: null,
    county: counties.join(", ") || null,
    quantityG: input.quantityG,
    remainingG: input.quantityG,
    season: season.label,
  };
  await db.batch([
    insertLotStatement(db, lot),
    insertLotPlotsStatement(db, lot.id, plotIds),
    auditEntry(db, actor, "lot.create", "lot", lot.id, null, { ...lot, plotCodes: plots.map((p) => p.plotCode) }),
  ]);
  return ok({ lot });
}
