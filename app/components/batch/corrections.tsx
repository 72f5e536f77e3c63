import type { z } from "zod";
import { useForm } from "#app/lib/light-form";
import { ROLE_LABEL, type Role } from "#worker/auth/roles";
import type { CorrectPurchaseSchema, VoidStepSchema } from "#worker/contracts/records";
import { IntentForm } from "./intent-form";
import { type BatchData, type FormResult, kg, stage, TextField } from "./shared";

const REASON_HINT = "Required, at least 10 characters: it is kept with the new version and in the audit trail.";

/** Corrects the purchase (ADR 031): a new version with a reason; the first version stays. */
export function CorrectPurchaseForm({ d, csrf, result }: { d: BatchData; csrf: string; result: FormResult }) {
  const [form, fields] = useForm<z.input<typeof CorrectPurchaseSchema>>({
    id: "correct-purchase",
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <IntentForm
      form={form as never}
      fields={fields as never}
      names={["weightKg", "moisturePct", "paymentReference", "reason"]}
      intent="correct_purchase"
      csrf={csrf}
      title="Correct the purchase"
      submit="Record the correction"
      tone="slate"
      hidden={{ baseVersion: String(d.corrections.purchaseVersion) }}
      intro={
        <p className="text-sm text-slate-700">
          Fill in only what was recorded wrongly. Nothing is overwritten: the purchase gets a new version (now version{" "}
          {d.corrections.purchaseVersion}), volumes and the plausibility check are recomputed.
        </p>
      }
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField meta={fields.weightKg} label="Correct weight (kg)" inputMode="decimal" />
        <TextField meta={fields.moisturePct} label="Correct moisture (%)" inputMode="decimal" />
        <TextField meta={fields.paymentReference} label="Correct payment reference" />
      </div>
      <TextField meta={fields.reason} label="Reason for the correction" hint={REASON_HINT} />
    </IntentForm>
  );
}

/** Voids the latest custody step (ADR 031): its effect is reversed; the step stays, marked voided. */
export function VoidStepForm({ d, csrf, result }: { d: BatchData; csrf: string; result: FormResult }) {
  const [form, fields] = useForm<z.input<typeof VoidStepSchema>>({
    id: "void-step",
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const step = d.corrections.voidStep!;
  return (
    <IntentForm
      form={form as never}
      fields={fields as never}
      names={["reason"]}
      intent="void_step"
      csrf={csrf}
      title={`Void the step "${stage(step)}"`}
      submit="Void this step"
      tone="slate"
      hidden={{ toStatus: step }}
      intro={
        <p className="text-sm text-slate-700">
          For a step recorded by mistake: the batch goes back to its status, weight and holder before it. Only the
          latest step can be voided.
        </p>
      }
    >
      <TextField meta={fields.reason} label="Reason for voiding" hint={REASON_HINT} />
    </IntentForm>
  );
}

const RECORD_LABEL: Record<string, string> = { purchase: "Purchase", custody_event: "Custody step" };
const KIND_LABEL: Record<string, string> = { original: "As recorded", correction: "Correction", void: "Voided" };

function summary(data: Record<string, unknown>) {
  const parts: string[] = [];
  if (typeof data.toStatus === "string") parts.push(stage(data.toStatus));
  if (typeof data.weightG === "number") parts.push(`weight ${kg(data.weightG / 1000)}`);
  if (typeof data.weightOutG === "number") parts.push(`weight out ${kg(data.weightOutG / 1000)}`);
  if (typeof data.moistureTenthPct === "number") parts.push(`moisture ${(data.moistureTenthPct / 10).toFixed(1)} %`);
  if (typeof data.paymentReference === "string") parts.push(`payment ref. ${data.paymentReference}`);
  return parts.join(" · ") || "—";
}

/** Every version of the batch's corrected or voided records, oldest first. */
export function VersionHistory({ d }: { d: BatchData }) {
  return (
    <section aria-labelledby="versions" className="mt-6">
      <h2 id="versions" className="mb-2 text-lg font-bold">
        Corrections and versions
      </h2>
      {d.versions.length === 0 ? (
        <p className="text-sm text-slate-700">No record of this batch has been corrected or voided.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="record-versions">
            <thead>
              <tr className="border-b">
                <th className="p-2">Record</th>
                <th className="p-2">Version</th>
                <th className="p-2">What it says</th>
                <th className="p-2">Who, when, why</th>
              </tr>
            </thead>
            <tbody>
              {d.versions.map((v) => (
                <tr key={`${v.recordType}-${v.recordId}-${v.version}`} className="border-b align-top">
                  <td className="p-2">{RECORD_LABEL[v.recordType] ?? v.recordType}</td>
                  <td className="p-2">
                    {v.version} · {KIND_LABEL[v.kind] ?? v.kind}
                  </td>
                  <td className="p-2">{summary(v.data)}</td>
                  <td className="p-2">
                    {v.actorName ?? "—"} ({ROLE_LABEL[v.actorRole as Role] ?? v.actorRole ?? "—"}),{" "}
                    {v.createdAt.slice(0, 16).replace("T", " ")} UTC
                    {v.reason && <span className="block text-slate-700">Reason: {v.reason}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
