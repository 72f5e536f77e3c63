import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { COMMODITY_NAMES, PurchaseSchema } from "#worker/contracts/batches";
import { COMPLIANCE_STATUSES } from "#worker/domain/batch-compliance";
import { QUALITY_GRADES } from "#worker/domain/commodities";
import { BATCH_STATUSES, STATUS_LABEL } from "#worker/domain/custody";
import { GpsFields } from "../components/gps-fields";
import { ErrorSummary } from "../components/login/error-summary";
import { WorkShell } from "../components/work-shell";
import { BATCH_TITLES, COMPLIANCE_BADGE, COMPLIANCE_SHORT, PLACE_HINT } from "../content/batches";
import type { Route } from "./+types/batches";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./batches.server";

export const meta = () => [
  { title: `${BATCH_TITLES.list} — Liberia Agricultural Traceability` },
  { name: "robots", content: "noindex" },
];

const input = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2";
const kg = (n: number) => `${n.toLocaleString("en-US", { maximumFractionDigits: 3 })} kg`;

export default function Batches({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, page, pages, total, batches, purchase } = loaderData;
  const query = (p: number) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(filter)) if (v) q.set(k, v === true ? "1" : String(v));
    if (p > 1) q.set("page", String(p));
    const s = q.toString();
    return s ? `?${s}` : "?";
  };
  const filters = [
    {
      name: "status",
      label: "Stage",
      value: filter.status,
      options: BATCH_STATUSES.map((s) => [s, STATUS_LABEL[s]] as const),
    },
    {
      name: "commodity",
      label: "Commodity",
      value: filter.commodity,
      options: COMMODITY_NAMES.map((c) => [c, c] as const),
    },
    {
      name: "compliance",
      label: "Compliance",
      value: filter.compliance,
      options: COMPLIANCE_STATUSES.map((c) => [c, COMPLIANCE_SHORT[c]!] as const),
    },
  ];
  return (
    <WorkShell title={BATCH_TITLES.list} user={loaderData.user}>
      {purchase && (
        <PurchaseSection
          purchase={purchase}
          today={loaderData.today}
          csrf={loaderData.user.csrf}
          result={actionData?.result}
        />
      )}

      <h2 className="mt-6 mb-2 text-lg font-bold">{purchase ? "Your batches" : "Batches you can see"}</h2>
      <form
        method="get"
        className="grid grid-cols-2 gap-3 rounded-md border border-slate-200 bg-white p-3 sm:grid-cols-6"
        aria-label="Filter batches"
      >
        {filters.map((f) => (
          <label key={f.name} className="text-sm font-semibold">
            {f.label}
            <select name={f.name} defaultValue={f.value ?? ""} className={input}>
              <option value="">All</option>
              {f.options.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        ))}
        <label className="text-sm font-semibold">
          Batch code
          <input name="code" defaultValue={filter.code ?? ""} className={input} placeholder="LR-COC-…" />
        </label>
        <label className="flex items-end gap-2 pb-2 text-sm font-semibold">
          <input type="checkbox" name="flagged" value="1" defaultChecked={filter.flagged} className="h-5 w-5" />
          Volume flagged only
        </label>
        <div className="flex items-end gap-2">
          <button type="submit" className="rounded-md bg-green-800 px-4 py-2 font-semibold text-white">
            Filter
          </button>
          <Link to="/batches" className="py-2 text-sm text-green-800 underline">
            Reset
          </Link>
        </div>
      </form>

      <p className="mt-3 text-sm" data-testid="batches-total">
        {total === 1 ? "1 batch" : `${total.toLocaleString("en")} batches`}
        {pages > 1 ? ` · page ${page} of ${pages}` : ""}
      </p>
      {batches.length === 0 ? (
        <p className="mt-4 text-slate-600">No batches match these filters.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full bg-white text-sm" data-testid="batches-table">
            <thead>
              <tr className="bg-slate-100 text-left">
                <th scope="col" className="p-2">
                  Batch
                </th>
                <th scope="col" className="p-2">
                  Commodity
                </th>
                <th scope="col" className="p-2 text-right">
                  Weight
                </th>
                <th scope="col" className="p-2">
                  Stage
                </th>
                <th scope="col" className="p-2">
                  Compliance
                </th>
                <th scope="col" className="p-2">
                  Origin
                </th>
              </tr>
            </thead>
            <tbody>
              {batches.map((b) => (
                <tr key={b.batchCode} className="border-t align-top">
                  <td className="p-2">
                    <Link to={`/batches/${b.batchCode}`} className="font-mono text-green-800 underline">
                      {b.batchCode}
                    </Link>
                    <span className="block text-xs text-slate-500">{b.createdAt.slice(0, 10)}</span>
                  </td>
                  <td className="p-2">
                    {b.commodity}
                    {b.grade && <span className="block text-xs text-slate-500">Grade {b.grade}</span>}
                  </td>
                  <td className="p-2 text-right tabular-nums">{kg(b.weightKg)}</td>
                  <td className="p-2">{STATUS_LABEL[b.status as keyof typeof STATUS_LABEL] ?? b.status}</td>
                  <td className="p-2">
                    <span
                      className={`rounded px-1.5 py-0.5 text-xs font-semibold ${COMPLIANCE_BADGE[b.complianceStatus] ?? ""}`}
                    >
                      {COMPLIANCE_SHORT[b.complianceStatus] ?? b.complianceStatus}
                    </span>
                    {b.volumeFlag && (
                      <span className="mt-1 block text-xs font-semibold text-red-700">Volume flagged</span>
                    )}
                  </td>
                  <td className="p-2">{b.county ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav aria-label="Pages" className="mt-3 flex items-center gap-4 text-sm">
          {page > 1 ? (
            <Link to={query(page - 1)} rel="prev" className="font-semibold text-green-800 underline">
              ← Previous
            </Link>
          ) : (
            <span className="text-slate-400">← Previous</span>
          )}
          {page < pages ? (
            <Link to={query(page + 1)} rel="next" className="font-semibold text-green-800 underline">
              Next →
            </Link>
          ) : (
            <span className="text-slate-400">Next →</span>
          )}
        </nav>
      )}
    </WorkShell>
  );
}

type Purchase = NonNullable<Route.ComponentProps["loaderData"]["purchase"]>;
type Result = NonNullable<Route.ComponentProps["actionData"]>["result"];

/** The buyer's purchase form: first choose the farmer (GET), then tick their plots and post. */
function PurchaseSection({
  purchase,
  today,
  csrf,
  result,
}: {
  purchase: Purchase;
  today: string;
  csrf: string;
  result: Result | undefined;
}) {
  const [form, fields] = useForm({
    id: "purchase",
    lastResult: result ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PurchaseSchema }),
    defaultValue: { farmerIds: purchase.farmer ? [purchase.farmer.farmerId] : [], harvestDate: today },
  });
  const names = [
    "plotCodes",
    "commodity",
    "weightKg",
    "grade",
    "harvestDate",
    "latitude",
    "longitude",
    "location",
    "note",
  ] as const;
  const items = [
    ...(form.errors ?? []).map((message) => ({ message })),
    ...(fields.farmerIds.errors ?? []).map((message) => ({ fieldId: "purchase-farmer", message })),
    ...names.flatMap((name) =>
      (fields[name].errors ?? []).map((message) => ({
        fieldId: name === "plotCodes" ? "purchase-plots" : fields[name].id,
        message,
      })),
    ),
  ];
  const ticked = new Set(
    [fields.plotCodes.initialValue ?? []].flat().filter((v): v is string => typeof v === "string"),
  );
  const crops = [
    ...new Set(
      purchase.plots
        .map((p) => p.crop)
        .filter((c): c is string => !!c && (COMMODITY_NAMES as readonly string[]).includes(c)),
    ),
  ];
  const commodityDefault =
    (fields.commodity.initialValue as string | undefined) ?? (crops.length === 1 ? crops[0] : "");
  const fieldError = (name: (typeof names)[number]) =>
    fields[name].errors?.[0] && (
      <p id={`${fields[name].id}-error`} className="text-sm font-semibold text-red-700">
        {fields[name].errors[0]}
      </p>
    );

  return (
    <section aria-labelledby="purchase-title" className="rounded-md border border-green-200 bg-white p-4">
      <h2 id="purchase-title" className="text-lg font-bold">
        {BATCH_TITLES.purchase}
      </h2>
      <form method="get" className="mt-2 flex flex-wrap items-end gap-2" aria-label="Choose the farmer">
        <label className="text-sm font-semibold" htmlFor="purchase-farmer">
          Farmer ID
          <input
            id="purchase-farmer"
            name="farmer"
            defaultValue={purchase.farmerId}
            placeholder="FRM100001"
            className={input}
            autoCapitalize="characters"
          />
        </label>
        <button type="submit" className="rounded-md border border-green-800 px-4 py-2 font-semibold text-green-800">
          Show the farmer's plots
        </button>
      </form>
      {purchase.lookupError && (
        <p className="mt-2 text-sm font-semibold text-red-700" role="alert">
          {purchase.lookupError}
        </p>
      )}

      {purchase.farmer && purchase.plots.length > 0 && (
        <form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="farmerIds" value={purchase.farmer.farmerId} />
          <ErrorSummary items={items} />
          <p className="text-sm">
            Buying from <strong>{purchase.farmer.name}</strong> (
            <span className="font-mono">{purchase.farmer.farmerId}</span>)
          </p>
          <fieldset id="purchase-plots" tabIndex={-1} className="rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold">Origin plots (tick every plot the produce came from)</legend>
            {fields.plotCodes.errors?.map((m) => (
              <p key={m} className="text-sm font-semibold text-red-700">
                {m}
              </p>
            ))}
            <ul className="space-y-1">
              {purchase.plots.map((p) => (
                <li key={p.plotCode}>
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="plotCodes"
                      value={p.plotCode}
                      defaultChecked={ticked.has(p.plotCode)}
                      className="mt-0.5 h-5 w-5"
                    />
                    <span>
                      <span className="font-mono">{p.plotCode}</span> · {p.crop ?? "no crop"} ·{" "}
                      {!p.eligible
                        ? "Not eligible for EUDR export"
                        : p.canStillSupplyKg === null
                          ? "Eligible"
                          : `Eligible · up to ${p.canStillSupplyKg.toLocaleString("en-US")} kg more this crop year`}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor={fields.commodity.id} className="block text-sm font-semibold">
                Commodity
              </label>
              {fieldError("commodity")}
              <select
                {...getSelectProps(fields.commodity)}
                key={fields.commodity.key}
                defaultValue={commodityDefault}
                className={input}
              >
                <option value="">Choose…</option>
                {COMMODITY_NAMES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={fields.grade.id} className="block text-sm font-semibold">
                Quality grade
              </label>
              {fieldError("grade")}
              <select {...getSelectProps(fields.grade)} key={fields.grade.key} className={input}>
                <option value="">Choose…</option>
                {QUALITY_GRADES.map((g) => (
                  <option key={g} value={g}>
                    {g}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={fields.weightKg.id} className="block text-sm font-semibold">
                Weight (kg)
              </label>
              {fieldError("weightKg")}
              <input
                {...getInputProps(fields.weightKg, { type: "text" })}
                key={fields.weightKg.key}
                inputMode="decimal"
                className={input}
              />
            </div>
            <div>
              <label htmlFor={fields.harvestDate.id} className="block text-sm font-semibold">
                Harvest date
              </label>
              {fieldError("harvestDate")}
              <input
                {...getInputProps(fields.harvestDate, { type: "date" })}
                key={fields.harvestDate.key}
                max={today}
                className={input}
              />
            </div>
          </div>
          <div>
            <label htmlFor={fields.location.id} className="block text-sm font-semibold">
              Place of purchase
            </label>
            <p className="text-xs text-slate-600">{PLACE_HINT}</p>
            {fieldError("location")}
            <input {...getInputProps(fields.location, { type: "text" })} key={fields.location.key} className={input} />
          </div>
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
          <div>
            <label htmlFor={fields.note.id} className="block text-sm font-semibold">
              Note (optional)
            </label>
            {fieldError("note")}
            <textarea {...getTextareaProps(fields.note)} key={fields.note.key} rows={2} className={input} />
          </div>
          <button type="submit" className="w-full rounded-md bg-green-800 px-4 py-3 font-semibold text-white sm:w-auto">
            Record the purchase
          </button>
        </form>
      )}
    </section>
  );
}
