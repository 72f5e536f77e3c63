import { env } from "cloudflare:workers";
import { data } from "react-router";
import { systemHealth } from "#worker/services/users/system-health";
import { csrfFor, dashboardHead, PRIVATE_PAGE_HEADERS, requireDashboard } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { workLinks } from "../lib/work-links.server";

const PATH = "/agritrace-admin-portal";

/** The system administrator's portal: the sections, and system health from real probes. */
export async function loader({ request }: { request: Request }) {
  const { session } = await requireDashboard(request, PATH);
  const { db, now } = pageDeps();
  const [health, csrf] = await Promise.all([
    systemHealth({ db, d1: env.DB, kv: env.SESSIONS, r2: env.CERTS, now }),
    csrfFor(session),
  ]);
  return data(
    {
      ...dashboardHead(PATH, session),
      csrf,
      health,
      workLinks: workLinks(session.role),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}
