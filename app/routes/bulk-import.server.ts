import { env, waitUntil } from "cloudflare:workers";
import { data, redirect } from "react-router";
import { getImportRun, recentImportRuns } from "#db/queries/import-runs";
import { formWithin } from "#worker/http/body-limit";
import {
  BACKGROUND_BUDGET_MS,
  continueImport,
  MAX_IMPORT_BYTES,
  runView,
  STALE_MS,
  startImport,
} from "#worker/services/registry/bulk-import";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS, requireRole, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { overQuota } from "../lib/quota.server";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/bulk-import";

const TITLE = "bulk import";

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireRole(request, "importRegistry", TITLE);
  const deps = { ...pageDeps(session), files: env.CERTS };
  const { db } = deps;
  const runId = new URL(request.url).searchParams.get("run");
  const current = runId ? await getImportRun(db, runId) : null;
  // Opening the page keeps a paused run moving (the cron handler does the same every 5 minutes).
  if (current?.status === "running" && Date.now() - Date.parse(current.updatedAt) > STALE_MS) {
    waitUntil(continueImport(current.id, deps, BACKGROUND_BUDGET_MS));
  }
  const runs = await recentImportRuns(db, 10);
  return data(
    { user: await shellUser(session), current: current ? runView(current) : null, runs: runs.map(runView) },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireRole(request, "importRegistry", TITLE);
  // Read as it streams, up to the file's limit plus the form's framing: never past it (chunked or not).
  const form = await formWithin(request, MAX_IMPORT_BYTES + 64 * 1024);
  if (!form) {
    return data({ error: "The file is too large (limit 30 MiB): split it into several files." }, { status: 413 });
  }
  if (!(await verifyCsrf(session, form))) {
    return data({ error: CSRF_FAILED }, { status: 403 });
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0)
    return data({ error: "Choose a CSV or GeoJSON file to import." }, { status: 400 });
  if (!/\.(csv|geojson|json)$/i.test(file.name)) {
    return data({ error: "The file must be a CSV (.csv) or GeoJSON (.geojson or .json) file." }, { status: 400 });
  }
  const limited = await overQuota(session, "import");
  if (limited) return data({ error: limited.message }, { status: 429, headers: limited.headers });
  const deps = { ...pageDeps(session), files: env.CERTS };
  const run = await startImport({ fileName: file.name, bytes: await file.arrayBuffer() }, deps);
  if (run.status === "running") waitUntil(continueImport(run.id, deps, BACKGROUND_BUDGET_MS));
  return redirect(`/bulk-import?run=${run.id}`);
}
