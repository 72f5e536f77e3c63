import { isRouteErrorResponse, useRouteError } from "react-router";
import type { Role } from "#worker/auth/roles";
import { AccessDenied, WorkErrorBoundary } from "../work-shell";

/** The dashboards' 403 page when `error` is a guard's refusal (app/lib/auth.server.ts), else null. */
export function dashboardAccessDenied(error: unknown) {
  if (isRouteErrorResponse(error) && error.status === 403 && (error.data as { title?: string })?.title) {
    const d = error.data as { title: string; role: Role; home: string };
    return (
      <AccessDenied heading={`You cannot open the ${d.title}`} role={d.role} home={d.home} place="portal" allPortals />
    );
  }
  return null;
}

/** A role dashboard's errors: the wrong role gets the dashboards' 403 page, anything else the work pages' screen. */
export function DashboardErrorBoundary() {
  return dashboardAccessDenied(useRouteError()) ?? <WorkErrorBoundary />;
}

/** A portal's errors: the wrong role gets the dashboards' 403 page, anything else goes on to the root's boundary. */
export function PortalErrorBoundary() {
  const error = useRouteError();
  const denied = dashboardAccessDenied(error);
  if (denied) return denied;
  throw error;
}
