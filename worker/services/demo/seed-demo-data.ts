import type { Database } from "#db/client";
import { type BatchRow, batchesByCode, type PlotForBatch } from "#db/queries/batches";
import { existingImportKeys } from "#db/queries/bulk-import";
import { findFarmer, setFarmerUserStatement } from "#db/queries/farmers";
import { plotsOfFarmer } from "#db/queries/land-plots";
import { findUserById } from "#db/queries/users";
import { FarmerSchema } from "#worker/contracts/farmer";
import { assessPlots } from "../eudr/assess-plots";
import { auditEntry } from "../platform/audit";
import { registerPlot } from "../plots/register-plot";
import { continueImport, startImport } from "../registry/bulk-import";
import { prepareFarmer } from "../registry/register-farmer";
import { AT_PORT, EXPORTED, followBatch, IN_PROGRESS } from "./demo-batches";
import { seedDemoExporterDesk } from "./demo-exporter-desk";
import {
  ACT,
  CSV_FILE_NAME,
  DEMO_FARMER_ID,
  DEMO_FARMER_USER,
  DEMO_FARMERS,
  demoImportCsv,
  MUSU,
} from "./demo-farmers";
import { seedDemoLicences, seedDemoLicensing } from "./demo-licensing";
import { seedDemoMarket } from "./demo-market";
import { seedDemoOffice } from "./demo-office";
import { seedSamplePrices } from "./demo-prices";
import { installSampleLayers } from "./sample-layers";

export type SeedDemoDataDeps = {
  db: Database;
  /** The CERTS bucket: sample layer files and the import file are kept there. */
  r2: R2Bucket;
  now?: () => Date;
};

export type DemoVerdictCounts = { low: number; high: number; more_information_needed: number; not_assessed: number };

export type SeedDemoDataResult =
  | {
      ok: true;
      /** Nothing was created: the demo data was already there. */
      alreadyPresent: boolean;
      /** One line for people: "13 farmers, 13 plots (8 low, …), 2 batches" or "already present (…)". */
      message: string;
      demo: {
        farmers: number;
        plots: number;
        verdicts: DemoVerdictCounts;
        batches: { batchCode: string; status: string; complianceStatus: string; ddsReference: string | null }[];
      };
      /** What this call created. */
      created: {
        layers: number;
        farmers: number;
        plots: number;
        assessments: number;
        batches: number;
        custodySteps: number;
        complianceDecisions: number;
        ddsRecords: number;
        licences: number;
        permits: number;
        payments: number;
        orders: number;
        allocations: number;
        lots: number;
        offers: number;
        threads: number;
      };
      /** Things that did not work out (the rest was still seeded). */
      problems: string[];
    }
  | { ok: false; status: 409; message: string };

const day = 24 * 60 * 60 * 1000;

/**
 * Seeds the demo traceability data through the platform's services (see the module comment).
 * Needs the demo accounts (scripts/seed-local.mjs): they are the people who act.
 */
