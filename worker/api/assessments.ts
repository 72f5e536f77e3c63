/**
 * /api/eudr: reference layers, deforestation-risk assessment (immediate or as a background job),
 * verdict history and the DDS-ready GeoJSON export (docs/eudr-rules.md, ADR 008).
 * Layer uploads go through /api's 1 MiB body limit; larger files are uploaded as a multipart
 * form on /eudr-assessment (up to 10 MiB).
 */
import { type Context, Hono } from "hono";
import { AssessApiSchema, JobApiSchema, LayerUploadApiSchema, MAX_SYNC_PLOTS } from "../contracts/eudr";
import { isDemoMode } from "../env";
import { installSampleLayers } from "../services/demo/sample-layers";
import { createAssessmentJob, jobView, runJobSlice } from "../services/eudr/assessment-jobs";
import {
  assessmentJobProgress,
  assessScopeNow,
  plotVerdictHistory,
  recentAssessmentJobs,
} from "../services/eudr/read-assessments";
import { layerFile, layerView, listReferenceLayers } from "../services/eudr/reference-layers";
import { uploadLayer } from "../services/eudr/upload-layer";
import { eudrExport } from "./eudr-export";
import { type ApiEnv, requirePermission, serviceDeps } from "./middleware";
import { apiError, privateFile, reply, success } from "./reply";
import { describe } from "./route-meta";
import { body } from "./validate";

/** A background slice stops after this long, well inside waitUntil's 30 s after the response. */
export const KICK_BUDGET_MS = 20_000;

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
    const layers = await listReferenceLayers({ includeRetired: c.req.query("all") === "1" }, serviceDeps(c));
    return success(c, { layers });
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
      const { layer, retiredVersions } = result.value;
      return success(c, { layer: layerView(layer), retiredVersions }, 201);
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
      const file = await layerFile(c.req.param("id"), serviceDeps(c));
      if (!file.ok) return reply(c, file);
      return privateFile(file.value.body, "application/geo+json", "attachment", file.value.fileName);
    },
  )
  .post(
    "/assess",
    assessing,
    describe(`Assess up to ${MAX_SYNC_PLOTS} plots now: by plot, farmer or batch`),
    body(AssessApiSchema, "Choose the plots to assess"),
    async (c) => reply(c, await assessScopeNow(c.req.valid("json"), serviceDeps(c))),
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
    return success(c, { jobs: await recentAssessmentJobs(serviceDeps(c), 20) });
  })
  .get("/jobs/:id", assessing, describe("An assessment job's progress (polling resumes a stalled job)"), async (c) => {
    const found = await assessmentJobProgress(c.req.param("id"), serviceDeps(c));
    if (!found.ok) return reply(c, found);
    const { job, needsRunner } = found.value;
    // Polling keeps a job moving: a released job (or one whose runner went silent) is resumed.
    if (needsRunner) kick(c, job.id);
    return success(c, { job: jobView(job) });
  })
  .get("/plots/:id/assessments", assessing, describe("A plot's verdict history"), async (c) =>
    reply(c, await plotVerdictHistory(c.req.param("id"), serviceDeps(c))),
  )
  .get(
    "/export",
    assessing,
    describe("The DDS-ready GeoJSON of a scope, one package per part (?manifest=1: the list of parts)", {
      200: "application/geo+json, or the manifest as JSON",
    }),
    eudrExport,
  );
