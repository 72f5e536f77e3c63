/**
 * Demo traceability data (demo mode only, ADR 007): a small registry and a batch followed from
 * purchase to export, so every page of a fresh `npm start` shows something real. Everything goes
 * through the platform's own services — bulk import, farmer and plot registration, risk
 * assessment, purchase, custody transfers, compliance, DDS — so the data obeys every rule (EUDR
 * geometry checks, double claims, custody order, weights, volume plausibility) and every change
 * has its audit row. Nothing here writes SQL.
 *
 * It is labelled as sample wherever a person reads it: national IDs "LRDEMO…", tenure references
 * "DEMO-…", the "SAMPLE" reference layers its verdicts cite, "Demo data (sample)" custody notes
 * and "DEMO-" DDS numbers. Production runs with demo mode off and has none of it.
 *
 * Idempotent: each step first looks for what it would create, so a second run creates nothing
 * (and a run that stopped half-way is completed by the next one).
 */
import Papa from "papaparse";
import type { z } from "zod";
import type { Database } from "#db/client";
import { type BatchRow, batchesByCode, custodyOf, type PlotForBatch, plotsOfFarmer } from "#db/queries/batches";
import { existingImportKeys } from "#db/queries/bulk-import";
import { findFarmer, setFarmerUserStatement } from "#db/queries/farmers";
import { batchesOfPlot } from "#db/queries/land-plots";
import { findUserById } from "#db/queries/users";
import { DdsSchema, PurchaseSchema, type TransferInput, TransferSchema } from "#worker/contracts/batches";
import { FarmerSchema } from "#worker/contracts/farmer";
import { CHAIN } from "#worker/domain/custody";
import { IMPORT_COLUMNS, type ImportColumn } from "#worker/domain/import-rows";
import type { BatchActor } from "../batches/batch-common";
import { certifyBatch } from "../batches/certify-batch";
import { createBatch } from "../batches/create-batch";
import { recordDds } from "../batches/record-dds";
import { transferBatch } from "../batches/transfer-batch";
import { assessPlots } from "../eudr/assess-plots";
import { auditEntry } from "../platform/audit";
import { registerPlot } from "../plots/register-plot";
import { continueImport, startImport } from "../registry/bulk-import";
import { prepareFarmer } from "../registry/register-farmer";
import { installSampleLayers } from "./sample-layers";

export type SeedDemoDataDeps = {
  db: Database;
  /** The CERTS bucket: sample layer files and the import file are kept there. */
  r2: R2Bucket;
  now?: () => Date;
};

/** The demo accounts (db/seed/demo-accounts.ts) who act, each in their own role. */
const ACT = {
  office: { id: "demo-office-admin", role: "office_admin" },
  buyer: { id: "demo-buyer", role: "buyer" },
  warehouse: { id: "demo-warehouse-inspector", role: "warehouse_inspector" },
  port: { id: "demo-port-inspector", role: "port_inspector" },
  exporter: { id: "demo-exporter", role: "exporter" },
} as const satisfies Record<string, BatchActor>;
const DEMO_FARMER_USER = "demo-farmer";
const DEMO_FARMER_ID = "FRM000001";
/** Every purchase note of a demo batch starts with this: it is how a later run finds them. */
export const DEMO_NOTE = "Demo data (sample, not a real transaction)";

// ── The registry ──────────────────────────────────────────────────────────────────────────

type Offsets = [number, number][];
/** Plot outlines as metre offsets from the south-west corner (≈ 1.6–2.5 ha, irregular like real farms). */
const SHAPE: Record<"a" | "b" | "c", Offsets> = {
  a: [
    [0, 0],
    [160, -12],
    [176, 118],
    [62, 151],
    [-9, 96],
  ],
  b: [
    [0, 0],
    [121, 14],
    [131, 139],
    [16, 126],
  ],
  c: [
    [0, 0],
    [212, 3],
    [201, 112],
    [96, 137],
    [6, 101],
  ],
};

/**
 * Six decimals, as EUDR Art. 2(28) requires. A sixth decimal of 0 would vanish when the
 * geometry is written as JSON (7.2 not 7.200000) and the plot would be refused for
 * precision, so it is nudged to 1 (0.1 m).
 */
