import { type FieldMetadata, getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { CsrfInput, ErrorSummary, pageMeta } from "#app/components/kit";
import { ROLE_LABEL, type Role } from "#worker/auth/roles";
import { DdsSchema, MergeFormSchema, SplitSchema, TransferSchema } from "#worker/contracts/batches";
import { QUALITY_GRADES } from "#worker/domain/commodities";
import { type ChainStatus, GRADING_STEPS, STATUS_LABEL, STEP_NAME } from "#worker/domain/custody";
import { GpsFields } from "../components/gps-fields";
import { WorkShell } from "../components/work-shell";
import { BATCH_TITLES, COMPLIANCE_BADGE, COMPLIANCE_SHORT, PLACE_HINT, RISK_WORDS } from "../content/batches";
import type { Route } from "./+types/batch-details";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./batch-details.server";

export const meta = ({ params }: Route.MetaArgs) =>
  pageMeta(`${BATCH_TITLES.details} ${params.batchCode.toUpperCase()}`);

const input = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2";
const button = "rounded-md bg-green-800 px-4 py-2.5 font-semibold text-white";
const kg = (n: number | null | undefined) =>
  n == null ? "—" : `${n.toLocaleString("en-US", { maximumFractionDigits: 3 })} kg`;
const stage = (s: string) => STATUS_LABEL[s as ChainStatus] ?? s;

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
};

type Data = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

