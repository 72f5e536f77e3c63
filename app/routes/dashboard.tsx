import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { pageMeta } from "#app/components/kit/page-meta";
import { Notices } from "#app/components/notices";
import { SealTitle } from "#app/components/seal";
import type { Role } from "#worker/auth/roles";
import { LogoutButton } from "../components/logout-button";
import { ReportsSection } from "../components/report-list";
import { AccessDenied, WorkLinks } from "../components/work-shell";
import type { Route } from "./+types/dashboard";

export { loader } from "./dashboard.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.title ?? "Dashboard");
}

const TILES = [
  { key: "totalFarms", label: "Total farms" },
  { key: "activeFarmers", label: "Active farmers" },
  { key: "pendingInspections", label: "Pending inspections" },
  { key: "completedInspections", label: "Completed inspections" },
] as const;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "public") {
    const a = loaderData.aggregates;
    return (
      <Shell
        title={loaderData.title}
        subtitle="Public accessibility view — national aggregate figures only, no personal data."
      >
        <ul className="grid grid-cols-2 gap-3">
          <Tile label="Registered farmers" value={a.registeredFarmers} />
          <Tile label="Counties covered" value={a.countiesCovered} />
        </ul>
        <h2 className="mt-6 text-lg font-bold">Farmers by county</h2>
        {a.farmersByCounty.length === 0 ? (
          <p className="mt-2 text-slate-600">No farmer registrations yet.</p>
        ) : (
          <table className="mt-2 w-full bg-white text-sm">
            <thead>
              <tr className="bg-slate-100 text-left">
                <th scope="col" className="p-2">
                  County
                </th>
                <th scope="col" className="p-2 text-right">
                  Farmers
                </th>
              </tr>
            </thead>
            <tbody>
              {a.farmersByCounty.map((r) => (
                <tr key={r.county} className="border-t">
                  <td className="p-2">{r.county}</td>
                  <td className="p-2 text-right tabular-nums">{r.farmers}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="mt-6 text-sm">
          Donors, NGOs and auditors with an account can{" "}
          <Link to="/monitoring-login" className="font-semibold text-green-800 underline">
            sign in
          </Link>{" "}
          for reports.
        </p>
      </Shell>
    );
  }

  const { user, roleLabel, access, metrics, csrf, title, reports, notices } = loaderData;
  return (
    <Shell title={title} subtitle={`Welcome, ${user.name}`} role={roleLabel} csrf={csrf}>
      {access === "read-only" && (
        <p className="mb-4 rounded-md bg-blue-50 p-3 text-sm text-blue-900" data-testid="read-only">
          Read-only oversight view: as {roleLabel} you can see this dashboard but not change anything in it.
        </p>
      )}
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {TILES.map((t) => (
          <Tile key={t.key} label={t.label} value={metrics[t.key]} />
        ))}
      </ul>
      <Notices {...notices} />
      <WorkLinks role={user.role} />
      {reports && <ReportsSection reports={reports.items} canGenerate={reports.canGenerate} />}
      <p className="mt-6 text-sm text-slate-600">
        Signed in as <span className="font-mono">{user.loginId}</span> ({roleLabel}).
      </p>
    </Shell>
  );
}

function Tile({ label, value }: { label: string; value: number }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 text-center shadow-sm">
      <p className="text-2xl font-extrabold text-green-800 tabular-nums">{value}</p>
      <p className="text-sm text-slate-600">{label}</p>
    </li>
  );
}

function Shell({
  title,
  subtitle,
  role,
  csrf,
  children,
}: {
  title: string;
  subtitle: string;
  role?: string;
  csrf?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="bg-green-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-3">
            <SealTitle title={title} sub={role} titleClass="font-bold" />
          </div>
          {csrf && <LogoutButton csrf={csrf} />}
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <h1 className="mb-4 text-2xl font-extrabold text-slate-900">{subtitle}</h1>
        {children}
      </main>
    </div>
  );
}

/** Wrong role → a clear 403 page (the loader throws it); anything else → the generic screen. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    const d = error.data as { title: string; role: Role; home: string };
    return (
      <AccessDenied heading={`You cannot open the ${d.title}`} role={d.role} home={d.home} place="portal" allPortals />
    );
  }
  throw error;
}
