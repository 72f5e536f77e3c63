/**
 * The demo batches (demo mode only, ADR 007): what each one goes through, step by step, with the
 * role that records each step.
 */
import type { z } from "zod";
import type { Database } from "#db/client";
import { type BatchRow, batchesByCode, custodyOf, type PlotForBatch } from "#db/queries/batches";
import { batchesOfPlot } from "#db/queries/land-plots";
import { DdsSchema, PurchaseSchema, type TransferInput, TransferSchema } from "#worker/contracts/batches";
import { InspectionSchema } from "#worker/contracts/inspections";
import { CHAIN } from "#worker/domain/custody";
import type { BatchActor } from "../batches/batch-common";
import { certifyBatch } from "../batches/certify-batch";
import { createBatch } from "../batches/create-batch";
import { recordDds } from "../batches/record-dds";
import { transferBatch } from "../batches/transfer-batch";
import { dispatchBatch } from "../inspections/dispatch-batch";
import { inspectBatch } from "../inspections/inspect-batch";
import { ACT, DEMO_NOTE } from "./demo-farmers";

// ── The batches ───────────────────────────────────────────────────────────────────────────

export type Step = {
  toStatus: TransferInput["toStatus"];
  actor: BatchActor;
  daysAgo: number;
  input: Omit<z.input<typeof TransferSchema>, "toStatus">;
};
export type Plan = {
  /** Measured at warehouse inspection (the grade is computed from them, never typed). */
  inspection?: z.input<typeof InspectionSchema>;
  purchase: {
    weightKg: number;
    grade: string;
    harvestDaysAgo: number;
    daysAgo: number;
    location: string;
    latitude: number;
    longitude: number;
  };
  steps: Step[];
  dds?: { ddsReference: string; ddsVerification: string };
};

export const GANTA = { latitude: 7.235112, longitude: -8.981247 };
export const FREEPORT = { latitude: 6.348121, longitude: -10.803417 };

/** Batch 1: FRM000001's cocoa, bought, stored, graded, certified, shipped, DDS recorded. */
export const EXPORTED: Plan = {
  purchase: {
    weightKg: 1250,
    grade: "A",
    harvestDaysAgo: 28,
    daysAgo: 21,
    location: "Sanniquellie buying point",
    latitude: 7.364117,
    longitude: -8.712341,
  },
  steps: [
    {
      toStatus: "warehouse_received",
      actor: ACT.warehouse,
      daysAgo: 19,
      input: { weightOutKg: 1246, location: "Ganta cocoa warehouse", ...GANTA },
    },
    {
      toStatus: "warehouse_inspected",
      actor: ACT.warehouse,
      daysAgo: 18,
      input: {
        weightOutKg: 1240,
        grade: "A",
        location: "Ganta cocoa warehouse",
        ...GANTA,
        note: "Cut test: 2% slaty, 1% mouldy; moisture 7%",
      },
    },
    {
      toStatus: "port_inspected",
      actor: ACT.port,
      daysAgo: 9,
      input: { weightOutKg: 1238, grade: "A", location: "Freeport of Monrovia", ...FREEPORT },
    },
    {
      toStatus: "exported",
      actor: ACT.exporter,
      daysAgo: 7,
      input: {
        weightOutKg: 1238,
        location: "Freeport of Monrovia",
        ...FREEPORT,
        note: "Container DEMU 000001-0 (sample)",
      },
    },
  ],
  dds: { ddsReference: "DEMO-DDS-000001", ddsVerification: "DEMO0001" },
};

/** Batch 2: a Nimba farmer's cocoa, bought and received at the warehouse (work in progress). */
export const IN_PROGRESS: Plan = {
  purchase: {
    weightKg: 640,
    grade: "B",
    harvestDaysAgo: 9,
    daysAgo: 5,
    location: "Gbedin buying point",
    latitude: 7.214123,
    longitude: -8.621347,
  },
  steps: [
    {
      toStatus: "warehouse_received",
      actor: ACT.warehouse,
      daysAgo: 3,
      input: { weightOutKg: 636, location: "Ganta cocoa warehouse", ...GANTA },
    },
  ],
};

/**
 * Batch 3: a Nimba farmer's cocoa, bought, sent to the warehouse, measured and graded there, now
 * waiting at the port (the port inspector's queue has something real to show).
 */
export const AT_PORT: Plan = {
  purchase: {
    weightKg: 812.5,
    grade: "B",
    harvestDaysAgo: 14,
    daysAgo: 10,
    location: "Saclepea buying point",
    latitude: 6.982143,
    longitude: -8.845127,
  },
  steps: [
    {
      toStatus: "warehouse_received",
      actor: ACT.warehouse,
      daysAgo: 8,
      input: { weightOutKg: 810.25, location: "Ganta cocoa warehouse", ...GANTA },
    },
  ],
  inspection: {
    moisturePercent: 7.2,
    beanCountPer100g: 98,
    mouldyPercent: 1.5,
    slatyPercent: 3,
    defectivePercent: 1.2,
    foreignMatterPercent: 0.4,
    smokyBeans: "no",
    location: "Ganta cocoa warehouse",
    note: "Demo data: cut test of 300 beans (sample, not a real inspection)",
  },
};

