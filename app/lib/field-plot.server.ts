import { data } from "react-router";
import type { Permission } from "#worker/auth/permissions";
import { HOME_DASHBOARD } from "#worker/auth/roles";
import { plotForFieldWork } from "#worker/services/plots/plot-access";
import { PRIVATE_PAGE_HEADERS, requireRole } from "./auth.server";
import { pageDeps } from "./deps.server";
import { notFound } from "./work-page.server";

/**
 * The guard of the land inspector's plot pages (edit, visit): the role needs `permission`, and the
 * plot must be one the inspector may work on (its county) — an unknown id is a 404 with a link
 * `back`, a plot outside their work the service's refusal as the 403 page.
 */
export async function requireFieldPlot(
  request: Request,
  id: string,
  permission: "editPlots" | "recordVisits",
  title: string,
  back: { href: string; label: string },
) {
  const session = await requireRole(request, permission satisfies Permission, title);
  const access = await plotForFieldWork(pageDeps().db, session, id, permission);
  if (!access.ok && access.status === 404) notFound("No land plot with this ID", back);
  if (!access.ok)
    throw data(
      {
        forbidden: true as const,
        title,
        role: session.role,
        home: HOME_DASHBOARD[session.role],
        message: access.message,
      },
      { status: access.status, headers: PRIVATE_PAGE_HEADERS },
    );
  return { session, plot: access.value };
}

/** The plot as both field pages (edit, visit) head their form: its ids, version (for stale edits) and status. */
export function fieldPlotHeading(plot: {
  id: string;
  plotCode: string;
  farmerId: string;
  version: number;
  status: string;
}) {
  return { id: plot.id, plotCode: plot.plotCode, farmerId: plot.farmerId, version: plot.version, status: plot.status };
}
