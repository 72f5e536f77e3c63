import { lazy, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { pageMeta } from "#app/components/kit/page-meta";
import { Pagination } from "#app/components/kit/pagination";
import { Notices } from "#app/components/notices";
import { ShowMap } from "#app/components/show-map";
import { RISK_LABEL } from "#worker/content/land-plots";
import { formatDistance } from "#worker/domain/visit-queue";
import { WorkShell } from "../components/work-shell";
import type { Route } from "./+types/unified-land-inspector-dashboard";

export { DashboardErrorBoundary as ErrorBoundary } from "#app/components/inspection/dashboard-error";
export { loader } from "./unified-land-inspector-dashboard.server";

// Leaflet is its own chunk, fetched only when the inspector taps "Show map" (never in the first load).
import { warmFieldPages } from "../lib/sw-client";

const VisitQueueMap = lazy(() => import("../components/visit-queue-map"));

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.title ?? "Land Inspector Dashboard");
}

export default function LandInspectorDashboard({ loaderData }: Route.ComponentProps) {
  const { queue, position, user, readOnly, canVisit, canEdit, typed, positionError } = loaderData;
  const pageCount = Math.max(1, Math.ceil(queue.total / queue.pageSize));
  const [hasJs, setHasJs] = useState(false);
  const [locating, setLocating] = useState<string | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    setHasJs(true);
    void warmFieldPages(user.loginId);
  }, [user.loginId]);
  const here = (page: number) => {
    const q = new URLSearchParams();
    if (page > 1) q.set("page", String(page));
    if (position) {
      q.set("lat", String(position.lat));
      q.set("lon", String(position.lon));
    }
    const s = q.toString();
    return `/unified-land-inspector-dashboard${s ? `?${s}` : ""}`;
  };
  const locate = () => {
    if (!("geolocation" in navigator)) return setLocating("This phone cannot give its position: type it below.");
    setLocating("Finding your position…");
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setLocating(null);
        navigate(
          `/unified-land-inspector-dashboard?lat=${p.coords.latitude.toFixed(6)}&lon=${p.coords.longitude.toFixed(6)}`,
        );
      },
      () => setLocating("Your position could not be found: type it below."),
      { enableHighAccuracy: false, timeout: 15000, maximumAge: 120000 },
    );
  };
  return (
    <WorkShell title={loaderData.title} user={user}>
      {readOnly && (
        <p className="mb-4 rounded-md bg-blue-50 p-3 text-sm text-blue-900" data-testid="read-only">
          Read-only oversight view: as {loaderData.roleLabel} you can see this queue but not visit, edit or retire
          plots.
        </p>
      )}
      <p className="mb-3 font-semibold">Welcome, {user.name}</p>
      <h2 className="text-lg font-bold">Verification queue</h2>
      <p className="text-sm text-slate-700" data-testid="queue-scope">
        {queue.county ? `Plots in ${queue.county}, your assigned county` : "Plots in every county"} that need a field
        visit: {queue.total.toLocaleString("en")}. Most urgent first
        {position ? ", then nearest to you" : ""}.
      </p>
      {queue.byRank.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2 text-xs" aria-label="Why plots are in the queue">
          {queue.byRank.map((r) => (
            <li key={r.priority} className="rounded-full border border-slate-300 bg-white px-2 py-0.5">
              {r.reason}: <span className="font-semibold tabular-nums">{r.n.toLocaleString("en")}</span>
            </li>
          ))}
        </ul>
      )}

      <form method="get" className="mt-3 rounded-md border border-slate-200 bg-white p-3" aria-label="My position">
        <p className="text-sm font-semibold">Sort by distance from my position (optional)</p>
        {hasJs && (
          <button
            type="button"
            onClick={locate}
            className="mt-1 min-h-11 rounded-md border border-green-800 px-3 py-1 text-sm font-semibold text-green-900"
          >
            Use my position
          </button>
        )}
        {locating && (
          <p role="status" className="text-sm text-slate-700">
            {locating}
          </p>
        )}
        {positionError && <p className="text-sm font-semibold text-red-700">{positionError}</p>}
        <div className="mt-2 grid grid-cols-2 gap-2">
          <label className="text-sm">
            Latitude
            <input
              name="lat"
              inputMode="decimal"
              defaultValue={typed.lat}
              className="block min-h-11 w-full rounded border border-slate-400 px-2 py-1"
            />
          </label>
          <label className="text-sm">
            Longitude
            <input
              name="lon"
              inputMode="decimal"
              defaultValue={typed.lon}
              className="block min-h-11 w-full rounded border border-slate-400 px-2 py-1"
            />
          </label>
        </div>
        <button
          type="submit"
          className="mt-2 min-h-11 rounded-md bg-green-800 px-3 py-1 text-sm font-semibold text-white"
        >
          Sort by distance
        </button>
      </form>

      {hasJs && queue.items.length > 0 && (
        <div className="mt-3">
          <ShowMap>
            <VisitQueueMap
              plots={queue.items.map((p) => ({ id: p.id, plotCode: p.plotCode, reason: p.reason, ...p.centre }))}
              me={position}
            />
          </ShowMap>
        </div>
      )}

      {queue.items.length === 0 ? (
        <p className="mt-4 text-slate-700" data-testid="queue-empty">
          No plot needs a field visit.
        </p>
      ) : (
        <ol className="mt-4 space-y-2" data-testid="visit-queue" start={(queue.page - 1) * queue.pageSize + 1}>
          {queue.items.map((p) => (
            <li key={p.id} className="rounded-md border border-slate-200 bg-white p-3 text-sm [overflow-wrap:anywhere]">
              <p className="flex flex-wrap justify-between gap-2">
                <Link to={`/land-plot-details/${p.id}`} className="font-mono font-semibold text-green-800 underline">
                  {p.plotCode}
                </Link>
                {p.distanceKm != null && (
                  <span className="font-semibold tabular-nums" data-testid="distance">
                    {formatDistance(p.distanceKm)}
                  </span>
                )}
              </p>
              <p className="font-semibold text-amber-900" data-testid="queue-reason">
                {p.reason}
              </p>
              <p className="text-slate-700">
                {p.farmerName ?? "Unknown farmer"} ({p.farmerId}) · {p.crop ?? "no crop"} · {p.county ?? "—"}
                {p.declaredCounty && p.declaredCounty !== p.county ? ` (declared ${p.declaredCounty})` : ""} ·{" "}
                {p.riskLevel ? (RISK_LABEL[p.riskLevel] ?? p.riskLevel) : "Not assessed"} · version {p.version}
              </p>
              {(canVisit || canEdit) && (
                <p className="mt-1 flex flex-wrap gap-4">
                  {canVisit && (
                    <Link to={`/land-plot-details/${p.id}/visit`} className="font-semibold text-green-800 underline">
                      Record a visit
                    </Link>
                  )}
                  {canEdit && (
                    <Link to={`/land-plot-details/${p.id}/edit`} className="font-semibold text-green-800 underline">
                      Edit boundary
                    </Link>
                  )}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
      <div className="mt-4">
        <Pagination page={queue.page} pageCount={pageCount} href={here} status={`Page ${queue.page} of ${pageCount}`} />
      </div>
      <Notices {...loaderData.notices} />
      <p className="mt-6 text-sm">
        <Link to="/land-plots-list" className="font-semibold text-green-800 underline">
          All land plots
        </Link>
      </p>
    </WorkShell>
  );
}