// ── The seeding ───────────────────────────────────────────────────────────────────────────

// ── Following a batch through its plan ───────────────────────────────────────────────────

export type FollowContext = {
  db: Database;
  ago: (days: number) => () => Date;
  created: { batches: number; custodySteps: number; complianceDecisions: number; ddsRecords: number };
  problems: string[];
  label: string;
};

/** The demo batch bought from `plot` (found by its purchase note), or null. */
async function findDemoBatch(db: Database, plot: PlotForBatch): Promise<BatchRow | null> {
  const codes = (await batchesOfPlot(db, plot.id)).map((b) => b.batchCode);
  const candidates = (await batchesByCode(db, codes)).filter((b) => b.createdBy === ACT.buyer.id && !b.derivedBy);
  if (!candidates.length) return null;
  const events = await custodyOf(
    db,
    candidates.map((b) => b.id),
  );
  const demoIds = new Set(
    events.filter((e) => e.toStatus === "purchased" && e.note?.startsWith(DEMO_NOTE)).map((e) => e.batchId),
  );
  return candidates.find((b) => demoIds.has(b.id)) ?? null;
}

/**
 * Buys a demo batch (unless bought already) and records each custody step it has not passed
 * yet, then the compliance decision and the DDS numbers where the plan has them.
 */
export async function followBatch(
  farmerId: string,
  plot: PlotForBatch,
  plan: Plan,
  ctx: FollowContext,
): Promise<BatchRow | null> {
  const { db, ago, created, problems, label } = ctx;
  let batch = await findDemoBatch(db, plot);
  if (!batch) {
    const { weightKg, grade, harvestDaysAgo, daysAgo, location, latitude, longitude } = plan.purchase;
    const input = PurchaseSchema.parse({
      farmerIds: [farmerId],
      plotCodes: [plot.plotCode],
      commodity: plot.crop,
      weightKg,
      grade,
      harvestDate: ago(harvestDaysAgo)().toISOString().slice(0, 10),
      location,
      latitude,
      longitude,
      note: `${DEMO_NOTE}: ${weightKg.toLocaleString("en-US")} kg of dried ${plot.crop?.toLowerCase()} beans`,
    });
    const bought = await createBatch(input, { db, actor: ACT.buyer, now: ago(daysAgo) });
    if (!bought.ok) {
      problems.push(`The ${label} was not bought: ${bought.message}`);
      return null;
    }
    created.batches++;
    batch = (await batchesByCode(db, [bought.value.batch.batchCode]))[0]!;
  }
  for (const step of plan.steps) {
    if (CHAIN.indexOf(batch.status as (typeof CHAIN)[number]) >= CHAIN.indexOf(step.toStatus)) continue;
    if (step.toStatus === "warehouse_received" && batch.status === "purchased") {
      // The buyer sends the batch to the demo warehouse first: it then sits in that inspector's queue.
      const sent = await dispatchBatch(
        batch.batchCode,
        { warehouseInspectorId: ACT.warehouse.id, warehouse: "Ganta cocoa warehouse", note: undefined },
        { db, actor: ACT.buyer, now: ago(step.daysAgo + 1) },
      );
      if (!sent.ok) problems.push(`The ${label} ${batch.batchCode} was not sent to the warehouse: ${sent.message}`);
    }
    if (step.toStatus === "exported" && batch.complianceStatus !== "compliant") {
      // The port inspector's last check before export (PERMISSIONS.certifyBatches).
      const certified = await certifyBatch(batch.batchCode, "mark_compliant", { db, actor: ACT.port });
      if (!certified.ok) {
        problems.push(`The ${label} ${batch.batchCode} could not be marked EUDR-compliant: ${certified.message}`);
        return batch;
      }
      if (certified.value.changed) created.complianceDecisions++;
      batch = certified.value.batch;
    }
    const input = TransferSchema.parse({ toStatus: step.toStatus, ...step.input });
    const moved = await transferBatch(batch.batchCode, input, { db, actor: step.actor, now: ago(step.daysAgo) });
    if (!moved.ok) {
      problems.push(`The ${label} ${batch.batchCode} could not pass ${step.toStatus}: ${moved.message}`);
      return batch;
    }
    created.custodySteps++;
    batch = moved.value.batch;
  }
  if (plan.inspection && batch.status === "warehouse_received") {
    const inspected = await inspectBatch(batch.batchCode, InspectionSchema.parse(plan.inspection), {
      db,
      actor: ACT.warehouse,
      now: ago(6),
    });
    if (!inspected.ok) problems.push(`The ${label} ${batch.batchCode} was not inspected: ${inspected.message}`);
    else batch = inspected.value.batch;
  }
  if (plan.dds && batch.status === "exported" && !batch.ddsReference) {
    const recorded = await recordDds(batch.batchCode, DdsSchema.parse(plan.dds), { db, actor: ACT.exporter });
    if (!recorded.ok) problems.push(`The DDS numbers of ${batch.batchCode} were not recorded: ${recorded.message}`);
    else {
      created.ddsRecords++;
      batch = recorded.value.batch;
    }
  }
  return batch;
}