export async function seedDemoData(deps: SeedDemoDataDeps): Promise<SeedDemoDataResult> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const ago = (days: number) => () => new Date(now.getTime() - days * day);
  const created = {
    layers: 0,
    farmers: 0,
    plots: 0,
    assessments: 0,
    batches: 0,
    custodySteps: 0,
    complianceDecisions: 0,
    ddsRecords: 0,
    licences: 0,
    permits: 0,
    payments: 0,
    orders: 0,
    allocations: 0,
    lots: 0,
    offers: 0,
    threads: 0,
  };
  const problems: string[] = [];

  const needed = [...Object.values(ACT).map((a) => a.id), DEMO_FARMER_USER];
  const users = await Promise.all(needed.map((id) => findUserById(db, id)));
  const missing = needed.filter((_, i) => !users[i]);
  if (missing.length) {
    return {
      ok: false,
      status: 409,
      message: `The demo accounts are missing (${missing.join(", ")}): seed them first (scripts/seed-local.mjs)`,
    };
  }

  // 1. The SAMPLE reference layers (idempotent by kind and name).
  created.layers = (await installSampleLayers({ db, r2: deps.r2, actor: ACT.office })).installed.length;

  // 2a. Twelve farmers and their plots through the bulk import, unless all are registered.
  const nationalIds = DEMO_FARMERS.map((f) => f.nationalId);
  let registered = await demoFarmerIds(db, nationalIds);
  if (
    registered.size < DEMO_FARMERS.length ||
    (await firstPlots(db, [...registered.values()])).size < DEMO_FARMERS.length
  ) {
    const bytes = new TextEncoder().encode(demoImportCsv()).buffer as ArrayBuffer;
    const files = deps.r2;
    const importDeps = { db, files, actor: ACT.office, now: () => now };
    let run = await startImport({ fileName: CSV_FILE_NAME, bytes }, importDeps);
    for (let i = 0; run.status === "running" && i < 20; i++)
      run = (await continueImport(run.id, importDeps, 20_000)) ?? run;
    const errors = JSON.parse(run.errors) as { line: number; reason: string }[];
    if (run.status !== "done" || errors.length) {
      problems.push(
        `Demo import ${run.status}: ${errors.map((e) => `line ${e.line}: ${e.reason}`).join("; ") || "not finished"}`,
      );
    }
    const before = registered.size;
    registered = await demoFarmerIds(db, nationalIds);
    created.farmers += registered.size - before;
    created.plots += run.stored;
  }

  // 2b. FRM000001's registry row, linked to the demo farmer account, with its audit rows.
  if (!(await findFarmer(db, DEMO_FARMER_ID))) {
    const fields = FarmerSchema.parse(MUSU.fields);
    const { statements } = prepareFarmer(fields, {
      db,
      actor: ACT.office,
      farmerId: DEMO_FARMER_ID,
      id: crypto.randomUUID(),
      registrationDate: now.toISOString().slice(0, 10),
      importKey: MUSU.importKey,
    });
    await db.batch([
      ...statements,
      setFarmerUserStatement(db, DEMO_FARMER_ID, DEMO_FARMER_USER),
      auditEntry(
        db,
        ACT.office,
        "farmer.link_login",
        "farmer",
        DEMO_FARMER_ID,
        { userId: null },
        { userId: DEMO_FARMER_USER, loginId: DEMO_FARMER_ID },
      ),
    ]);
    created.farmers++;
  }
  const musuPlot = await registerPlot({ farmerId: DEMO_FARMER_ID, ...MUSU.plot }, { db, actor: ACT.office });
  if (!musuPlot.ok) {
    problems.push(
      `Plot of ${DEMO_FARMER_ID} not stored: ${Array.isArray(musuPlot.errors) ? musuPlot.errors.map((e) => e.message).join("; ") : musuPlot.message}`,
    );
  } else if (musuPlot.value.created) created.plots++;

  // 3. A verdict for every demo plot not assessed yet (a re-run must not add assessments).
  const farmerIds = [...(musuPlot.ok ? [DEMO_FARMER_ID] : []), ...registered.values()];
  let plots = await firstPlots(db, farmerIds);
  const toAssess = [...plots.values()].filter((p) => !p.riskLevel).map((p) => p.id);
  if (toAssess.length) {
    const { results } = await assessPlots(toAssess, { db, actor: ACT.office, now: () => now });
    created.assessments = results.length;
    plots = await firstPlots(db, farmerIds);
  }

  // 4a. Licences first: every purchase, custody step and order needs a valid one (ADR 029).
  const licences = await seedDemoLicences({ db, now }, problems);

  // 4. The batches: one exported with its DDS, one waiting at the warehouse, one graded and
  //    waiting at the port (the first low-risk cocoa plot of another registered farmer).
  const demoBatches: BatchRow[] = [];
  let atPortBatchCode: string | null = null;
  const yassah = registered.get(DEMO_FARMERS[0]!.nationalId);
  const atPortFarmer = [...registered.values()].find(
    (id) => id !== yassah && plots.get(id)?.crop === "Cocoa" && plots.get(id)?.riskLevel === "low",
  );
  for (const [farmerId, plan, label] of [
    [DEMO_FARMER_ID, EXPORTED, "exported demo batch"],
    [yassah, IN_PROGRESS, "demo batch at the warehouse"],
    [atPortFarmer, AT_PORT, "demo batch at the port"],
  ] as const) {
    const plot = farmerId ? plots.get(farmerId) : undefined;
    if (!farmerId || !plot) {
      problems.push(`The ${label} was not created: its origin plot is missing`);
      continue;
    }
    const batch = await followBatch(farmerId, plot, plan, { db, ago, created, problems, label });
    if (batch) demoBatches.push(batch);
    if (batch && plan === AT_PORT) atPortBatchCode = batch.batchCode;
  }

  // 5. The SAMPLE world prices, rates and farm-gate formulas, labelled "sample" wherever shown.
  const samplePrices = await seedSamplePrices({ db, now });
  problems.push(...samplePrices.problems);
  // 6. One export permit, after the batches it refers to.
  const inProgress = demoBatches.find((b) => b.status !== "exported")?.batchCode ?? null;
  const licensing = await seedDemoLicensing({ db, now }, inProgress, problems, licences.licences > 0);
  created.licences = licences.licences;
  created.permits = licensing.permits;
  created.payments = licences.payments;
  // 7. The exporter's desk: an inspection request and a payment for purchased stock.
  await seedDemoExporterDesk({ db, now }, problems);
  // 8. The market: an order with an allocated batch, a sellers-hub lot with an offer, messages.
  const hubFarmerId = [...registered.values()].find(
    (id) =>
      id !== yassah && id !== atPortFarmer && plots.get(id)?.crop === "Cocoa" && plots.get(id)?.riskLevel === "low",
  );
  const hubPlot = hubFarmerId ? plots.get(hubFarmerId) : undefined;
  const market = await seedDemoMarket(
    { db, r2: deps.r2, now },
    { atPortBatchCode, hubFarmer: hubFarmerId && hubPlot ? { farmerId: hubFarmerId, plot: hubPlot } : null },
    problems,
  );
  Object.assign(created, market);
  // The summary shows each demo batch as it is now (the market step certifies the one at the port).
  const current = new Map(
    (
      await batchesByCode(
        db,
        demoBatches.map((b) => b.batchCode),
      )
    ).map((b) => [b.batchCode, b]),
  );
  const shown = demoBatches.map((b) => current.get(b.batchCode) ?? b);
  // 9. The office's document register: letters, a licence file and a report in several states.
  await seedDemoOffice({ db, now }, problems);

  // The summary: what the demo data holds now.
  const verdicts: DemoVerdictCounts = { low: 0, high: 0, more_information_needed: 0, not_assessed: 0 };
  for (const p of plots.values()) {
    const v = p.riskLevel as keyof DemoVerdictCounts | null;
    if (v && v in verdicts) verdicts[v]++;
    else verdicts.not_assessed++;
  }
  const farmers = registered.size + ((await findFarmer(db, DEMO_FARMER_ID)) ? 1 : 0);
  const alreadyPresent = Object.values(created).every((n) => n === 0);
  const counts =
    `${farmers} farmers, ${plots.size} plots (${verdicts.low} low, ${verdicts.high} high, ${verdicts.more_information_needed} more information needed` +
    `${verdicts.not_assessed ? `, ${verdicts.not_assessed} not assessed` : ""}), ${demoBatches.length} batches`;
  return {
    ok: true,
    alreadyPresent,
    message: alreadyPresent ? `already present (${counts})` : counts,
    demo: {
      farmers,
      plots: plots.size,
      verdicts,
      batches: shown.map((b) => ({
        batchCode: b.batchCode,
        status: b.status,
        complianceStatus: b.complianceStatus,
        ddsReference: b.ddsReference,
      })),
    },
    created,
    problems,
  };
}

/** Demo farmers found by national ID: national ID → farmer ID. */
async function demoFarmerIds(db: Database, nationalIds: string[]): Promise<Map<string, string>> {
  const known = await existingImportKeys(db, { farmerKeys: [], nationalIds, plotKeys: [] });
  const out = new Map<string, string>();
  for (const nid of nationalIds) {
    const farmerId = known.farmerOf("", nid);
    if (farmerId) out.set(nid, farmerId);
  }
  return out;
}

/** Each farmer's first plot (the one the demo gave them; people may add more while trying it). */
async function firstPlots(db: Database, farmerIds: string[]): Promise<Map<string, PlotForBatch>> {
  const out = new Map<string, PlotForBatch>();
  const lists = await Promise.all(farmerIds.map((id) => plotsOfFarmer(db, id, 1)));
  farmerIds.forEach((id, i) => {
    const first = lists[i]![0];
    if (first) out.set(id, first);
  });
  return out;
}
