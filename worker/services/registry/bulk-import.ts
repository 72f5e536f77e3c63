/**
 * Bulk import of farmers and their plots from CSV or GeoJSON (ADR 009).
 *
 * - The file is kept in R2 and processed in slices; `import_runs` holds progress and every
 *   failed row's line number and reason, so a 10,000-row file never needs one long request.
 * - A row is all or nothing: its farmer (unless already registered) and its plot are stored
 *   together, or the row is reported. The same rules as the forms apply (FarmerSchema, every
 *   EUDR geometry check including double claims against plots stored and plots earlier in the file).
 * - Re-running a file stores nothing twice: rows are found again by their import keys.
 * - Imported farmers get no login (ADR 009); an inspector issues it from the farmer's page.
 */
import type { Database } from "#db/client";
import { isUniqueViolation } from "#db/errors";
import { existingImportKeys, plotCodesOfFarmers } from "#db/queries/bulk-import";
import { highestFarmerId } from "#db/queries/farmers";
import {
  getImportRun,
  type ImportRun,
  insertImportRun,
  recentImportRuns,
  recordImportProgress,
} from "#db/queries/import-runs";
import { insertPlot, plotsInBox } from "#db/queries/land-plots";
import { COUNTY_NAMES } from "#worker/content/counties";
import { FarmerSchema } from "#worker/contracts/farmer";
import { CROPS } from "#worker/domain/commodities";
import { nextFarmerId } from "#worker/domain/farmer-id";
import { sha256Hex } from "#worker/domain/hash";
import { type ImportRecord, type LineError, type ParsedImport, parseImportFile } from "#worker/domain/import-rows";
import type { OtherPlot, PlotGeometry } from "#worker/domain/validate-geometry";
import type { AuditActor } from "../deps";
import { auditEntry } from "../platform/audit";
import { claimSearchBox, nextPlotSequence, plotCodeFor, preparePlot } from "../plots/register-plot";
import { fail, ok, type Result } from "../result";
import { prepareFarmer, type Statements } from "./register-farmer";

/** `actor`: who acts; when the cron handler finishes a run, the user who started it (from the run). */
export type ImportDeps = { db: Database; files: Pick<R2Bucket, "put" | "get">; actor?: AuditActor; now?: () => Date };

/** Rows per slice: one D1 batch (one transaction) each. */
export const SLICE_ROWS = 100;
/** Errors kept per run (the counters stay exact beyond it). */
export const MAX_STORED_ERRORS = 2000;
export const MAX_IMPORT_BYTES = 30 * 1024 * 1024;
/**
 * Background work after a response may run about 30 s on Workers: stay well inside it. A run
 * whose progress is older than STALE_MS is nudged again by whoever looks at it (page, API) and
 * by the cron handler every 5 minutes.
 */
export const BACKGROUND_BUDGET_MS = 15_000;
export const STALE_MS = 10_000;

/** A run as the API and the page show it (errors parsed). */
export function runView(run: ImportRun) {
  return { ...run, errors: JSON.parse(run.errors) as LineError[] };
}

/** The most recent import runs, newest first, as shown. */
export async function recentImports(deps: { db: Database }, limit = 20) {
  return (await recentImportRuns(deps.db, limit)).map(runView);
}

/** A run's progress, and whether its background work stopped (then whoever looks starts it again). */
export async function importProgress(
  runId: string,
  deps: { db: Database },
): Promise<Result<{ run: ImportRun; stalled: boolean }>> {
  const run = await getImportRun(deps.db, runId);
  if (!run) return fail(404, "No import with this ID");
  return ok({ run, stalled: run.status === "running" && Date.now() - Date.parse(run.updatedAt) > STALE_MS });
}

const fileKey = (runId: string) => `imports/${runId}`;

/** Keeps the last parsed file of this isolate, so the slices of one run parse it once. */
let parsedCache: { runId: string; parsed: ParsedImport } | null = null;

