import { Suspense } from "react";
import { BatchSummary } from "#app/components/batch/batch-summary";
import { ErrorSummary } from "#app/components/kit/error-summary";
import { pageMeta } from "#app/components/kit/page-meta";
import { Section } from "#app/components/kit/section";
import { ServerHtml } from "#app/components/kit/server-html";
import { WorkShell } from "#app/components/work-shell";
import { BATCH_TITLES } from "#app/content/batches";
import { lazyInBrowser } from "#app/lib/lazy-in-browser";
import type { Route } from "./+types/batch-details";

// Every form and every section below the summary loads with its own chunk, and only when the page
// shows it (a reader with no form to fill loads no form code); the server renders them inline as
// usual, so they work with JavaScript off. This keeps the page within the 130 KiB first-load budget.
const TransferForm = lazyInBrowser("TransferForm", () =>
  import("#app/components/batch/transfer-form").then((m) => m.TransferForm),
);
const ComplianceForm = lazyInBrowser("ComplianceForm", () =>
  import("#app/components/batch/compliance-form").then((m) => m.ComplianceForm),
);
const DdsForm = lazyInBrowser("DdsForm", () => import("#app/components/batch/dds-form").then((m) => m.DdsForm));
const DispatchForm = lazyInBrowser("DispatchForm", () =>
  import("#app/components/batch/dispatch-form").then((m) => m.DispatchForm),
);
const SplitForm = lazyInBrowser("SplitForm", () =>
  import("#app/components/batch/split-merge-forms").then((m) => m.SplitForm),
);
const MergeForm = lazyInBrowser("MergeForm", () =>
  import("#app/components/batch/split-merge-forms").then((m) => m.MergeForm),
);
const CorrectionForm = lazyInBrowser("CorrectionForm", () =>
  import("#app/components/batch/correction-form").then((m) => m.CorrectionForm),
);

// The batch page: one component per section or form, in app/components/batch/.
export { WorkErrorBoundary as ErrorBoundary } from "#app/components/work-shell";
export { action, loader } from "./batch-details.server";

export const meta = ({ params }: Route.MetaArgs) =>
  pageMeta(`${BATCH_TITLES.details} ${params.batchCode.toUpperCase()}`);

const RECORDED: Record<string, string> = {
  purchase: "Purchase recorded: the batch is registered.",
  warehouse_received: "Warehouse intake recorded.",
  warehouse_inspected: "Warehouse inspection recorded.",
  port_inspected: "Port inspection recorded.",
  exported: "Export shipment recorded.",
  split: "Batch split: the new batches are listed under Lineage.",
  merge: "Batches merged into this new batch.",
  mark_compliant: "The batch is marked EUDR-compliant.",
  recheck: "Compliance re-checked against the plots' latest verdicts.",
  dds: "DDS reference and verification numbers recorded.",
  dispatch: "The batch is sent to the warehouse: it is in the warehouse inspector's intake queue.",
  correct_purchase: "Correction recorded.",
  void_step: "The step is voided.",
};

export default function BatchDetails({ loaderData: d, actionData }: Route.ComponentProps) {
  const { batch, actions } = d;
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const anyAction =
    actions.nextSteps.length > 0 ||
    actions.split ||
    actions.merge ||
    actions.certify ||
    actions.dds ||
    !!d.dispatch ||
    d.correctionForms.length > 0;
  // A refusal for a form this user is not shown (e.g. a post from an old page) still gets said.
  const shown: Record<string, boolean> = {
    transfer: actions.nextSteps.length > 0,
    split: actions.split,
    merge: actions.merge,
    compliance: actions.certify,
    dds: actions.dds,
    dispatch: !!d.dispatch,
    ...Object.fromEntries(d.correctionForms.map((f) => [f.intent, true])),
  };
  const orphan: string[] = actionData && !shown[actionData.intent] ? (actionData.result.error?.[""] ?? []) : [];
  return (
    <WorkShell title={`${BATCH_TITLES.details} ${batch.batchCode}`} user={d.user}>
      {orphan.length > 0 && (
        <div className="mb-4">
          <ErrorSummary items={orphan.map((message) => ({ message }))} />
        </div>
      )}
      {d.recorded && RECORDED[d.recorded] && (
        <p
          role="status"
          className="mb-4 rounded-md bg-green-50 p-3 font-semibold text-green-900"
          data-testid="recorded"
        >
          {RECORDED[d.recorded]}
        </p>
      )}
      <BatchSummary d={d} />

      {anyAction && (
        <Section id="actions" className="mt-6 space-y-4" title="What you can record">
          <Suspense fallback={null}>
            {actions.nextSteps.map((to) => (
              <TransferForm
                key={to}
                to={to}
                weightKg={batch.weightKg}
                csrf={d.user.csrf}
                result={resultFor("transfer")}
              />
            ))}
          </Suspense>
          {actions.certify && (
            <Suspense fallback={null}>
              <ComplianceForm data={d} csrf={d.user.csrf} actionData={actionData} />
            </Suspense>
          )}
          {d.dispatch && (
            <Suspense fallback={null}>
              <DispatchForm dispatch={d.dispatch} csrf={d.user.csrf} result={resultFor("dispatch")} />
            </Suspense>
          )}
          {actions.dds && (
            <Suspense fallback={null}>
              <DdsForm batch={batch} csrf={d.user.csrf} result={resultFor("dds")} />
            </Suspense>
          )}
          <Suspense fallback={null}>
            {actions.split && <SplitForm weightKg={batch.weightKg} csrf={d.user.csrf} result={resultFor("split")} />}
            {actions.merge && <MergeForm csrf={d.user.csrf} result={resultFor("merge")} />}
            {d.correctionForms.map((spec) => (
              <CorrectionForm key={spec.intent} spec={spec} csrf={d.user.csrf} result={resultFor(spec.intent)} />
            ))}
          </Suspense>
        </Section>
      )}

      <ServerHtml html={d.html.inspection} />
      <ServerHtml html={d.html.origins} />
      <ServerHtml html={d.html.custody} />
      <ServerHtml html={d.html.lineage} />
      <ServerHtml html={d.html.versions} />
      {d.auditorExport && (
        <Section id="records" className="mt-6" title="Records">
          <p className="mt-2">
            <a
              className="font-semibold text-blue-800 underline"
              href={`/batches/${batch.batchCode}/auditor-export`}
              download
              data-testid="auditor-export"
            >
              Download the auditor's export (ZIP)
            </a>{" "}
            : every record of the chain, with versions, certificates, GeoJSON and audit rows.
          </p>
        </Section>
      )}
    </WorkShell>
  );
}