export default function BatchDetails({ loaderData: d, actionData }: Route.ComponentProps) {
  const { batch, actions } = d;
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const anyAction = actions.nextSteps.length > 0 || actions.split || actions.merge || actions.certify || actions.dds;
  // A refusal for a form this user is not shown (e.g. a post from an old page) still gets said.
  const shown: Record<string, boolean> = {
    transfer: actions.nextSteps.length > 0,
    split: actions.split,
    merge: actions.merge,
    compliance: actions.certify,
    dds: actions.dds,
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
      <div className="grid gap-4 lg:grid-cols-3">
        <section aria-labelledby="summary" className="rounded-md border border-slate-200 bg-white p-4 lg:col-span-2">
          <h2 id="summary" className="sr-only">
            Summary
          </h2>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
            {(
              [
                ["Commodity", `${batch.commodity} (HS ${batch.hsCode})`],
                ["Weight", kg(batch.weightKg)],
                ["Quality grade", batch.grade ?? "—"],
                ["Harvest date", batch.harvestDate ?? "—"],
                ["Stage", stage(batch.status)],
                ["County of origin", batch.county ?? "—"],
                ["Registered", batch.createdAt.slice(0, 10)],
                ...(batch.derivedBy
                  ? [["Made by", batch.derivedBy === "split" ? "Splitting a batch" : "Merging batches"]]
                  : []),
                ...(batch.ddsReference
                  ? [
                      ["EU DDS reference", batch.ddsReference],
                      ["DDS verification", batch.ddsVerification ?? "—"],
                    ]
                  : []),
              ] as [string, string][]
            ).map(([k, v]) => (
              <div key={k}>
                <dt className="font-semibold text-slate-600">{k}</dt>
                <dd className="break-words">{v}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-4 space-y-2" data-testid="compliance">
            <p>
              <span className={`rounded px-2 py-1 text-sm font-bold ${COMPLIANCE_BADGE[batch.complianceStatus] ?? ""}`}>
                {COMPLIANCE_SHORT[batch.complianceStatus] ?? batch.complianceStatus}
              </span>
            </p>
            {batch.complianceReason && <p className="text-sm">{batch.complianceReason}</p>}
            {batch.complianceStatus !== "compliant" &&
              d.eligibility.verdict === "eligible" &&
              batch.complianceStatus !== "pending" && (
                <p className="text-sm text-slate-700">
                  Today every origin plot is valid and low risk: re-check to update.
                </p>
              )}
            {batch.volumeFlag && (
              <p className="rounded-md bg-red-50 p-2 text-sm text-red-900" data-testid="volume-flag">
                <strong>Volume flagged for inspection.</strong> {batch.volumeNote}
              </p>
            )}
            {!batch.volumeFlag && batch.volumeNote && <p className="text-sm text-slate-600">{batch.volumeNote}</p>}
          </div>
        </section>

        <section aria-labelledby="trace" className="rounded-md border border-slate-200 bg-white p-4 text-center">
          <h2 id="trace" className="font-bold">
            Public trace
          </h2>
          <img
            src={`/api/qr/${batch.batchCode}.svg`}
            alt={`QR code of the public trace page of ${batch.batchCode}`}
            width={160}
            height={160}
            className="mx-auto my-2 h-40 w-40"
            loading="lazy"
          />
          <p className="text-sm">
            <Link to={`/qr/${batch.batchCode}`} className="font-semibold text-green-800 underline" reloadDocument>
              Open the public page
            </Link>
          </p>
          <p className="mt-1 text-sm">
            Download the label:{" "}
            <a href={`/api/qr/${batch.batchCode}.png`} download className="text-green-800 underline">
              PNG
            </a>{" "}
            ·{" "}
            <a href={`/api/qr/${batch.batchCode}.svg`} download className="text-green-800 underline">
              SVG
            </a>
          </p>
        </section>
      </div>

      {anyAction && (
        <section aria-labelledby="actions" className="mt-6 space-y-4">
          <h2 id="actions" className="text-lg font-bold">
            What you can record
          </h2>
          {actions.nextSteps.map((to) => (
            <TransferForm
              key={to}
              to={to}
              weightKg={batch.weightKg}
              csrf={d.user.csrf}
              result={resultFor("transfer")}
            />
          ))}
          {actions.certify && <ComplianceForm data={d} csrf={d.user.csrf} actionData={actionData} />}
          {actions.dds && <DdsForm batch={batch} csrf={d.user.csrf} result={resultFor("dds")} />}
          {actions.split && <SplitForm weightKg={batch.weightKg} csrf={d.user.csrf} result={resultFor("split")} />}
          {actions.merge && <MergeForm csrf={d.user.csrf} result={resultFor("merge")} />}
        </section>
      )}

      <Origins d={d} />
      <Timeline d={d} />
      <Lineage d={d} />
    </WorkShell>
  );
}

function errorItems(form: { errors?: string[] }, fields: Record<string, FieldMetadata<unknown>>, names: string[]) {
  return [
    ...(form.errors ?? []).map((message) => ({ message })),
    ...names.flatMap((n) => (fields[n]?.errors ?? []).map((message) => ({ fieldId: fields[n]!.id, message }))),
  ];
}

function TextField({
  meta,
  label,
  hint,
  inputMode,
  type = "text",
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  inputMode?: "decimal" | "text";
  type?: "text";
}) {
  return (
    <div>
      <label htmlFor={meta.id} className="block text-sm font-semibold">
        {label}
      </label>
      {hint && <p className="text-xs text-slate-600">{hint}</p>}
      {meta.errors?.[0] && (
        <p id={`${meta.id}-error`} className="text-sm font-semibold text-red-700">
          {meta.errors[0]}
        </p>
      )}
      <input
        {...getInputProps(meta as FieldMetadata<string>, { type })}
        key={meta.key}
        inputMode={inputMode}
        className={input}
      />
    </div>
  );
}

type Result = NonNullable<ActionData>["result"] | undefined;

function TransferForm({
  to,
  weightKg,
  csrf,
  result,
}: {
  to: ChainStatus;
  weightKg: number;
  csrf: string;
  result: Result;
}) {
  const [form, fields] = useForm({
    id: `transfer-${to}`,
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TransferSchema }),
    defaultValue: { weightInKg: String(weightKg) },
  });
  const grading = GRADING_STEPS.includes(to);
  const names = [
    "weightInKg",
    "weightOutKg",
    ...(grading ? ["grade"] : []),
    "location",
    "latitude",
    "longitude",
    "note",
  ];
  return (
    <form method="post" {...getFormProps(form)} className="space-y-3 rounded-md border border-green-200 bg-white p-4">
      <h3 className="font-bold">Record {STEP_NAME[to]}</h3>
      <CsrfInput token={csrf} />
      <input type="hidden" name="intent" value="transfer" />
      <input type="hidden" name="toStatus" value={to} />
      <ErrorSummary items={errorItems(form, fields as never, names)} />
      <div className="grid grid-cols-2 gap-3">
        <TextField meta={fields.weightInKg} label="Weight in (kg)" hint="What you received" inputMode="decimal" />
        <TextField meta={fields.weightOutKg} label="Weight out (kg)" hint="After this step" inputMode="decimal" />
      </div>
      {grading && (
        <div>
          <label htmlFor={fields.grade.id} className="block text-sm font-semibold">
            Quality grade found (optional)
          </label>
          {fields.grade.errors?.[0] && <p className="text-sm font-semibold text-red-700">{fields.grade.errors[0]}</p>}
          <select {...getSelectProps(fields.grade)} key={fields.grade.key} className={input}>
            <option value="">Keep the current grade</option>
            {QUALITY_GRADES.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </div>
      )}
      <TextField meta={fields.location} label="Place" hint={PLACE_HINT} />
      <GpsFields
        latitude={{
          id: fields.latitude.id,
          name: fields.latitude.name,
          defaultValue: fields.latitude.initialValue as string | undefined,
          errors: fields.latitude.errors,
        }}
        longitude={{
          id: fields.longitude.id,
          name: fields.longitude.name,
          defaultValue: fields.longitude.initialValue as string | undefined,
          errors: fields.longitude.errors,
        }}
      />
      <TextField meta={fields.note} label="Note (optional)" />
      <button type="submit" className={button}>
        Record {STEP_NAME[to]}
      </button>
    </form>
  );
}

function ComplianceForm({ data: d, csrf, actionData }: { data: Data; csrf: string; actionData: ActionData }) {
  const errors: string[] = actionData?.intent === "compliance" ? (actionData.result.error?.[""] ?? []) : [];
  const eligible = d.eligibility.verdict === "eligible";
  return (
    <form method="post" className="space-y-2 rounded-md border border-green-200 bg-white p-4">
      <h3 className="font-bold">EUDR compliance</h3>
      <CsrfInput token={csrf} />
      <input type="hidden" name="intent" value="compliance" />
      <ErrorSummary items={errors.map((message) => ({ message }))} />
      <p className="text-sm">{d.eligibility.reason}.</p>
      <div className="flex flex-wrap gap-2">
        {d.batch.complianceStatus !== "compliant" && (
          <button
            type="submit"
            name="decision"
            value="mark_compliant"
            className={
              eligible ? button : "rounded-md border border-slate-400 px-4 py-2.5 font-semibold text-slate-700"
            }
          >
            Mark EUDR-compliant
          </button>
        )}
        <button
          type="submit"
          name="decision"
          value="recheck"
          className="rounded-md border border-green-800 px-4 py-2.5 font-semibold text-green-800"
        >
          Re-check against the plots' latest verdicts
        </button>
      </div>
    </form>
  );
}

function DdsForm({ batch, csrf, result }: { batch: Data["batch"]; csrf: string; result: Result }) {
  const [form, fields] = useForm({
    id: "dds",
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DdsSchema }),
    defaultValue: { ddsReference: batch.ddsReference ?? "", ddsVerification: batch.ddsVerification ?? "" },
  });
  return (
    <form method="post" {...getFormProps(form)} className="space-y-3 rounded-md border border-green-200 bg-white p-4">
      <h3 className="font-bold">EU due diligence statement</h3>
      <p className="text-sm text-slate-700">
        Once the EU buyer has filed the DDS in the EU information system, record the numbers it gave them.
      </p>
      <CsrfInput token={csrf} />
      <input type="hidden" name="intent" value="dds" />
      <ErrorSummary items={errorItems(form, fields as never, ["ddsReference", "ddsVerification"])} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField meta={fields.ddsReference} label="DDS reference number" />
        <TextField meta={fields.ddsVerification} label="DDS verification number" />
      </div>
      <button type="submit" className={button}>
        Save DDS numbers
      </button>
    </form>
  );
}

