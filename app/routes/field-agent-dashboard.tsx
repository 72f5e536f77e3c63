import { useEffect, useState } from "react";
import { Link } from "react-router";
import { pageMeta } from "#app/components/kit/page-meta";
import { Section } from "#app/components/kit/section";
import { Notices } from "#app/components/notices";
import { longDate } from "#app/lib/dates";
import { CountTile, DashboardFrame, SECTION } from "../components/dashboards/dashboard-frame";
import { pendingUploads } from "../lib/pending-uploads";
import { warmFieldPages } from "../lib/sw-client";
import type { Route } from "./+types/field-agent-dashboard";

export { PortalErrorBoundary as ErrorBoundary } from "#app/components/inspection/dashboard-error";

export { loader } from "./field-agent-dashboard.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.title ?? "Field Agent Dashboard");
}

const ACTION = "block rounded-lg bg-green-800 p-4 text-center text-lg font-bold text-white hover:bg-green-900";

export default function FieldAgentDashboard({ loaderData }: Route.ComponentProps) {
  const { title, user, roleLabel, csrf, counts, notices } = loaderData;
  // Pending uploads live on this phone only: the server cannot know them, so "—" until the browser counts.
  const [pending, setPending] = useState<number | null>(null);
  useEffect(() => {
    const drafts = pendingUploads();
    setPending(drafts);
    // The outbox's own count loads its code only here, after the page (it is not in the first load).
    import("../lib/outbox")
      .then((outbox) => outbox.pendingCount())
      .then((queued) => setPending(drafts + queued))
      .catch(() => undefined);
    void warmFieldPages(user.loginId);
  }, [user.loginId]);
  return (
    <DashboardFrame title={title} heading={`Welcome, ${user.name}`} role={roleLabel} csrf={csrf} account={user.loginId}>
      <section aria-labelledby="quick" data-testid="quick-actions">
        <h2 id="quick" className="sr-only">
          Quick actions
        </h2>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <li>
            <Link to="/onboard-farmer" prefetch="none" className={ACTION}>
              Onboard a farmer
            </Link>
          </li>
          <li>
            <Link to="/create-land-plot" prefetch="none" className={ACTION}>
              Map a plot
            </Link>
          </li>
        </ul>
      </section>
      <Section id="counts" className={SECTION} title="My registrations">
        <ul className="mt-2 grid grid-cols-3 gap-2" data-testid="agent-counts">
          <CountTile label="Farmers today" value={counts.farmersToday} testId="farmers-today" />
          <CountTile label="Farmers this week" value={counts.farmersThisWeek} testId="farmers-week" />
          <CountTile label="Pending upload" value={pending ?? "—"} testId="pending-upload" />
        </ul>
        <p className="mt-2 text-sm text-slate-700" data-testid="plots-mapped">
          Plots mapped: {counts.plotsToday} today, {counts.plotsThisWeek} this week (since {longDate(counts.weekStart)}
          ).
        </p>
        <p className="mt-1 text-sm text-slate-600">
          Pending upload counts what this phone holds and the server has not received yet, such as a plot mapped without
          a connection.
        </p>
      </Section>
      <Notices {...notices} />
      <nav aria-label="More" className={`${SECTION} text-sm`}>
        <ul className="flex flex-wrap gap-x-4 gap-y-2">
          <li>
            <Link to="/farmers-list" prefetch="none" className="font-semibold text-green-800 underline">
              Farmers
            </Link>
          </li>
          <li>
            <Link to="/land-plots-list" prefetch="none" className="font-semibold text-green-800 underline">
              Land plots
            </Link>
          </li>
          <li>
            <Link to="/outbox" prefetch="none" className="font-semibold text-green-800 underline">
              Outbox
            </Link>
          </li>
        </ul>
        <p className="mt-2 text-slate-600">
          Signed in as <span className="font-mono">{user.loginId}</span> ({roleLabel}).
        </p>
      </nav>
    </DashboardFrame>
  );
}