function six(n: number): number {
  const text = n.toFixed(6);
  return Number(text.endsWith("0") ? `${text.slice(0, -1)}1` : text);
}

function polygonAt(lon: number, lat: number, shape: Offsets) {
  const metresPerDegreeLon = 111_320 * Math.cos((lat * Math.PI) / 180);
  const ring = shape.map(
    ([dx, dy]) => [six(lon + dx / metresPerDegreeLon), six(lat + dy / 110_574)] as [number, number],
  );
  return { type: "Polygon" as const, coordinates: [[...ring, ring[0]!]] };
}

type DemoPlot = { crop: string; plantingYear: number } & (
  | { point: [lon: number, lat: number] }
  | { polygon: ReturnType<typeof polygonAt> }
);
type DemoFarmer = {
  ref: string;
  firstName: string;
  lastName: string;
  gender: "female" | "male";
  dateOfBirth: string;
  phone?: string;
  county: string;
  district: string;
  community: string;
  crops: string[];
  nationalId: string;
  plot: DemoPlot;
};

/**
 * Twelve farmers, one plot each, placed against the SAMPLE layers (db/seed/sample-layers.ts) so
 * the assessment gives every verdict: low in the "cocoa present in 2020" area around Sanniquellie,
 * outside the 2020 forest blocks near Tappita, and in the pre-2020 clearing near Zwedru; high in
 * the post-2020 disturbance patch north-east of Sanniquellie and inside Sapo National Park; more
 * information needed in Montserrado (no forest layer there) and in Nimba forest with no other
 * evidence. Plots are kilometres apart: none is a double claim.
 */