/** Stores the file, reads it once to count rows and syntax errors, and opens the run. */
export async function startImport(
  file: { fileName: string; bytes: ArrayBuffer },
  deps: ImportDeps,
): Promise<ImportRun> {
  const id = crypto.randomUUID();
  const text = new TextDecoder().decode(file.bytes);
  const parsed = parseImportFile(file.fileName, text);
  await deps.files.put(fileKey(id), file.bytes, { httpMetadata: { contentType: "text/plain; charset=utf-8" } });
  const run = {
    id,
    kind: parsed.kind,
    fileName: file.fileName.slice(0, 200),
    fileHash: await sha256Hex(file.bytes),
    total: parsed.records.length,
    processed: 0,
    stored: 0,
    skipped: 0,
    failed: parsed.errors.length,
    errors: JSON.stringify(
      [...(parsed.notes ?? []).map((reason) => ({ line: 1, reason })), ...parsed.errors].slice(0, MAX_STORED_ERRORS),
    ),
    status: parsed.records.length ? "running" : "done",
    createdBy: deps.actor?.id ?? null,
  };
  await insertImportRun(deps.db, run).run();
  parsedCache = { runId: id, parsed };
  return (await getImportRun(deps.db, id))!;
}

async function parsedFile(run: ImportRun, deps: ImportDeps): Promise<ParsedImport> {
  if (parsedCache?.runId === run.id) return parsedCache.parsed;
  const object = await deps.files.get(fileKey(run.id));
  if (!object) throw new Error(`import file of run ${run.id} is missing`);
  const parsed = parseImportFile(run.fileName, await object.text());
  parsedCache = { runId: run.id, parsed };
  return parsed;
}

/**
 * Processes slices of a run until it is done or `budgetMs` has passed. Safe to call from two
 * places at once: a slice is committed only if nobody committed it first (the progress update
 * is conditional, and a duplicate insert makes the whole slice roll back).
 */
export async function continueImport(runId: string, deps: ImportDeps, budgetMs = 20_000): Promise<ImportRun | null> {
  const started = Date.now();
  let conflicts = 0;
  for (;;) {
    const run = await getImportRun(deps.db, runId);
    if (run?.status !== "running") return run;
    if (Date.now() - started > budgetMs) return run;
    const parsed = await parsedFile(run, deps);
    const actor = deps.actor ?? { id: run.createdBy ?? "system", role: "bulk_import" };
    try {
      await importSlice(run, parsed.records.slice(run.processed, run.processed + SLICE_ROWS), { ...deps, actor });
      conflicts = 0;
    } catch (error) {
      // Another runner committed this slice (or took a farmer ID) first: read the run again.
      if (isUniqueViolation(error) && ++conflicts < 5) continue;
      await deps.db.batch([
        recordImportProgress(deps.db, run.id, run.processed, {
          processed: run.processed,
          stored: run.stored,
          skipped: run.skipped,
          failed: run.failed,
          errors: appendErrors(run.errors, [
            {
              line: parsed.records[run.processed]?.line ?? 0,
              reason: "The import stopped on an unexpected error; the rows before this line are stored",
            },
          ]),
          status: "failed",
        }),
      ]);
      console.error("bulk import failed", run.id, error);
      return getImportRun(deps.db, run.id);
    }
  }
}

function appendErrors(json: string, more: LineError[]): string {
  const list = JSON.parse(json) as LineError[];
  return JSON.stringify([...list, ...more].slice(0, MAX_STORED_ERRORS));
}

const lc = (s: string | undefined) => (s ?? "").trim().toLowerCase();

/** "Nimba", "nimba county" → "Nimba County" (the registry's form). */
function countyOf(value: string | undefined): string | undefined {
  const v = lc(value).replace(/\s+county$/, "");
  const name = COUNTY_NAMES.find((c) => c.toLowerCase() === v);
  return name ? `${name} County` : value;
}
const cropOf = (value: string) => CROPS.find((c) => c.toLowerCase() === lc(value)) ?? value.trim();
function genderOf(value: string | undefined) {
  const v = lc(value);
  return v === "f" || v === "female" ? "female" : v === "m" || v === "male" ? "male" : value;
}

async function hashKey(...parts: (string | undefined)[]) {
  return (await sha256Hex(parts.map(lc).join("|"))).slice(0, 32);
}

