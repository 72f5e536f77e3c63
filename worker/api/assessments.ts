/**
 * /api/eudr: reference layers, deforestation-risk assessment (immediate or as a background job),
 * verdict history and the DDS-ready GeoJSON export (docs/eudr-rules.md, ADR 008).
 * Layer uploads go through /api's 1 MiB body limit; larger files are uploaded as a multipart
 * form on /eudr-assessment (up to 10 MiB).
 */
import { type Context, Hono } from "hono";
import { findJob, recentJobs } from "#db/queries/assessment-jobs";
import { assessmentHistory, countPlotsInScope, findPlotByIdOrCode, plotIdsInScope } from "#db/queries/plot-assessments";
import { findLayer, listLayers, type ReferenceLayerRow } from "#db/queries/reference-layers";
import {
  AssessApiSchema,
  JobApiSchema,
  LAYER_KIND_LABEL,
  LayerUploadApiSchema,
  MAX_SYNC_PLOTS,
} from "../contracts/eudr";
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
import { uploadLayer } from "../services/eudr/upload-layer";
import { eudrExport } from "./eudr-export";
import { type ApiEnv, requirePermission, serviceDeps } from "./middleware";
import { apiError, privateFile, reply, success } from "./reply";
import { describe } from "./route-meta";
import { body } from "./validate";

/** A background slice stops after this long, well inside waitUntil's 30 s after the response. */
export const KICK_BUDGET_MS = 20_000;

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

/** Starts (or resumes) a job's work after the response, without blocking the caller. */
function kick(c: Context<ApiEnv>, jobId: string) {
  c.executionCtx.waitUntil(
    runJobSlice(jobId, serviceDeps(c), KICK_BUDGET_MS).catch((e) =>
      console.error("assessment job slice failed", jobId, e),
    ),
  );
}

const assessing = requirePermission("assessPlots");
const managing = requirePermission("manageLayers");

export const eudrApi = new Hono<ApiEnv>()
  .get("/layers", assessing, describe("The reference layers (?all=1: retired versions too)"), async (c) => {
    const layers = await listLayers(serviceDeps(c).db, { includeRetired: c.req.query("all") === "1" });
    return success(c, { layers: layers.map(layerView) });
  })
  .post(
    "/layers",
    managing,
    describe("Upload a reference layer (GeoJSON FeatureCollection)", { 201: "The stored layer" }),
    body(LayerUploadApiSchema, "The layer was not stored: check the fields"),
    async (c) => {
      const deps = serviceDeps(c);
      const result = await uploadLayer(c.req.valid("json"), deps.actor, deps);
      if (!result.ok) return reply(c, result);
      return success(c, { layer: layerView(result.layer), retiredVersions: result.retiredVersions }, 201);
    },
  )
  .post(
    "/layers/sample",
    managing,
    describe("Load the sample layers (demo mode only)", { 200: "Already loaded", 201: "Loaded" }),
    async (c) => {
      if (!isDemoMode(c.env)) {
        return apiError(
          c,
          403,
          "The sample layers can only be loaded in demo mode: upload the authoritative layers instead",
        );
      }
      const result = await installSampleLayers(serviceDeps(c));
      return success(c, result, result.installed.length ? 201 : 200);
    },
  )
  .get(
    "/layers/:id/geojson",
    assessing,
    describe("A layer's original GeoJSON file", { 200: "application/geo+json" }),
    async (c) => {
      const { db, r2 } = serviceDeps(c);
      const layer = await findLayer(db, c.req.param("id"));
      const object = layer ? await r2.get(layer.r2Key) : null;
      if (!layer || !object) return apiError(c, 404, "No such layer");
      return privateFile(
        object.body,
        "application/geo+json",
        "attachment",
        `layer-${layer.kind}-${layer.version}.geojson`,
      );
    },
  )
  .post(
    "/assess",
    assessing,
    describe(`Assess up to ${MAX_SYNC_PLOTS} plots now: by plot, farmer or batch`),
    body(AssessApiSchema, "Choose the plots to assess"),
    async (c) => {
      const { plotIds, farmerId, batchCode } = c.req.valid("json");
      const deps = serviceDeps(c);
      const resolved = await resolvePlotScope(
        plotIds
          ? { scope: "plots", plotIds }
          : farmerId
            ? { scope: "farmer", value: farmerId }
            : { scope: "batch", value: batchCode },
        deps.db,
      );
      if (!resolved.ok) return reply(c, resolved);
      const total = await countPlotsInScope(deps.db, resolved.value.scope);
      if (total === 0) return apiError(c, 404, `No plots found for ${resolved.value.label}`);
      if (total > MAX_SYNC_PLOTS) {
        return apiError(
          c,
          413,
          `${resolved.value.label} has ${total} plots, more than ${MAX_SYNC_PLOTS} can be assessed in one request: start a background job (POST /api/eudr/jobs)`,
        );
      }
      const ids = await plotIdsInScope(deps.db, resolved.value.scope, null, MAX_SYNC_PLOTS);
      const { results } = await assessPlots(ids, deps);
      return success(c, { scope: resolved.value.label, assessed: results.length, results });
    },
  )
  .post(
    "/jobs",
    assessing,
    describe("Start a background assessment job", { 202: "The job, queued (or done when the scope is empty)" }),
    body(JobApiSchema, "Choose what the job should assess"),
    async (c) => {
      const deps = serviceDeps(c);
      const result = await createAssessmentJob(c.req.valid("json"), deps.actor, deps);
      if (!result.ok) return reply(c, result);
      if (result.job.status !== "done") kick(c, result.job.id);
      return success(c, { job: result.job }, 202);
    },
  )
  .get("/jobs", assessing, describe("The 20 most recent assessment jobs"), async (c) => {
    return success(c, { jobs: (await recentJobs(serviceDeps(c).db, 20)).map(jobView) });
  })
  .get("/jobs/:id", assessing, describe("An assessment job's progress (polling resumes a stalled job)"), async (c) => {
    const job = await findJob(serviceDeps(c).db, c.req.param("id"));
    if (!job) return apiError(c, 404, "No such assessment job");
    // Polling keeps a job moving: a released job (or one whose runner went silent) is resumed.
    const stale = job.status === "running" && Date.parse(job.updatedAt) < Date.now() - JOB_LEASE_MS;
    if (job.status === "queued" || stale) kick(c, job.id);
    return success(c, { job: jobView(job) });
  })
  .get("/plots/:id/assessments", assessing, describe("A plot's verdict history"), async (c) => {
    const { db } = serviceDeps(c);
    const plot = await findPlotByIdOrCode(db, c.req.param("id"));
    if (!plot) return apiError(c, 404, "No such plot");
    const history = await assessmentHistory(db, plot.id);
    const { id, plotCode, riskLevel, assessedAt, validationState } = plot;
    return success(c, {
      plot: { id, plotCode, riskLevel, assessedAt, validationState },
      assessments: history.map((a) => ({ ...a, evidence: JSON.parse(a.evidence), reasons: JSON.parse(a.reasons) })),
    });
  })
  .get(
    "/export",
    assessing,
    describe("The DDS-ready GeoJSON of a scope, one package per part (?manifest=1: the list of parts)", {
      200: "application/geo+json, or the manifest as JSON",
    }),
    eudrExport,
  );
