import { isRouteErrorResponse, useRouteError } from "react-router";
import type { Role } from "#worker/auth/roles";
import { AccessDenied, WorkErrorBoundary } from "../work-shell";

/** A role dashboard's errors: the wrong role gets the dashboards' 403 page, anything else the work pages' screen. */
export function DashboardErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403 && (error.data as { title?: string })?.title) {
    const d = error.data as { title: string; role: Role; home: string };
    return (
      <AccessDenied heading={`You cannot open the ${d.title}`} role={d.role} home={d.home} place="portal" allPortals />
    );
  }
  return <WorkErrorBoundary />;
}