export const DEMO_FARMERS: DemoFarmer[] = [
  {
    ref: "DEMO-01",
    firstName: "Yassah",
    lastName: "Kpadeh",
    gender: "female",
    dateOfBirth: "1982-06-14",
    phone: "+231 88 612 3401",
    county: "Nimba",
    district: "Sanniquellie-Mahn",
    community: "Gbedin",
    crops: ["Cocoa", "Cassava"],
    nationalId: "LRDEMO0001",
    plot: { crop: "Cocoa", plantingYear: 2009, polygon: polygonAt(-8.612347, 7.201113, SHAPE.a) },
  },
  {
    ref: "DEMO-02",
    firstName: "Blamo",
    lastName: "Sumo",
    gender: "male",
    dateOfBirth: "1975-02-03",
    phone: "+231 77 541 2297",
    county: "Nimba",
    district: "Sanniquellie-Mahn",
    community: "Karnplay",
    crops: ["Cocoa"],
    nationalId: "LRDEMO0002",
    plot: { crop: "Cocoa", plantingYear: 2012, point: [-8.583417, 7.162341] },
  },
  {
    ref: "DEMO-03",
    firstName: "Comfort",
    lastName: "Zaye",
    gender: "female",
    dateOfBirth: "1990-11-22",
    county: "Nimba",
    district: "Saclepea-Mahn",
    community: "Flumpa",
    crops: ["Cocoa", "Plantain"],
    nationalId: "LRDEMO0003",
    plot: { crop: "Cocoa", plantingYear: 2015, polygon: polygonAt(-8.664521, 7.132117, SHAPE.b) },
  },
  {
    ref: "DEMO-04",
    firstName: "Emmanuel",
    lastName: "Gonpue",
    gender: "male",
    dateOfBirth: "1968-08-09",
    phone: "+231 77 230 4418",
    county: "Nimba",
    district: "Zoe-Gbao",
    community: "Bahn",
    crops: ["Cocoa", "Rice"],
    nationalId: "LRDEMO0004",
    plot: { crop: "Cocoa", plantingYear: 2005, point: [-8.532281, 7.272163] },
  },
  {
    ref: "DEMO-05",
    firstName: "Esther",
    lastName: "Mentee",
    gender: "female",
    dateOfBirth: "1986-01-27",
    county: "Nimba",
    district: "Sanniquellie-Mahn",
    community: "Kpein",
    crops: ["Cocoa"],
    nationalId: "LRDEMO0005",
    plot: { crop: "Cocoa", plantingYear: 2011, polygon: polygonAt(-8.541239, 7.231143, SHAPE.c) },
  },
  {
    ref: "DEMO-06",
    firstName: "Jerome",
    lastName: "Kerkula",
    gender: "male",
    dateOfBirth: "1979-05-30",
    phone: "+231 88 904 1127",
    county: "Nimba",
    district: "Tappita",
    community: "Tappita",
    crops: ["Coffee"],
    nationalId: "LRDEMO0006",
    plot: { crop: "Coffee", plantingYear: 2011, point: [-8.843219, 6.512347] },
  },
  {
    ref: "DEMO-07",
    firstName: "Garmai",
    lastName: "Flomo",
    gender: "female",
    dateOfBirth: "1993-03-08",
    county: "Nimba",
    district: "Sanniquellie-Mahn",
    community: "Zortapa",
    crops: ["Cocoa"],
    nationalId: "LRDEMO0007",
    plot: { crop: "Cocoa", plantingYear: 2022, polygon: polygonAt(-8.452318, 7.352147, SHAPE.a) },
  },
  {
    ref: "DEMO-08",
    firstName: "Moses",
    lastName: "Dolo",
    gender: "male",
    dateOfBirth: "1971-12-12",
    phone: "+231 77 318 6652",
    county: "Nimba",
    district: "Sanniquellie-Mahn",
    community: "Gbapa",
    crops: ["Cocoa"],
    nationalId: "LRDEMO0008",
    plot: { crop: "Cocoa", plantingYear: 2021, point: [-8.423117, 7.381243] },
  },
  {
    ref: "DEMO-09",
    firstName: "Augustine",
    lastName: "Wleh",
    gender: "male",
    dateOfBirth: "1984-09-15",
    county: "Sinoe",
    district: "Juarzon",
    community: "Jalay's Town",
    crops: ["Oil Palm"],
    nationalId: "LRDEMO0009",
    plot: { crop: "Oil Palm", plantingYear: 2021, point: [-8.563219, 5.412367] },
  },
  {
    ref: "DEMO-10",
    firstName: "Hawa",
    lastName: "Kamara",
    gender: "female",
    dateOfBirth: "1988-07-19",
    phone: "+231 88 775 2031",
    county: "Montserrado",
    district: "Careysburg",
    community: "Careysburg",
    crops: ["Rubber"],
    nationalId: "LRDEMO0010",
    plot: { crop: "Rubber", plantingYear: 2004, polygon: polygonAt(-10.612349, 6.412373, SHAPE.c) },
  },
  {
    ref: "DEMO-11",
    firstName: "Siah",
    lastName: "Tarpeh",
    gender: "female",
    dateOfBirth: "1977-10-04",
    county: "Grand Gedeh",
    district: "Tchien",
    community: "Zwedru",
    crops: ["Rubber"],
    nationalId: "LRDEMO0011",
    plot: { crop: "Rubber", plantingYear: 2008, polygon: polygonAt(-8.172341, 5.993217, SHAPE.b) },
  },
  {
    ref: "DEMO-12",
    firstName: "Prince",
    lastName: "Tokpah",
    gender: "male",
    dateOfBirth: "1980-04-21",
    phone: "+231 77 662 9014",
    county: "Nimba",
    district: "Sanniquellie-Mahn",
    community: "Yarmein",
    crops: ["Coffee"],
    nationalId: "LRDEMO0012",
    plot: { crop: "Coffee", plantingYear: 2019, point: [-8.851237, 7.002341] },
  },
];

/**
 * The demo farmer account FRM000001 (Musu Kollie, Lofa County) gets its registry row and a cocoa
 * plot in the sample cocoa area of Nimba: the sample layers cover no part of Lofa, so a plot
 * there could never be cleared as low risk. Her registry county stays Lofa, as on her account;
 * the plot is declared in Nimba County, where it lies (issue #10: a plot's declared county must
 * be the county its polygon lies in, and the export's ProductionPlace says so).
 */
const MUSU = {
  fields: {
    firstName: "Musu",
    lastName: "Kollie",
    gender: "female",
    dateOfBirth: "1979-04-18",
    phone: "+231 77 000 0001",
    county: "Lofa County",
    district: "Zorzor",
    community: "Fissebu",
    crops: ["Cocoa", "Cassava"],
    nationalId: "LRDEMO0000",
  },
  importKey: "demo:farmer:FRM000001",
  plot: {
    crop: "Cocoa",
    plantingYear: 2010,
    tenureReference: "DEMO-TENURE-0000",
    submissionId: "demo:plot:FRM000001:01",
    county: "Nimba County",
    geojson: polygonAt(-8.655123, 7.241237, SHAPE.c),
  },
};

