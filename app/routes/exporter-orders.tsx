import { BatchLink } from "#app/components/batch/batch-link";
import { SavedNotice } from "#app/components/exporter/saved-notice";
import { buttonClass, inputClass, PlainField, PlainSummary } from "#app/components/inspection/plain-form";
import { CardList } from "#app/components/kit/card-list";
import { PairOptions } from "#app/components/kit/options";
import { pageMeta } from "#app/components/kit/page-meta";
import { PostForm } from "#app/components/kit/post-form";
import { Section } from "#app/components/kit/section";
import { WorkShell } from "#app/components/work-shell";
import { replyFor, type SubmissionResult } from "#app/lib/light-form";
import type { Route } from "./+types/exporter-orders";

export { action, loader } from "./exporter-orders.server";

const TITLE = "Export orders";
export const meta = () => pageMeta(TITLE);

const card = "rounded-md border border-slate-200 bg-white p-3";

function Select({
  name,
  label,
  options,
  reply,
}: {
  name: string;
  label: string;
  options: readonly (readonly [string, string])[];
  reply?: SubmissionResult;
}) {
  const errors = reply?.error?.[name] ?? undefined;
  const typed = reply?.initialValue?.[name];
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-semibold">
        {label}
      </label>
      {errors?.length ? (
        <p id={`${name}-error`} className="text-sm font-semibold text-red-700">
          {errors[0]}
        </p>
      ) : null}
      <select
        id={name}
        name={name}
        defaultValue={typeof typed === "string" ? typed : undefined}
        className={inputClass}
        aria-describedby={errors?.length ? `${name}-error` : undefined}
      >
        <PairOptions pairs={options} />
      </select>
    </div>
  );
}

export default function ExporterOrders({ loaderData: d, actionData: a }: Route.ComponentProps) {
  const createReply = replyFor(a, "create");
  const rowReply = a?.reply?.initialValue?.intent !== "create" ? a?.reply : undefined;
  return (
    <WorkShell title={TITLE} user={d.user}>
      <p className="mb-3">
        <a href="/exporter-dashboard" className="text-green-800 underline">
          Back to the exporter dashboard
        </a>
      </p>
      <SavedNotice done={d.done} />
      {rowReply && <PlainSummary reply={rowReply} prefix={`${rowReply.initialValue?.orderCode ?? ""}-`} />}
      <h2 className="text-lg font-bold">My orders</h2>
      {d.orders.length === 0 && <p className="text-slate-700">No order yet.</p>}
      <CardList className="mt-2 space-y-3" items={d.orders} itemKey={(o) => o.code} testId={(o) => `order-${o.code}`}>
        {(o) => (
          <>
            <p className="font-semibold">
              {o.code} — {o.buyer}, {o.country}
              {o.exporter ? ` (exporter: ${o.exporter})` : ""}
            </p>
            <p className="text-sm">
              {o.commodity}, HS {o.hsCode} · {o.quantity} at {o.price}, {o.incoterm} · delivery {o.window} · {o.status}
            </p>
            <p className="text-sm font-semibold">
              Allocated {o.allocated}; {o.left} left
            </p>
            {o.batches.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-sm">
                {o.batches.map((b) => (
                  <li key={b.batchCode}>
                    <BatchLink code={b.batchCode} /> — {b.weight}
                    {b.shipmentCode ? ` · in shipment ${b.shipmentCode}` : ""}
                    {d.canWrite && !b.shipmentCode && (
                      <PostForm
                        csrf={d.user.csrf}
                        intent="release"
                        hidden={{ orderCode: o.code, batchCode: b.batchCode }}
                        className="inline"
                      >
                        {" "}
                        <button type="submit" className="text-red-800 underline">
                          Release
                        </button>
                      </PostForm>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {d.canWrite && o.status === "open" && (
              <PostForm csrf={d.user.csrf} intent="allocate" hidden={{ orderCode: o.code }} className="mt-2 space-y-2">
                <PlainField
                  name="batchCode"
                  prefix={`${o.code}-`}
                  label="Allocate a compliant batch (code)"
                  hint="The whole batch is allocated; see the compliant stock below"
                  reply={replyFor(a, "allocate", { orderCode: o.code })}
                />
                <button type="submit" className={buttonClass}>
                  Allocate batch
                </button>
              </PostForm>
            )}
          </>
        )}
      </CardList>
      <h2 className="mt-6 text-lg font-bold">Compliant stock to allocate</h2>
      <p className="text-sm text-slate-700">
        EUDR-compliant batches past warehouse inspection that no order holds yet.
      </p>
      {d.stock.length === 0 && <p className="text-slate-700">No compliant stock is free.</p>}
      <ul className="mt-2 space-y-1 text-sm">
        {d.stock.map((b) => (
          <li key={b.batchCode} data-testid={`stock-${b.batchCode}`}>
            <span className="break-all font-mono">{b.batchCode}</span> — {b.commodity},{" "}
            {b.weightKg.toLocaleString("en-US")} kg{b.grade ? `, grade ${b.grade}` : ""}
            {b.county ? `, ${b.county}` : ""}
          </li>
        ))}
      </ul>
      {d.canWrite && (
        <Section id="new-order" className={`mt-6 ${card}`} title="New order from an EU buyer">
          <PlainSummary reply={createReply} />
          <PostForm csrf={d.user.csrf} intent="create" className="mt-2 space-y-3">
            <PlainField name="buyerName" label="EU buyer (company)" reply={createReply} />
            <Select name="buyerCountry" label="Buyer's country" options={d.choices.countries} reply={createReply} />
            <Select name="commodity" label="Commodity" options={d.choices.commodities} reply={createReply} />
            <PlainField
              name="hsCode"
              label="HS code"
              hint="Leave blank for the commodity's heading (cocoa 1801, coffee 0901, rubber 4001, palm oil 1511)"
              inputMode="numeric"
              reply={createReply}
            />
            <PlainField name="quantity" label="Quantity" inputMode="decimal" reply={createReply} />
            <Select
              name="unit"
              label="Unit"
              options={[
                ["t", "tonnes"],
                ["kg", "kg"],
              ]}
              reply={createReply}
            />
            <PlainField
              name="price"
              label="Price per tonne"
              hint="Like 3250.00"
              inputMode="decimal"
              reply={createReply}
            />
            <Select name="currency" label="Currency" options={d.choices.currencies} reply={createReply} />
            <Select name="incoterm" label="Incoterm" options={d.choices.incoterms} reply={createReply} />
            <PlainField name="deliveryFrom" label="Delivery from" type="date" reply={createReply} />
            <PlainField name="deliveryTo" label="Delivery to" type="date" reply={createReply} />
            <button type="submit" className={buttonClass}>
              Record the order
            </button>
          </PostForm>
        </Section>
      )}
    </WorkShell>
  );
}
