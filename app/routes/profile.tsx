import { NavLink } from "react-router";
import { pageMeta } from "#app/components/kit/page-meta";
import type { ChangePasswordReply } from "../components/change-password-form";
import { type DetailsReply, DetailsSection } from "../components/profile/details";
import { NotFoundSection } from "../components/profile/not-found";
import { NotificationsSection } from "../components/profile/notifications";
import { PasswordSection } from "../components/profile/password";
import { PushSection } from "../components/profile/push";
import { SessionsSection } from "../components/profile/sessions";
import { WorkErrorBoundary, WorkShell } from "../components/work-shell";
import type { Route } from "./+types/profile";

export { action, loader } from "./profile.server";

const TITLES = {
  details: "My details",
  password: "Password",
  sessions: "Sessions",
  notifications: "Notifications",
  push: "Push notifications",
  "not-found": "Not found",
} as const;

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(`${TITLES[loaderData?.section ?? "details"]} — My profile`);
}

/** The sections of /profile: each is a sub-path, so each works as a plain link. */
const SECTIONS = [
  { to: "/profile", label: "My details", end: true },
  { to: "/profile/password", label: "Password", end: false },
  { to: "/profile/sessions", label: "Sessions", end: false },
  { to: "/profile/notifications", label: "Notifications", end: false },
  { to: "/profile/push", label: "Push notifications", end: false },
] as const;

export default function Profile({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <WorkShell title="My profile" user={d.user}>
      <nav aria-label="Profile sections" className="-mx-1 mb-4">
        <ul className="flex flex-wrap gap-1 text-sm">
          {SECTIONS.map((s) => (
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
      {d.section === "details" && (
        <DetailsSection details={d.details} csrf={d.csrf} saved={d.saved} reply={actionData as DetailsReply} />
      )}
      {d.section === "password" && (
        <PasswordSection csrf={d.csrf} changed={d.changed} reply={actionData as ChangePasswordReply} />
      )}
      {d.section === "sessions" && (
        <SessionsSection sessions={d.sessions} csrf={d.csrf} done={d.done} reply={actionData as { error?: string }} />
      )}
      {d.section === "notifications" && (
        <NotificationsSection
          notices={d.notices}
          unread={d.unread}
          preferences={d.preferences}
          csrf={d.csrf}
          done={d.done}
          reply={actionData as { error?: string }}
        />
      )}
      {d.section === "push" && (
        <PushSection
          devices={d.devices}
          publicKey={d.publicKey}
          csrf={d.csrf}
          done={d.done}
          reply={actionData as { error?: string }}
        />
      )}
      {d.section === "not-found" && <NotFoundSection path={d.path} />}
    </WorkShell>
  );
}

export const ErrorBoundary = WorkErrorBoundary;
