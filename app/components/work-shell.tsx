import { isRouteErrorResponse, Link, NavLink, useRouteError } from "react-router";
import type { WorkLink } from "#app/lib/work-links.server";
import { HOME_DASHBOARD, ROLE_LABEL, type Role } from "#worker/auth/roles";
import { LogoutButton } from "./logout-button";

/** What a work page's loader passes to the shell (see `shellUser` in app/lib/work-page.server.ts). */
export type ShellUser = { name: string; role: Role; loginId: string; csrf: string; nav: WorkLink[] };

/** A list of the traceability pages a role may open (`workLinks` on the server), for the dashboards. */
export function WorkLinks({ links }: { links: WorkLink[] }) {
  if (!links.length) return null;
  return (
    <nav aria-label="Traceability work" className="mt-6">
      <h2 className="text-lg font-bold">Traceability</h2>
      <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {links.map((n) => (
          <li key={n.to}>
            <Link
              to={n.to}
              prefetch="none"
              className="block rounded-lg border border-green-200 bg-white p-3 font-semibold text-green-900 hover:bg-green-50"
            >
              {n.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Header (title, role, logout), a compact role-aware navigation and the main landmark for the
 * traceability work pages. Plain links and forms: it works with JavaScript off.
 */
export function WorkShell({ title, user, children }: { title: string; user: ShellUser; children: React.ReactNode }) {
  const links = user.nav;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="bg-green-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2">
          <Link to={HOME_DASHBOARD[user.role]} className="flex items-center gap-2">
            <img src="/api/assets/lacra-logo.svg" alt="" width={32} height={32} className="h-8 w-8" />
            <span className="leading-tight">
              <span className="block text-sm font-bold">Liberia Agricultural Traceability</span>
              <span className="block text-xs text-green-200">
                {user.name} · {ROLE_LABEL[user.role]}
              </span>
            </span>
          </Link>
          <LogoutButton csrf={user.csrf} account={user.loginId} />
        </div>
        {links.length > 0 && (
          <nav aria-label="Traceability" className="scroll-cue mx-auto max-w-6xl overflow-x-auto px-2 pb-1">
            <ul className="flex gap-1 text-sm whitespace-nowrap">
              {links.map((n) => (
                <li key={n.to}>
                  <NavLink
                    to={n.to}
                    prefetch="none"
                    className={({ isActive }) =>
                      `block rounded px-2 py-1 ${isActive ? "bg-white text-green-900 font-semibold" : "text-green-50 hover:bg-green-800"}`
                    }
                  >
                    {n.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-5">
        <h1 className="mb-4 text-2xl font-extrabold text-slate-900">{title}</h1>
        {children}
      </main>
    </div>
  );
}

/** Route ErrorBoundary for work pages: 403 (wrong role) and 404 (unknown record) get clear pages. */
export function WorkErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    const d = error.data as { title: string; role: Role; home: string; message?: string };
    return (
      <AccessDenied
        heading={`You cannot open ${d.title}`}
        role={d.role}
        home={d.home}
        place="page"
        reason={d.message}
      />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    const d = (error.data ?? {}) as { message?: string; back?: { href: string; label: string } };
    return (
      <main className="mx-auto flex min-h-screen max-w-lg flex-col justify-center gap-3 p-6">
        <p className="text-sm font-semibold text-red-700">404 — Not found</p>
        <h1 className="text-2xl font-bold">{d.message ?? "This record does not exist"}</h1>
        {d.back && (
          <Link to={d.back.href} className="font-semibold text-green-800 underline">
            {d.back.label}
          </Link>
        )}
      </main>
    );
  }
  throw error;
}

/** The 403 page of the server-side role checks (`requireRole`, `requireDashboard`). */
export function AccessDenied({
  heading,
  role,
  home,
  place,
  allPortals = false,
  reason,
}: {
  heading: string;
  role: Role;
  home: string;
  place: "page" | "portal";
  allPortals?: boolean;
  /** Why this record is not theirs (e.g. another county's plot), when the guard knows. */
  reason?: string;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="bg-green-900 px-4 py-3 text-white">
        <Link to={home} className="flex items-center gap-2 text-sm font-bold">
          <img src="/api/assets/lacra-logo.svg" alt="" width={32} height={32} className="h-8 w-8" />
          Liberia Agricultural Traceability
        </Link>
      </header>
      <main className="mx-auto flex w-full max-w-lg flex-1 flex-col justify-center gap-3 p-6">
        <p className="text-sm font-semibold text-red-700">403 — Access denied</p>
        <h1 className="text-2xl font-bold">{heading}</h1>
        <p className="text-slate-700">
          {reason
            ? `${reason}.`
            : `Your account (${ROLE_LABEL[role]}) does not have access to this ${place}. If you need access, ask the regulator's system administrator.`}
        </p>
        <p className="flex gap-4">
          <Link to={home} className="font-semibold text-green-800 underline">
            Go to your dashboard
          </Link>
          {allPortals && (
            <Link to="/portals" className="font-semibold text-green-800 underline">
              All portals
            </Link>
          )}
        </p>
      </main>
    </div>
  );
}
