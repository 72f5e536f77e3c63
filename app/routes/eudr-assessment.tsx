import { AssessSection } from "#app/components/eudr/assess-section";
import { CountyJobSection } from "#app/components/eudr/county-job-section";
import { ExportSection } from "#app/components/eudr/export-section";
import { LayersSection } from "#app/components/eudr/layers-section";
import { UploadLayerForm } from "#app/components/eudr/upload-layer-form";
import { VerdictsSection } from "#app/components/eudr/verdicts-section";
import { pageMeta } from "#app/components/kit/page-meta";
import { WorkShell } from "#app/components/work-shell";
import type { Route } from "./+types/eudr-assessment";

// The page: one component per section or form, in app/components/eudr/.
export { WorkErrorBoundary as ErrorBoundary } from "#app/components/work-shell";
export { action, loader } from "./eudr-assessment.server";

const TITLE = "EUDR assessment";
export const meta = () => pageMeta(TITLE);

export default function EudrAssessment({ loaderData, actionData }: Route.ComponentProps) {
  const { user, canManage, notice, jobActive, verdicts } = loaderData;
  const installError = actionData?.intent === "install-sample" ? actionData.formError : null;
  return (
    <WorkShell title={TITLE} user={user}>
      {/* Works with JavaScript off: the page reloads itself while a background job runs. */}
      {jobActive && !actionData && <meta httpEquiv="refresh" content="3" />}
      <p className="text-sm text-slate-700">
        Each plot is intersected with every active reference layer and judged by the convergence-of-evidence method: low
        if there was no tree cover at the end of 2020, the commodity was already there in 2020, or the forest was
        disturbed before 2020; high after a disturbance following 31 December 2020 or inside a protected area; otherwise
        more information is needed. A layer counts when it covers at least 10% of the plot. Without layer data a plot is
        never “low”.
      </p>
      {notice && (
        <p
          role="status"
          className="mt-3 rounded-md bg-green-50 p-3 text-sm font-semibold text-green-900"
          data-testid="notice"
        >
          {notice}
        </p>
      )}
      {installError && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm font-semibold text-red-900">
          {installError}
        </p>
      )}

      <LayersSection d={loaderData} />
      {canManage && <UploadLayerForm d={loaderData} actionData={actionData} />}
      <AssessSection d={loaderData} actionData={actionData} />
      <CountyJobSection d={loaderData} actionData={actionData} />
      {loaderData.canRecheck && (
        <p className="mt-3 text-sm">
          When a rule changes, stored plots are checked again:{" "}
          <a href="/recheck-jobs" className="font-semibold text-green-800 underline">
            re-check of stored plots
          </a>
          .
        </p>
      )}
      <VerdictsSection verdicts={verdicts} />
      <ExportSection />
    </WorkShell>
  );
}
