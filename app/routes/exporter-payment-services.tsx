import { buttonClass, inputClass, PlainField, PlainSummary } from "#app/components/inspection/plain-form";
import { CardList } from "#app/components/kit/card-list";
import { pageMeta } from "#app/components/kit/page-meta";
import { PostForm } from "#app/components/kit/post-form";
import { WorkShell } from "#app/components/work-shell";
import { replyFor } from "#app/lib/light-form";
import type { Route } from "./+types/exporter-payment-services";

export { WorkErrorBoundary as ErrorBoundary } from "#app/components/work-shell";
export { action, loader } from "./exporter-payment-services.server";

const TITLE = "Payment services";
export const meta = () => pageMeta(TITLE);
const link = "text-green-800 underline";

export default function ExporterPaymentServices({ loaderData: d, actionData }: Route.ComponentProps) {
  const stockReply = replyFor(actionData, "stock");
  return (
    <WorkShell title={TITLE} user={d.user}>
      <p className="rounded-md bg-amber-50 p-3 text-amber-950" data-testid="recorded-not-executed">
        Payments are recorded, not executed, by the platform: pay at your bank or by mobile money, then record the
        payment's reference here. The reference is reconciled against the bank or mobile-money statement.
      </p>

      <h2 id="invoices" className="mt-6 text-lg font-bold">
        Fee invoices
      </h2>
      {d.done.paid && (
        <p role="status" className="mt-2 rounded-md bg-green-50 p-3 font-semibold text-green-900">
          Payment of invoice {d.done.paid} recorded. Its receipt is ready.
        </p>
      )}
      {d.invoices.length === 0 && (
        <p className="mt-2 text-slate-700">No licence, permit or inspection fee invoice yet.</p>
      )}
      <CardList
        className="mt-2 space-y-3"
        items={d.invoices}
        itemKey={(i) => i.id}
        testId={(i) => `invoice-${i.number}`}
      >
        {(i) => {
          const reply = replyFor(actionData, "pay", { invoiceId: i.id });
          return (
            <>
              <p className="font-semibold break-all">
                {i.number} · {i.amount}
              </p>
              <p className="text-sm text-slate-700">
                {i.fee} · issued {i.issuedOn} · due {i.dueOn} · <span data-testid="invoice-status">{i.status}</span>
              </p>
              {i.receiptNumber && (
                <p className="text-sm">
                  Paid, reference {i.reference} ·{" "}
                  <a className={link} href={`/api/fees/invoices/${i.id}/receipt`}>
                    Receipt {i.receiptNumber} (PDF)
                  </a>
                </p>
              )}
              {i.status === "billed" && (
                <PostForm csrf={d.user.csrf} intent="pay" hidden={{ invoiceId: i.id }} className="mt-2 space-y-2">
                  <PlainSummary reply={reply} prefix={`${i.number}-`} />
                  <PlainField reply={reply} prefix={`${i.number}-`} name="reference" label="Payment reference" />
                  <PlainField
                    reply={reply}
                    prefix={`${i.number}-`}
                    name="paidOn"
                    type="date"
                    label="Paid on"
                    defaultValue={d.today}
                  />
                  <button type="submit" className={buttonClass}>
                    Record payment
                  </button>
                </PostForm>
              )}
            </>
          );
        }}
      </CardList>

      <h2 id="stock" className="mt-8 text-lg font-bold">
        Payments for purchased stock
      </h2>
      {d.done.stock && (
        <p role="status" className="mt-2 rounded-md bg-green-50 p-3 font-semibold text-green-900">
          Payment recorded with receipt {d.done.stock}.
        </p>
      )}
      <PostForm
        csrf={d.user.csrf}
        intent="stock"
        className="mt-2 max-w-xl space-y-3 rounded-md border border-slate-200 bg-white p-3"
      >
        <PlainSummary reply={stockReply} />
        <PlainField reply={stockReply} name="payeeLoginId" label="Buyer or cooperative ID (paid to)" />
        <PlainField
          reply={stockReply}
          name="batchCodes"
          label="Batch codes"
          hint="Batches you hold or ship, separated by commas"
        />
        <PlainField reply={stockReply} name="amount" label="Amount" inputMode="decimal" hint="Like 1250.00" />
        <label className="block text-sm font-semibold" htmlFor="currency">
          Currency
          <select
            id="currency"
            name="currency"
            className={inputClass}
            defaultValue={String(stockReply?.initialValue?.currency ?? "USD")}
          >
            <option value="USD">US dollars (USD)</option>
            <option value="LRD">Liberian dollars (LRD)</option>
          </select>
        </label>
        <PlainField reply={stockReply} name="reference" label="Payment reference" />
        <PlainField reply={stockReply} name="paidOn" type="date" label="Paid on" defaultValue={d.today} />
        <button type="submit" className={buttonClass}>
          Record stock payment
        </button>
      </PostForm>
      {d.payments.length > 0 && (
        <CardList items={d.payments} itemKey={(p) => p.id} testId={(p) => `stock-${p.receiptNumber}`}>
          {(p) => (
            <>
              <p className="font-semibold">
                {p.amount} to {p.payee}
              </p>
              <p className="text-sm text-slate-700 break-all">
                {p.batchCodes.join(", ")} · paid {p.paidOn} · reference {p.reference}
              </p>
              <a className={`${link} text-sm`} href={p.receiptPath}>
                Receipt {p.receiptNumber} (PDF)
              </a>
            </>
          )}
        </CardList>
      )}

      <h2 id="statement" className="mt-8 text-lg font-bold">
        Statement
      </h2>
      <form method="get" className="mt-2 flex max-w-xl flex-wrap items-end gap-3">
        <PlainField reply={{ error: d.rangeErrors, initialValue: d.range }} name="from" type="date" label="From" />
        <PlainField reply={{ error: d.rangeErrors, initialValue: d.range }} name="to" type="date" label="To" />
        <button type="submit" className={buttonClass}>
          Show
        </button>
      </form>
      {d.statement && (
        <div className="mt-3 rounded-md border border-slate-200 bg-white p-3" data-testid="statement">
          <p>
            {d.statement.count} payments from {d.range.from} to {d.range.to}.
          </p>
          {d.statement.totals.map((t) => (
            <p key={t.currency} className="font-semibold">
              Total {t.currency}: {t.total}{" "}
              <span className="font-normal">
                (fees {t.fees}, stock {t.stock})
              </span>
            </p>
          ))}
          <p className="mt-2 flex flex-wrap gap-4">
            <a className={link} href={`/api/exporter/statement.csv?${d.statement.query}`}>
              Download CSV
            </a>
            <a className={link} href={`/api/exporter/statement.pdf?${d.statement.query}`}>
              Download PDF
            </a>
          </p>
        </div>
      )}
      <p className="mt-6 text-sm">
        <a className={link} href="/exporter/shipments">
          My shipments
        </a>{" "}
        ·{" "}
        <a className={link} href="/exporter/orders">
          My orders
        </a>
      </p>
    </WorkShell>
  );
}
