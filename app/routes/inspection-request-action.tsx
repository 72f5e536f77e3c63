export { WorkErrorBoundary as ErrorBoundary } from "#app/components/work-shell";
export { action, loader } from "./inspection-request-action.server";

/** Action-only route: every answer is a redirect to the inspector's dashboard. */
export default function InspectionRequestAction() {
  return null;
}