/** The import key of a row's farmer: the source's own reference, else the national ID, else who they are. */
async function farmerKey(f: ImportRecord["fields"]) {
  if (f.farmer_ref) return `import:farmer:ref:${lc(f.farmer_ref)}`;
  if (f.national_id) return `import:farmer:nid:${f.national_id.replace(/[\s-]/g, "").toUpperCase()}`;
  return `import:farmer:h:${await hashKey(f.first_name, f.last_name, f.date_of_birth, f.phone, countyOf(f.county))}`;
}

type Outcome = { line: number; stored: boolean; skipped: boolean; reason?: string };
type FarmerFields = ReturnType<typeof FarmerSchema.parse>;
type Row = { record: ImportRecord; key: string; farmer?: FarmerFields; plotKey?: string; outcome: Outcome };

/** Reads a row's farmer with the registration form's own rules (FarmerSchema). */
async function readRow(record: ImportRecord): Promise<Row> {
  const f = record.fields;
  const key = await farmerKey(f);
  const outcome: Outcome = { line: record.line, stored: false, skipped: false };
  const parsed = FarmerSchema.safeParse({
    firstName: f.first_name,
    lastName: f.last_name,
    gender: genderOf(f.gender),
    dateOfBirth: f.date_of_birth,
    phone: f.phone,
    county: countyOf(f.county),
    district: f.district,
    community: f.community,
    crops: (f.crops ?? "")
      .split(/[;|]/)
      .map((c) => c.trim())
      .filter(Boolean)
      .map(cropOf),
    nationalId: f.national_id,
  });
  if (!parsed.success) {
    outcome.reason = [...new Set(parsed.error.issues.map((i) => i.message))].join("; ");
    return { record, key, outcome };
  }
  const plotKey = record.geometry
    ? `import:plot:${key}:${f.plot_ref ? `ref:${lc(f.plot_ref)}` : await hashKey(JSON.stringify(record.geometry))}`
    : undefined;
  return { record, key, farmer: parsed.data, plotKey, outcome };
}

/** The plot fields of a row other than its geometry; a reason when one is wrong. */
function plotFields(row: Row): { crop: string; plantingYear: number | null } | { reason: string } {
  const f = row.record.fields;
  const crop = f.plot_crop ? cropOf(f.plot_crop) : row.farmer!.crops[0]!;
  if (!CROPS.includes(crop as never)) return { reason: `Plot: unknown crop "${f.plot_crop}"` };
  const year = f.planting_year ? Number(f.planting_year) : null;
  const thisYear = new Date().getUTCFullYear();
  if (year !== null && (!Number.isInteger(year) || year < 1950 || year > thisYear)) {
    return { reason: `Plot: the planting year must be a year from 1950 to ${thisYear}` };
  }
  return { crop, plantingYear: year };
}

