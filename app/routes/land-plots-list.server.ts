import { data } from "react-router";
import { listPlots } from "#db/queries/land-plots";
import { can } from "#worker/auth/permissions";
import { PLOT_TITLES, PLOTS_PAGE_SIZE, readPlotQuery } from "#worker/content/land-plots";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/land-plots-list";

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireRole(request, "readRegistry", PLOT_TITLES.list);
  const { filter, page } = readPlotQuery(new URL(request.url).searchParams);
  const { rows, total } = await listPlots(pageDeps().db, filter, page, PLOTS_PAGE_SIZE);
  return data(
    {
      user: await shellUser(session),
      canCreate: can(session.role, "editPlots"),
      filter,
      page,
      pages: Math.max(1, Math.ceil(total / PLOTS_PAGE_SIZE)),
      total,
      plots: rows,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}