function SplitForm({ weightKg, csrf, result }: { weightKg: number; csrf: string; result: Result }) {
  const [form, fields] = useForm({
    id: "split",
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SplitSchema }),
  });
  return (
    <form method="post" {...getFormProps(form)} className="space-y-3 rounded-md border border-slate-200 bg-white p-4">
      <h3 className="font-bold">Split this batch</h3>
      <CsrfInput token={csrf} />
      <input type="hidden" name="intent" value="split" />
      <ErrorSummary items={errorItems(form, fields as never, ["weights", "location", "note"])} />
      <TextField
        meta={fields.weights}
        label="Weights of the new batches (kg)"
        hint={`Separated by commas, e.g. 400, 350 — together at most ${kg(weightKg)}. Every new batch keeps every origin plot.`}
      />
      <TextField meta={fields.location} label="Place (optional)" hint={PLACE_HINT} />
      <TextField meta={fields.note} label="Note (optional)" />
      <button type="submit" className={button}>
        Split
      </button>
    </form>
  );
}

function MergeForm({ csrf, result }: { csrf: string; result: Result }) {
  const [form, fields] = useForm({
    id: "merge",
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MergeFormSchema }),
  });
  return (
    <form method="post" {...getFormProps(form)} className="space-y-3 rounded-md border border-slate-200 bg-white p-4">
      <h3 className="font-bold">Merge with other batches</h3>
      <CsrfInput token={csrf} />
      <input type="hidden" name="intent" value="merge" />
      <ErrorSummary items={errorItems(form, fields as never, ["withCodes", "location", "note"])} />
      <TextField
        meta={fields.withCodes}
        label="Codes of the batches to merge with this one"
        hint="Same commodity, same stage; separated by commas. The merged batch keeps every origin plot."
      />
      <TextField meta={fields.location} label="Place (optional)" hint={PLACE_HINT} />
      <TextField meta={fields.note} label="Note (optional)" />
      <button type="submit" className={button}>
        Merge
      </button>
    </form>
  );
}

