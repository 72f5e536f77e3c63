/**
 * /api/eudr: reference layers, deforestation-risk assessment (immediate or as a background job),
 * verdict history and the DDS-ready GeoJSON export (issue #4, EUDR.md, ADR 008).
 * Layer uploads go through /api's 1 MiB body limit; larger files are uploaded as a multipart
 * form on /eudr-assessment (up to 10 MiB).
 */
import { type Context, Hono } from "hono";
import type { z } from "zod";
import { findJob, recentJobs } from "#db/queries/assessment-jobs";
import { assessmentHistory, countPlotsInScope, findPlotByIdOrCode, plotIdsInScope } from "#db/queries/plot-assessments";
import { findLayer, listLayers, type ReferenceLayerRow } from "#db/queries/reference-layers";
import { PERMISSIONS } from "../auth/permissions";
import {
  AssessApiSchema,
  JobApiSchema,
  LAYER_KIND_LABEL,
  LayerUploadApiSchema,
  MAX_SYNC_PLOTS,
} from "../contracts/eudr";
import { packageCollection, serializeEudrGeoJson } from "../domain/eudr-geojson";
import { isDemoMode } from "../env";
import { installSampleLayers } from "../services/demo/sample-layers";
import { assessPlots } from "../services/eudr/assess-plots";
import {
  createAssessmentJob,
  JOB_LEASE_MS,
  jobView,
  resolvePlotScope,
  runJobSlice,
} from "../services/eudr/assessment-jobs";
import { exportGeoJson } from "../services/eudr/export-geojson";
import { uploadLayer } from "../services/eudr/upload-layer";
import { apiError } from "./errors";
import { type ApiEnv, jsonBody, requireApiRole } from "./middleware";

/** A background slice stops after this long, well inside waitUntil's 30 s after the response. */
export const KICK_BUDGET_MS = 20_000;

function fieldErrors(error: z.ZodError) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[issue.path.join(".") || "body"] ??= []).push(issue.message);
  return errors;
}

export function layerView(l: ReferenceLayerRow) {
  return {
    id: l.id,
    kind: l.kind,
    kindLabel: LAYER_KIND_LABEL[l.kind as keyof typeof LAYER_KIND_LABEL] ?? l.kind,
    name: l.name,
    source: l.source,
    sourceDate: l.sourceDate,
    version: l.version,
    featureCount: l.featureCount,
    sample: l.sample,
    status: l.status,
    createdAt: l.createdAt,
  };
}

const actorOf = (c: Context<ApiEnv>) => ({ id: c.get("session").id, role: c.get("session").role });

/** Starts (or resumes) a job's work after the response, without blocking the caller. */
function kick(c: Context<ApiEnv>, jobId: string) {
  c.executionCtx.waitUntil(
    runJobSlice(jobId, { db: c.get("db") }, KICK_BUDGET_MS).catch((e) =>
      console.error("assessment job slice failed", jobId, e),
    ),
  );
}

