import { data } from "react-router";
import { can } from "#worker/auth/permissions";
import { DASHBOARDS, ROLE_LABEL } from "#worker/auth/roles";
import { VisitQueueQuerySchema } from "#worker/contracts/land-inspection";
import { listVisitQueue } from "#worker/services/plots/list-visit-queue";
import { PRIVATE_PAGE_HEADERS, requireDashboard } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { noticesFor } from "../lib/notices.server";
import { shellUser } from "../lib/work-page.server";

export const LAND_DASHBOARD_PATH = "/unified-land-inspector-dashboard";

/**
 * The land inspector's dashboard: the verification queue of the plots assigned to them (ADR 005
 * "Land inspection"), most urgent first, then nearest first when ?lat=&lon= give a position
 * (typed with JavaScript off, or filled from the phone's GPS with it on). DG and DDGOTS see it
 * read-only: no visit, edit or retire links.
 */
export async function loader({ request }: { request: Request }) {
  const { session, access } = await requireDashboard(request, LAND_DASHBOARD_PATH);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = VisitQueueQuerySchema.safeParse(params);
  const query = parsed.success ? parsed.data : { page: 1, lat: undefined, lon: undefined };
  const position = query.lat !== undefined && query.lon !== undefined ? { lat: query.lat, lon: query.lon } : null;
  const result = await listVisitQueue({ page: query.page, position }, pageDeps(session));
  if (!result.ok) throw data({ message: result.message }, { status: result.status, headers: PRIVATE_PAGE_HEADERS });
  const acts = access === "full";
  const notices = await noticesFor(session);
  return data(
    {
      title: DASHBOARDS[LAND_DASHBOARD_PATH].title,
      user: await shellUser(session),
      roleLabel: ROLE_LABEL[session.role],
      readOnly: access === "read-only",
      canVisit: acts && can(session.role, "recordVisits"),
      canEdit: acts && can(session.role, "editPlots"),
      queue: result.value,
      position,
      positionError: parsed.success ? null : (parsed.error.issues[0]?.message ?? null),
      typed: { lat: params.lat ?? "", lon: params.lon ?? "" },
      notices,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}
