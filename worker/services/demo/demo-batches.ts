/**
 * The demo batches (demo mode only, ADR 007): what each one goes through, step by step, with the
 * role that records each step.
 */
import type { z } from "zod";
import type { TransferInput, TransferSchema } from "#worker/contracts/batches";
import type { InspectionSchema } from "#worker/contracts/inspections";
import type { BatchActor } from "../batches/batch-common";
import { ACT } from "./demo-farmers";

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