async function importSlice(run: ImportRun, records: ImportRecord[], deps: ImportDeps & { actor: AuditActor }) {
  const { db, actor } = deps;
  const registrationDate = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
  const rows = await Promise.all(records.map(readRow));
  const valid = rows.filter((r) => r.farmer);

  // What is already registered: farmers by import key or national ID, plots by import key.
  const known = await existingImportKeys(db, {
    farmerKeys: [...new Set(valid.map((r) => r.key))],
    nationalIds: [...new Set(valid.map((r) => r.farmer!.nationalId).filter((n): n is string => Boolean(n)))],
    plotKeys: valid.map((r) => r.plotKey).filter((k): k is string => Boolean(k)),
  });

  // Overlap candidates of every new plot in one round trip; plot codes of known farmers.
  const toCheck = valid.filter((r) => r.plotKey && !known.plots.has(r.plotKey));
  const boxes = toCheck.map((r) => claimSearchBox(r.record.geometry));
  const queries = boxes.flatMap((b) => (b ? [plotsInBox(db, b)] : []));
  const results = queries.length ? await db.batch(queries as [(typeof queries)[0], ...(typeof queries)[0][]]) : [];
  const candidates = new Map<Row, OtherPlot[]>();
  let next = 0;
  toCheck.forEach((r, i) => {
    if (!boxes[i]) return;
    const found = results[next++] ?? [];
    candidates.set(
      r,
      found.map((p) => ({
        id: p.id,
        plotCode: p.plotCode,
        farmerId: p.farmerId,
        geometry: JSON.parse(p.geometry) as PlotGeometry,
      })),
    );
  });
  const knownIds = [
    ...new Set(valid.map((r) => known.farmerOf(r.key, r.farmer!.nationalId)).filter((x): x is string => Boolean(x))),
  ];
  const codes = await plotCodesOfFarmers(db, knownIds);

  // Decide each row. A new farmer takes the next free ID only when their first row succeeds.
  let highest = await highestFarmerId(db);
  const newFarmers = new Map<string, { farmerId: string; fields: FarmerFields }>();
  const earlierPlots: OtherPlot[] = [];
  const plotStatements: Statements[number][] = [];
  let stored = 0;
  let skipped = 0;
  for (const row of valid) {
    const { outcome } = row;
    const existingId = known.farmerOf(row.key, row.farmer!.nationalId) ?? newFarmers.get(row.key)?.farmerId;
    const farmerId = existingId ?? nextFarmerId(highest);
    const county = (existingId && known.countyOf(existingId)) || row.farmer!.county;
    const isNew = !existingId;
    const keep = () => {
      if (isNew) {
        highest = farmerId;
        newFarmers.set(row.key, { farmerId, fields: row.farmer! });
      }
      outcome.stored = true;
      stored++;
    };
    if (!row.plotKey) {
      if (isNew) keep();
      else {
        outcome.skipped = true;
        skipped++;
      }
      continue;
    }
    if (known.plots.has(row.plotKey) || earlierPlots.some((p) => p.id === row.plotKey)) {
      outcome.skipped = true;
      skipped++;
      continue;
    }
    const fields = plotFields(row);
    if ("reason" in fields) {
      outcome.reason = fields.reason;
      continue;
    }
    const used = codes.get(farmerId) ?? [];
    const plotCode = plotCodeFor(farmerId, nextPlotSequence(used));
    const prepared = preparePlot(
      {
        farmerId,
        geojson: row.record.geometry,
        ...fields,
        tenureReference: row.record.fields.tenure_reference,
        submissionId: row.plotKey,
        decimals: row.record.decimals,
        declaredAreaHectares: row.record.declaredArea,
      },
      {
        farmer: { farmerId, county },
        others: [...(candidates.get(row) ?? []), ...earlierPlots],
        plotCode,
        createdBy: actor.id,
      },
    );
    if (!prepared.ok) {
      outcome.reason = `Plot: ${prepared.errors.map((e) => e.message).join("; ")}`;
      continue;
    }
    codes.set(farmerId, [...used, plotCode]);
    earlierPlots.push({
      id: row.plotKey,
      plotCode,
      farmerId,
      geometry: JSON.parse(prepared.row.geometry) as PlotGeometry,
    });
    plotStatements.push(
      insertPlot(db, prepared.row),
      auditEntry(db, actor, "plot.import", "land_plot", prepared.row.id, null, { ...prepared.row, importRun: run.id }),
    );
    keep();
  }

  // Farmers first (plots refer to them); the progress update only applies if no other runner
  // committed this slice first (and then a duplicate import key rolls this batch back anyway).
  const farmerStatements = [...newFarmers.entries()].flatMap(
    ([key, nf]) =>
      prepareFarmer(nf.fields, {
        db,
        actor,
        farmerId: nf.farmerId,
        id: crypto.randomUUID(),
        registrationDate,
        importKey: key,
      }).statements,
  );
  const failures = rows.filter((r) => !r.outcome.stored && !r.outcome.skipped).map((r) => r.outcome);
  const progress = recordImportProgress(db, run.id, run.processed, {
    processed: run.processed + records.length,
    stored: run.stored + stored,
    skipped: run.skipped + skipped,
    failed: run.failed + failures.length,
    errors: appendErrors(
      run.errors,
      failures.map((o) => ({ line: o.line, reason: o.reason ?? "Not stored" })),
    ),
    status: run.processed + records.length >= run.total ? "done" : "running",
  });
  await db.batch([progress, ...farmerStatements, ...plotStatements]);
}
