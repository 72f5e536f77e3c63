import { NavLink, Outlet } from "react-router";
import { pageMeta } from "#app/components/kit/page-meta";
import { WorkErrorBoundary, WorkShell } from "../components/work-shell";
import type { Route } from "./+types/profile";

export { loader } from "./profile.server";

export const meta = () => pageMeta("My profile");

/** The sections of /profile (issue 13): each is a sub-path, so each works as a plain link. */
export const PROFILE_SECTIONS = [
  { to: "/profile", label: "My details", end: true },
  { to: "/profile/password", label: "Password", end: false },
  { to: "/profile/sessions", label: "Sessions", end: false },
  { to: "/profile/notifications", label: "Notifications", end: false },
] as const;

export default function Profile({ loaderData }: Route.ComponentProps) {
  return (
    <WorkShell title="My profile" user={loaderData.user}>
      <nav aria-label="Profile sections" className="-mx-1 mb-4 overflow-x-auto">
        <ul className="flex flex-wrap gap-1 text-sm">
          {PROFILE_SECTIONS.map((s) => (
            <li key={s.to}>
              <NavLink
                to={s.to}
                end={s.end}
                prefetch="none"
                className={({ isActive }) =>
                  `block rounded-md border px-3 py-1.5 font-semibold ${isActive ? "border-green-800 bg-green-800 text-white" : "border-slate-300 bg-white text-green-900"}`
                }
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </WorkShell>
  );
}

export const ErrorBoundary = WorkErrorBoundary;