function Origins({ d }: { d: Data }) {
  return (
    <section aria-labelledby="origins" className="mt-6">
      <h2 id="origins" className="mb-2 text-lg font-bold">
        Origin plots
      </h2>
      {d.origins.length === 0 ? (
        <p className="text-slate-600">No origin plot to show.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full bg-white text-sm" data-testid="origins-table">
            <thead>
              <tr className="bg-slate-100 text-left">
                <th scope="col" className="p-2">
                  Plot
                </th>
                <th scope="col" className="p-2">
                  Farmer
                </th>
                <th scope="col" className="p-2">
                  County
                </th>
                <th scope="col" className="p-2 text-right">
                  Area
                </th>
                <th scope="col" className="p-2 text-right">
                  Share
                </th>
                <th scope="col" className="p-2">
                  Verdict
                </th>
              </tr>
            </thead>
            <tbody>
              {d.origins.map((o) => (
                <tr key={o.plotId} className="border-t">
                  <td className="p-2 font-mono">
                    {d.staffLinks ? (
                      <Link to={`/land-plot-details/${o.plotId}`} className="text-green-800 underline">
                        {o.plotCode ?? o.plotId}
                      </Link>
                    ) : (
                      (o.plotCode ?? o.plotId)
                    )}
                  </td>
                  <td className="p-2">
                    {o.farmerName ?? "—"}
                    <span className="block font-mono text-xs">
                      {d.staffLinks ? (
                        <Link to={`/farmers/${o.farmerId}`} className="text-green-800 underline">
                          {o.farmerId}
                        </Link>
                      ) : (
                        o.farmerId
                      )}
                    </span>
                  </td>
                  <td className="p-2">{o.county ?? "—"}</td>
                  <td className="p-2 text-right tabular-nums">
                    {o.areaHectares == null
                      ? "—"
                      : `${o.areaHectares.toLocaleString("en", { maximumFractionDigits: 2 })} ha`}
                  </td>
                  <td className="p-2 text-right tabular-nums">{kg(o.weightKg)}</td>
                  <td
                    className={`p-2 ${o.validationState !== "valid" || o.riskLevel === "high" ? "font-semibold text-red-700" : ""}`}
                  >
                    {o.validationState !== "valid"
                      ? "Invalid geometry"
                      : o.riskLevel
                        ? (RISK_WORDS[o.riskLevel] ?? o.riskLevel)
                        : "Not assessed"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {d.hiddenOrigins > 0 && (
        <p className="mt-1 text-sm text-slate-600">
          This batch also holds produce from {d.hiddenOrigins} plot{d.hiddenOrigins === 1 ? "" : "s"} of other farmers.
        </p>
      )}
    </section>
  );
}

function Timeline({ d }: { d: Data }) {
  return (
    <section aria-labelledby="custody" className="mt-6">
      <h2 id="custody" className="mb-2 text-lg font-bold">
        Chain of custody
      </h2>
      <ol className="space-y-2 border-l-2 border-green-700 pl-4" data-testid="custody-timeline">
        {d.custody.map((e) => (
          <li key={e.id} className="rounded-md bg-white p-3 text-sm shadow-sm">
            <p className="font-semibold">
              {e.fromStatus === null ? `New batch (${stage(e.toStatus)})` : stage(e.toStatus)}
              {e.batchCode !== d.batch.batchCode && (
                <span className="font-normal text-slate-600"> · as {e.batchCode}</span>
              )}
            </p>
            <p className="text-slate-700">
              {e.occurredAt.slice(0, 16).replace("T", " ")} UTC · {e.actorName ?? "—"} (
              {ROLE_LABEL[e.actorRole as Role] ?? e.actorRole})
            </p>
            <p className="text-slate-700">
              {e.location ?? "Place not given"}
              {e.latitude != null &&
                e.longitude != null &&
                ` · GPS ${e.latitude.toFixed(6)}, ${e.longitude.toFixed(6)}`}
            </p>
            {(e.weightInKg != null || e.weightOutKg != null) && (
              <p className="text-slate-700">
                Weight in {kg(e.weightInKg)} · out {kg(e.weightOutKg)}
              </p>
            )}
            {e.note && <p className="mt-1 text-slate-800">{e.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Lineage({ d }: { d: Data }) {
  const { parents, children } = d.lineage;
  if (!parents.length && !children.length) return null;
  const item = (b: (typeof parents)[number]) => (
    <li key={b.batchId}>
      <Link to={`/batches/${b.code}`} className="font-mono text-green-800 underline">
        {b.code}
      </Link>{" "}
      · {kg(b.weightKg)} · {stage(b.status)}
    </li>
  );
  return (
    <section aria-labelledby="lineage" className="mt-6" data-testid="lineage">
      <h2 id="lineage" className="mb-2 text-lg font-bold">
        Lineage
      </h2>
      {parents.length > 0 && (
        <>
          <h3 className="font-semibold">{parents[0]!.kind === "merge" ? "Merged from" : "Split from"}</h3>
          <ul className="list-disc pl-5 text-sm">{parents.map(item)}</ul>
        </>
      )}
      {children.length > 0 && (
        <>
          <h3 className="mt-2 font-semibold">{children[0]!.kind === "merge" ? "Merged into" : "Split into"}</h3>
          <ul className="list-disc pl-5 text-sm">{children.map(item)}</ul>
        </>
      )}
    </section>
  );
}