export const eudrApi = new Hono<ApiEnv>()
  .get("/layers", requireApiRole(...PERMISSIONS.assessPlots), async (c) => {
    const layers = await listLayers(c.get("db"), { includeRetired: c.req.query("all") === "1" });
    return c.json({ layers: layers.map(layerView) });
  })
  .post("/layers", requireApiRole(...PERMISSIONS.manageLayers), async (c) => {
    const read = await jsonBody(c);
    if (!read.ok) return read.response;
    const parsed = LayerUploadApiSchema.safeParse(read.body);
    if (!parsed.success)
      return apiError(c, 400, "The layer was not stored: check the fields", fieldErrors(parsed.error));
    const result = await uploadLayer(parsed.data, actorOf(c), { db: c.get("db"), r2: c.env.CERTS });
    if (!result.ok) return apiError(c, result.status, result.message, result.errors);
    return c.json({ layer: layerView(result.layer), retiredVersions: result.retiredVersions }, 201);
  })
  .post("/layers/sample", requireApiRole(...PERMISSIONS.manageLayers), async (c) => {
    if (!isDemoMode(c.env)) {
      return apiError(
        c,
        403,
        "The sample layers can only be loaded in demo mode: upload the authoritative layers instead",
      );
    }
    const result = await installSampleLayers({ db: c.get("db"), r2: c.env.CERTS, actor: actorOf(c) });
    return c.json(result, result.installed.length ? 201 : 200);
  })
  .get("/layers/:id/geojson", requireApiRole(...PERMISSIONS.assessPlots), async (c) => {
    const layer = await findLayer(c.get("db"), c.req.param("id"));
    const object = layer ? await c.env.CERTS.get(layer.r2Key) : null;
    if (!layer || !object) return apiError(c, 404, "No such layer");
    return new Response(object.body, {
      headers: {
        "Content-Type": "application/geo+json",
        "Content-Disposition": `attachment; filename="layer-${layer.kind}-${layer.version}.geojson"`,
        "Cache-Control": "private, no-store",
      },
    });
  })
  .post("/assess", requireApiRole(...PERMISSIONS.assessPlots), async (c) => {
    const read = await jsonBody(c);
    if (!read.ok) return read.response;
    const parsed = AssessApiSchema.safeParse(read.body);
    if (!parsed.success) return apiError(c, 400, "Choose the plots to assess", fieldErrors(parsed.error));
    const { plotIds, farmerId, batchCode } = parsed.data;
    const db = c.get("db");
    const resolved = await resolvePlotScope(
      plotIds
        ? { scope: "plots", plotIds }
        : farmerId
          ? { scope: "farmer", value: farmerId }
          : { scope: "batch", value: batchCode },
      db,
    );
    if (!resolved.ok) return apiError(c, resolved.status, resolved.message);
    const total = await countPlotsInScope(db, resolved.value.scope);
    if (total === 0) return apiError(c, 404, `No plots found for ${resolved.value.label}`);
    if (total > MAX_SYNC_PLOTS) {
      return apiError(
        c,
        413,
        `${resolved.value.label} has ${total} plots, more than ${MAX_SYNC_PLOTS} can be assessed in one request: start a background job (POST /api/eudr/jobs)`,
      );
    }
    const ids = await plotIdsInScope(db, resolved.value.scope, null, MAX_SYNC_PLOTS);
    const { results } = await assessPlots(ids, { db, actor: actorOf(c) });
    return c.json({ scope: resolved.value.label, assessed: results.length, results });
  })
  .post("/jobs", requireApiRole(...PERMISSIONS.assessPlots), async (c) => {
    const read = await jsonBody(c);
    if (!read.ok) return read.response;
    const parsed = JobApiSchema.safeParse(read.body);
    if (!parsed.success) return apiError(c, 400, "Choose what the job should assess", fieldErrors(parsed.error));
    const result = await createAssessmentJob(parsed.data, actorOf(c), { db: c.get("db") });
    if (!result.ok) return apiError(c, result.status, result.message);
    if (result.job.status !== "done") kick(c, result.job.id);
    return c.json({ job: result.job }, 202);
  })
  .get("/jobs", requireApiRole(...PERMISSIONS.assessPlots), async (c) => {
    return c.json({ jobs: (await recentJobs(c.get("db"), 20)).map(jobView) });
  })
  .get("/jobs/:id", requireApiRole(...PERMISSIONS.assessPlots), async (c) => {
    const job = await findJob(c.get("db"), c.req.param("id"));
    if (!job) return apiError(c, 404, "No such assessment job");
    // Polling keeps a job moving: a released job (or one whose runner went silent) is resumed.
    const stale = job.status === "running" && Date.parse(job.updatedAt) < Date.now() - JOB_LEASE_MS;
    if (job.status === "queued" || stale) kick(c, job.id);
    return c.json({ job: jobView(job) });
  })
  .get("/plots/:id/assessments", requireApiRole(...PERMISSIONS.assessPlots), async (c) => {
    const db = c.get("db");
    const plot = await findPlotByIdOrCode(db, c.req.param("id"));
    if (!plot) return apiError(c, 404, "No such plot");
    const history = await assessmentHistory(db, plot.id);
    return c.json({
      plot: {
        id: plot.id,
        plotCode: plot.plotCode,
        riskLevel: plot.riskLevel,
        assessedAt: plot.assessedAt,
        validationState: plot.validationState,
      },
      assessments: history.map((a) => ({ ...a, evidence: JSON.parse(a.evidence), reasons: JSON.parse(a.reasons) })),
    });
  })
  .get("/export", requireApiRole(...PERMISSIONS.assessPlots), async (c) => {
    const q = c.req.query();
    const plotIds = (q.plotIds ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const result = await exportGeoJson(
      { farmerId: q.farmerId, batchCode: q.batchCode ?? q.shipment, plotIds: plotIds.length ? plotIds : null },
      { db: c.get("db") },
    );
    if (!result.ok) return apiError(c, result.status, result.message, result.errors);
    const count = result.packages.length;
    c.header("Cache-Control", "private, no-store");
    c.header("X-Package-Count", String(count));
    if (q.manifest === "1") {
      const base = new URL(c.req.url);
      base.searchParams.delete("manifest");
      return c.json({
        ...result.manifest,
        packages: result.manifest.packages.map((p) => {
          base.searchParams.set("part", String(p.part));
          return { ...p, url: `${base.pathname}${base.search}` };
        }),
      });
    }
    const part = q.part === undefined ? 1 : Number(q.part);
    if (!Number.isInteger(part) || part < 1 || part > count) {
      return apiError(c, 404, `Package ${q.part} does not exist: this export has ${count} package(s), numbered from 1`);
    }
    const pkg = result.packages[part - 1]!;
    const slug = `${result.label}-${pkg.commodity}`
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
    c.header("X-Package-Part", String(part));
    c.header("X-Package-Commodity", pkg.commodity);
    c.header("Content-Type", "application/geo+json; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="eudr-${slug}-part-${part}-of-${count}.geojson"`);
    return c.body(serializeEudrGeoJson(packageCollection(pkg)));
  });
