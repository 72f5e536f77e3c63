import { InspectionForm } from "#app/components/inspection/inspection-form";
import {
  buttonClass,
  CorrectionFields,
  PlainField,
  PlainRadios,
  PlainSummary,
} from "#app/components/inspection/plain-form";
import { pageMeta } from "#app/components/kit/page-meta";
import { PostForm } from "#app/components/kit/post-form";
import { WorkShell } from "#app/components/work-shell";
import { PortHistory, type PortHistoryData } from "../components/inspection/port-history";
import { replyFor } from "../lib/light-form";
import { useOutboxForm } from "../lib/use-outbox-form";
import type { Route } from "./+types/port-inspection";

export { WorkErrorBoundary as ErrorBoundary } from "#app/components/work-shell";
export { outboxPageHeaders as headers } from "#app/lib/page-form.server";
export { action, loader } from "./port-inspection.server";

export const meta = ({ params }: Route.MetaArgs) => pageMeta(`Port inspection ${params.batchCode.toUpperCase()}`);

export default function PortInspection({ loaderData: d, actionData }: Route.ComponentProps) {
  const reply = replyFor(actionData, undefined) ?? replyFor(actionData, "phytosanitary");
  const correction = replyFor(actionData, "correct_port");
  const { batch } = d;
  const outbox = useOutboxForm({
    formId: "port-inspection",
    kind: "inspection",
    owner: d.user.loginId,
    label: () => `Port inspection of ${batch.batchCode}`,
  });
  return (
    <WorkShell title={`Port inspection ${batch.batchCode}`} user={d.user}>
      <p className="mb-3 text-slate-700">
        {batch.commodity}, {batch.weightKg.toLocaleString("en-US")} kg.
      </p>
      {batch.status === "warehouse_inspected" ? (
        <InspectionForm
          formId="port-inspection"
          outbox={outbox}
          csrf={d.user.csrf}
          reply={reply}
          submissionId={d.submissionId}
          submit="Record port inspection"
        >
          <PlainField reply={reply} name="port" label="Port" defaultValue="Freeport of Monrovia" />
          <PlainField reply={reply} name="containerNumber" label="Container number" hint="4 letters and 7 digits" />
          <PlainField reply={reply} name="sealNumber" label="Seal number" />
          <PlainField reply={reply} name="pestsFound" label="Pests found" hint="Leave blank if none" />
          <PlainField reply={reply} name="treatment" label="Treatment" hint="e.g. Fumigation; blank if none" />
          <PlainField reply={reply} name="treatmentChemical" label="Chemical (active ingredient)" />
          <PlainField reply={reply} name="treatmentDate" label="Treatment date" type="date" />
          <PlainField reply={reply} name="fumigationCertificateRef" label="Fumigation certificate reference" />
          <PlainRadios reply={reply} name="decision" legend="Decision" options={DECISIONS} />
          <PlainField reply={reply} name="refusalReason" label="Reason for refusing" hint="Required when refusing" />
        </InspectionForm>
      ) : (
        <section className="space-y-3 rounded-md border border-slate-200 bg-white p-4">
          <h2 className="font-bold">Phytosanitary certificate</h2>
          {d.signed && (
            <p className="text-sm">
              Signed off at {d.signed.port}: container {d.signed.containerNumber}, seal {d.signed.sealNumber}.
            </p>
          )}
          <PlainSummary reply={reply} />
          {d.issued ? (
            <a
              href={`/api/certificates/phytosanitary/batch/${batch.batchCode}`}
              className="font-semibold text-green-800 underline"
            >
              Download the phytosanitary certificate (PDF)
            </a>
          ) : (
            <PostForm csrf={d.user.csrf} intent="phytosanitary">
              <button type="submit" className={buttonClass}>
                Issue the phytosanitary certificate
              </button>
            </PostForm>
          )}
        </section>
      )}
      {d.latest && (
        <PortHistory
          d={d as PortHistoryData}
          correction={correction}
          fields={
            <>
              <CorrectionFields fields={FINDINGS} reply={correction} recorded={d.latest.values} />
              <PlainRadios
                reply={correction ?? { initialValue: { decision: d.latest.values.decision } }}
                prefix="fix-"
                name="decision"
                legend="Decision"
                options={DECISIONS}
              />
              <PlainField
                reply={correction}
                prefix="fix-"
                name="refusalReason"
                label="Reason for refusing"
                hint="Required when refusing"
                defaultValue={d.latest.values.refusalReason}
              />
            </>
          }
        />
      )}
    </WorkShell>
  );
}

/** Sign off or refuse, when recording and when correcting. */
const DECISIONS = [
  ["sign_off", "Sign off"],
  ["refuse", "Refuse (the batch is held)"],
] as const;

/** The recorded fields before the decision, blank meaning "none" as when recording. */
const FINDINGS = [
  ["port", "Port"],
  ["containerNumber", "Container number", "text", "4 letters and 7 digits"],
  ["sealNumber", "Seal number"],
  ["pestsFound", "Pests found (blank if none)"],
  ["treatment", "Treatment (blank if none)"],
  ["treatmentChemical", "Chemical (active ingredient)"],
  ["treatmentDate", "Treatment date", "date"],
  ["fumigationCertificateRef", "Fumigation certificate reference"],
] as const;
