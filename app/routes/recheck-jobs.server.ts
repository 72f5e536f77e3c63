import { waitUntil } from "cloudflare:workers";
import { data, redirect } from "react-router";
import { readRecheckOverview, runRecheckJob, startOrContinueRecheck } from "#worker/services/recheck/recheck-plots";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS, requireRole, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/recheck-jobs";

export const TITLE = "Re-check of stored plots";
/** A running job with no progress for this long is resumed in the background when the page loads. */
const STALLED_MS = 30_000;

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireRole(request, "manageRecheck", TITLE);
  const deps = pageDeps(session);
  const overview = await readRecheckOverview(deps);
  for (const job of overview.jobs)
    if (job.status === "running" && Date.parse(job.updatedAt) < Date.now() - STALLED_MS)
      waitUntil(runRecheckJob(job.id, deps, 20_000).catch((e) => console.error("re-check slice failed", job.id, e)));
  const url = new URL(request.url);
  return data(
    {
      user: await shellUser(session),
      ...overview,
      active: overview.jobs.some((j) => j.status === "running"),
      notice: url.searchParams.get("started") === "1" ? "The re-check is running; this page follows it." : null,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireRole(request, "manageRecheck", TITLE);
  const form = await request.formData();
  if (!(await verifyCsrf(session, form)))
    return data({ formError: CSRF_FAILED }, { status: 403, headers: PRIVATE_PAGE_HEADERS });
  const result = await startOrContinueRecheck(pageDeps(session));
  if (!result.ok) return data({ formError: result.message }, { status: result.status, headers: PRIVATE_PAGE_HEADERS });
  return redirect("/recheck-jobs?started=1");
}
