import { waitUntil } from "cloudflare:workers";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Database } from "#db/client";
import { findJob, recentJobs } from "#db/queries/assessment-jobs";
import { countPlotsInScope, plotIdsInScope, recentAssessments } from "#db/queries/plot-assessments";
import { findLayer, listLayers } from "#db/queries/reference-layers";
import { can } from "#worker/auth/permissions";
import {
  AssessFormSchema,
  CountyJobFormSchema,
  EUDR_MESSAGES,
  LayerUploadFormSchema,
  MAX_LAYER_FILE_BYTES,
  MAX_SYNC_PLOTS,
} from "#worker/contracts/eudr";
import { formWithin } from "#worker/http/body-limit";
import { installSampleLayers } from "#worker/services/demo/sample-layers";
import type { StoredEvidence } from "#worker/services/eudr/assess-plots";
import { assessPlots } from "#worker/services/eudr/assess-plots";
import {
  createAssessmentJob,
  JOB_LEASE_MS,
  jobView,
  resolvePlotScope,
  runJobSlice,
} from "#worker/services/eudr/assessment-jobs";
import { layerView } from "#worker/services/eudr/reference-layers";
import { uploadLayer } from "#worker/services/eudr/upload-layer";
import { demoMode, PRIVATE_PAGE_HEADERS, requireRole, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/eudr-assessment";

export const TITLE = "EUDR assessment";
/** Background slices started from the page stop after this long (waitUntil allows 30 s). */
const KICK_BUDGET_MS = 20_000;

/** Resumes released (or abandoned) jobs in the background: refreshing the page keeps them moving. */
function kickStalledJobs(db: Database, jobs: { id: string; status: string; updatedAt: string }[]) {
  for (const job of jobs) {
    const stale = job.status === "running" && Date.parse(job.updatedAt) < Date.now() - JOB_LEASE_MS;
    if (job.status === "queued" || stale)
      waitUntil(
        runJobSlice(job.id, { db }, KICK_BUDGET_MS).catch((e) =>
          console.error("assessment job slice failed", job.id, e),
        ),
      );
  }
}

function evidenceSummary(evidence: StoredEvidence[]) {
  return evidence.map((e) => ({
    kind: e.kind,
    layerName: e.layerName,
    version: e.version,
    sourceDate: e.sourceDate,
    sample: e.sample,
    present: e.present,
    overlapHectares: e.overlapHectares,
    overlapPercent: e.overlapPercent,
  }));
}

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireRole(request, "assessPlots", TITLE);
  const { db } = pageDeps();
  const url = new URL(request.url);
  const [layers, jobs, verdicts] = await Promise.all([listLayers(db), recentJobs(db, 5), recentAssessments(db, 20)]);
  kickStalledJobs(db, jobs);
  const uploadedId = url.searchParams.get("uploaded");
  const uploaded = uploadedId ? await findLayer(db, uploadedId) : null;
  const focusJobId = url.searchParams.get("job");
  const focusJob = focusJobId && !jobs.some((j) => j.id === focusJobId) ? await findJob(db, focusJobId) : null;
  const jobList = [...(focusJob ? [focusJob] : []), ...jobs].map(jobView);
  return data(
    {
      user: await shellUser(session),
      canManage: can(session.role, "manageLayers"),
      canRecheck: can(session.role, "manageRecheck"),
      demo: demoMode(),
      maxFileMiB: MAX_LAYER_FILE_BYTES / 1024 / 1024,
      layers: layers.map((l) => {
        const { status: _status, createdAt: _createdAt, ...view } = layerView(l);
        return view;
      }),
      jobs: jobList,
      focusJobId,
      jobActive: jobList.some((j) => j.status === "queued" || j.status === "running"),
      notice: uploaded
        ? `Stored “${uploaded.name}” version ${uploaded.version} with ${uploaded.featureCount} feature(s)${uploaded.version !== "v1" ? "; the previous version is retired and kept for past verdicts" : ""}.`
        : /^\d{1,3}$/.test(url.searchParams.get("sample") ?? "")
          ? `Sample layers loaded: ${Number(url.searchParams.get("sample"))} new layer(s). They are SAMPLE data — not authoritative.`
          : null,
      verdicts: verdicts.map((v) => ({
        id: v.id,
        plotId: v.plotId,
        plotCode: v.plotCode ?? v.plotId,
        county: v.county,
        verdict: v.verdict,
        assessedAt: v.assessedAt,
        reasons: JSON.parse(v.reasons) as string[],
        evidence: evidenceSummary(JSON.parse(v.evidence) as StoredEvidence[]),
      })),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

type Intent = "upload-layer" | "install-sample" | "assess" | "county-job";
export type AssessedRow = {
  plotId: string;
  plotCode: string;
  verdict: string;
  reasons: string[];
  evidence: ReturnType<typeof evidenceSummary>;
};
export type ActionData = {
  intent: Intent;
  result: SubmissionResult<string[]> | null;
  formError: string | null;
  scope?: string;
  results: AssessedRow[] | null;
};
const fail = (intent: Intent, status: number, body: Partial<ActionData>) =>
  data<ActionData>(
    { intent, result: null, formError: null, results: null, ...body },
    { status, headers: PRIVATE_PAGE_HEADERS },
  );

export async function action({ request }: Route.ActionArgs) {
  const session = await requireRole(request, "assessPlots", TITLE);
  // An oversize upload is refused at the first byte past the limit, never read into memory.
  const formData = await formWithin(request, MAX_LAYER_FILE_BYTES + 64 * 1024);
  if (!formData) return fail("upload-layer", 413, { formError: EUDR_MESSAGES.fileTooLarge });
  const intent = String(formData.get("intent") ?? "") as Intent;
  if (!(await verifyCsrf(session, formData))) return fail(intent, 403, { formError: EUDR_MESSAGES.csrf });
  const deps = pageDeps(session);
  const { db } = deps;

  if (intent === "upload-layer" || intent === "install-sample") {
    if (!can(session.role, "manageLayers"))
      return fail(intent, 403, { formError: "Only administrators can upload reference layers." });
    if (intent === "install-sample") {
      if (!demoMode()) return fail(intent, 403, { formError: "The sample layers can only be loaded in demo mode." });
      const { installed } = await installSampleLayers(deps);
      return redirect(`/eudr-assessment?sample=${installed.length}`);
    }
    const submission = parseWithZod(formData, { schema: LayerUploadFormSchema });
    if (submission.status !== "success") return fail(intent, 400, { result: submission.reply() });
    const { file, ...fields } = submission.value;
    const result = await uploadLayer({ ...fields, geojson: await file.text() }, deps.actor, deps);
    if (!result.ok) {
      return fail(intent, 400, {
        result: submission.reply({
          fieldErrors: {
            file: [
              result.message,
              ...(Array.isArray(result.errors) ? result.errors.map((e) => String(e.message)) : []),
            ],
          },
        }),
      });
    }
    return redirect(`/eudr-assessment?uploaded=${result.value.layer.id}`);
  }

  if (intent === "assess") {
    const submission = parseWithZod(formData, { schema: AssessFormSchema });
    if (submission.status !== "success") return fail(intent, 400, { result: submission.reply() });
    const { target, value } = submission.value;
    const resolved = await resolvePlotScope(
      target === "plot" ? { scope: "plots", plotIds: [value] } : { scope: target, value },
      db,
    );
    if (!resolved.ok)
      return fail(intent, resolved.status, {
        result: submission.reply({ fieldErrors: { value: [resolved.message] } }),
      });
    const total = await countPlotsInScope(db, resolved.value.scope);
    if (total === 0)
      return fail(intent, 404, {
        result: submission.reply({ fieldErrors: { value: [`No plots found for ${resolved.value.label}`] } }),
      });
    if (total > MAX_SYNC_PLOTS) {
      return fail(intent, 400, {
        result: submission.reply({
          fieldErrors: {
            value: [
              `${resolved.value.label} has ${total} plots: more than ${MAX_SYNC_PLOTS} run as a background job — use “Assess all plots of a county”.`,
            ],
          },
        }),
      });
    }
    const ids = await plotIdsInScope(db, resolved.value.scope, null, MAX_SYNC_PLOTS);
    const { results } = await assessPlots(ids, deps);
    return data<ActionData>(
      {
        intent,
        result: submission.reply(),
        formError: null,
        scope: resolved.value.label,
        results: results.map((r) => ({
          plotId: r.plotId,
          plotCode: r.plotCode,
          verdict: r.verdict,
          reasons: r.reasons,
          evidence: evidenceSummary(r.evidence),
        })),
      },
      { headers: PRIVATE_PAGE_HEADERS },
    );
  }

  if (intent === "county-job") {
    const submission = parseWithZod(formData, { schema: CountyJobFormSchema });
    if (submission.status !== "success") return fail(intent, 400, { result: submission.reply() });
    const created = await createAssessmentJob({ scope: "county", value: submission.value.county }, deps.actor, deps);
    if (!created.ok)
      return fail(intent, created.status, { result: submission.reply({ fieldErrors: { county: [created.message] } }) });
    if (created.job.status !== "done")
      waitUntil(
        runJobSlice(created.job.id, { db }, KICK_BUDGET_MS).catch((e) =>
          console.error("assessment job slice failed", e),
        ),
      );
    return redirect(`/eudr-assessment?job=${created.job.id}`);
  }

  return fail(intent, 400, { formError: "Unknown action: reload the page and try again." });
}