const CSV_FILE_NAME = "demo-sample-farmers-and-plots.csv";

/** The import file, built with the import template's own columns. */
export function demoImportCsv(): string {
  const rows = DEMO_FARMERS.map((f, i) => {
    const row: Partial<Record<ImportColumn, string>> = {
      farmer_ref: f.ref,
      first_name: f.firstName,
      last_name: f.lastName,
      gender: f.gender,
      date_of_birth: f.dateOfBirth,
      phone: f.phone ?? "",
      county: f.county,
      district: f.district,
      community: f.community,
      crops: f.crops.join(";"),
      national_id: f.nationalId,
      plot_ref: "P1",
      plot_crop: f.plot.crop,
      planting_year: String(f.plot.plantingYear),
      tenure_reference: `DEMO-TENURE-${String(i + 1).padStart(4, "0")}`,
    };
    if ("point" in f.plot) {
      row.longitude = f.plot.point[0].toFixed(6);
      row.latitude = f.plot.point[1].toFixed(6);
      // A point plot states its area as a number (docs/eudr-rules.md "Point area"); 4 ha is the
      // figure the EU system would assume, so the demo registry's totals are unchanged.
      row.area_hectares = "4";
    } else {
      row.geometry = JSON.stringify(f.plot.polygon);
    }
    return IMPORT_COLUMNS.map((c) => row[c] ?? "");
  });
  return Papa.unparse({ fields: [...IMPORT_COLUMNS], data: rows }, { newline: "\n" }) + "\n";
}

// ── The batches ───────────────────────────────────────────────────────────────────────────

type Step = {
  toStatus: TransferInput["toStatus"];
  actor: BatchActor;
  daysAgo: number;
  input: Omit<z.input<typeof TransferSchema>, "toStatus">;
};
type Plan = {
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

const GANTA = { latitude: 7.235112, longitude: -8.981247 };
const FREEPORT = { latitude: 6.348121, longitude: -10.803417 };

/** Batch 1: FRM000001's cocoa, bought, stored, graded, certified, shipped, DDS recorded. */
const EXPORTED: Plan = {
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
const IN_PROGRESS: Plan = {
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

// ── The seeding ───────────────────────────────────────────────────────────────────────────

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
        "login_linked",
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
      `Plot of ${DEMO_FARMER_ID} not stored: ${musuPlot.kind === "invalid" ? musuPlot.errors.map((e) => e.message).join("; ") : musuPlot.message}`,
    );
  } else if (musuPlot.created) created.plots++;

  // 3. A verdict for every demo plot not assessed yet (a re-run must not add assessments).
  const farmerIds = [...(musuPlot.ok ? [DEMO_FARMER_ID] : []), ...registered.values()];
  let plots = await firstPlots(db, farmerIds);
  const toAssess = [...plots.values()].filter((p) => !p.riskLevel).map((p) => p.id);
  if (toAssess.length) {
    const { results } = await assessPlots(toAssess, { db, actor: ACT.office, now: () => now });
    created.assessments = results.length;
    plots = await firstPlots(db, farmerIds);
  }

  // 4. The batches: one exported with its DDS, one waiting at the warehouse.
  const demoBatches: BatchRow[] = [];
  const yassah = registered.get(DEMO_FARMERS[0]!.nationalId);
  for (const [farmerId, plan, label] of [
    [DEMO_FARMER_ID, EXPORTED, "exported demo batch"],
    [yassah, IN_PROGRESS, "demo batch at the warehouse"],
  ] as const) {
    const plot = farmerId ? plots.get(farmerId) : undefined;
    if (!farmerId || !plot) {
      problems.push(`The ${label} was not created: its origin plot is missing`);
      continue;
    }
    const batch = await followBatch(farmerId, plot, plan, { db, ago, created, problems, label });
    if (batch) demoBatches.push(batch);
  }

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
      batches: demoBatches.map((b) => ({
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

type FollowContext = {
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
async function followBatch(
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
