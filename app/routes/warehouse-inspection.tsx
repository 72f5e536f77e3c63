import { InspectionForm } from "#app/components/inspection/inspection-form";
import { PlainField, PlainRadios } from "#app/components/inspection/plain-form";
import { pageMeta } from "#app/components/kit/page-meta";
import { WorkShell } from "#app/components/work-shell";
import { useOutboxForm } from "../lib/use-outbox-form";
import type { Route } from "./+types/warehouse-inspection";

export { WorkErrorBoundary as ErrorBoundary } from "#app/components/work-shell";
export { outboxPageHeaders as headers } from "#app/lib/page-form.server";
export { action, loader } from "./warehouse-inspection.server";

export const meta = ({ params }: Route.MetaArgs) => pageMeta(`Quality inspection ${params.batchCode.toUpperCase()}`);

const pct = { inputMode: "decimal" as const, hint: "In %, one decimal" };

export default function WarehouseInspection({ loaderData: d, actionData }: Route.ComponentProps) {
  const reply = actionData?.reply;
  const { batch } = d;
  const outbox = useOutboxForm({
    formId: "warehouse-inspection",
    kind: "inspection",
    owner: d.user.loginId,
    label: () => `Quality inspection of ${batch.batchCode}`,
  });
  const cocoa = batch.commodity === "Cocoa";
  return (
    <WorkShell title={`Quality inspection ${batch.batchCode}`} user={d.user}>
      <p className="mb-3 text-slate-700">
        {batch.commodity}, {batch.weightKg.toLocaleString("en-US")} kg. Record what you measured: the platform computes
        the grade (A+ to F) and says which criterion decided it. Grade F rejects the batch.
      </p>
      {!d.graded && <p className="rounded-md bg-amber-50 p-3">The grading rules cover cocoa and coffee only.</p>}
      {batch.status !== "warehouse_received" && (
        <p className="mb-3 rounded-md bg-amber-50 p-3">Receive this batch at the warehouse before inspecting it.</p>
      )}
      <InspectionForm
        formId="warehouse-inspection"
        outbox={outbox}
        csrf={d.user.csrf}
        reply={reply}
        submissionId={d.submissionId}
        submit="Record inspection"
      >
        <PlainField reply={reply} name="moisturePercent" label="Moisture" {...pct} />
        {cocoa ? (
          <>
            <PlainField
              reply={reply}
              name="beanCountPer100g"
              label="Bean count per 100 g"
              inputMode="numeric"
              hint="Whole beans"
            />
            <PlainField reply={reply} name="mouldyPercent" label="Mouldy beans (cut test of 300)" {...pct} />
            <PlainField reply={reply} name="slatyPercent" label="Slaty beans (cut test)" {...pct} />
            <PlainField
              reply={reply}
              name="defectivePercent"
              label="Insect-damaged, germinated or flat beans"
              {...pct}
            />
            <PlainField reply={reply} name="foreignMatterPercent" label="Foreign matter" {...pct} />
            <PlainRadios
              reply={reply}
              name="smokyBeans"
              legend="Smoky beans found?"
              options={[
                ["no", "No"],
                ["yes", "Yes"],
              ]}
            />
          </>
        ) : (
          <>
            <PlainField
              reply={reply}
              name="defectsPer300g"
              label="Defects in the 300 g sample (ICO count)"
              inputMode="numeric"
            />
            <PlainField reply={reply} name="foreignMatterPercent" label="Foreign matter" {...pct} />
          </>
        )}
        <PlainField reply={reply} name="location" label="Warehouse (town or facility)" defaultValue={d.warehouse} />
        <PlainField reply={reply} name="note" label="Note (optional)" />
        <PlainRadios
          reply={reply}
          name="disposition"
          legend="If the batch fails (grade F), what happens to it?"
          options={[
            ["returned_to_buyer", "Returned to the buyer"],
            ["destroyed", "Destroyed"],
          ]}
        />
      </InspectionForm>
    </WorkShell>
  );
}
