import { Form } from "react-router";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { DataTable } from "#app/components/kit/data-table";
import { ErrorSummary } from "#app/components/kit/error-summary";
import { FormField } from "#app/components/kit/form-field";
import { pageMeta } from "#app/components/kit/page-meta";
import { formatRate, formatShare } from "#worker/domain/farm-gate-price";
import { PRICE_COMMODITIES, PRICE_COMMODITY_LABEL, PRICE_UNIT_LABEL, PRICE_UNITS } from "#worker/domain/market";
import { formatMoney } from "#worker/domain/money";
import { WorkShell } from "../components/work-shell";
import { MARKET_TEXT } from "../content/market";
import type { Route } from "./+types/world-market-pricing-manage";
import type { ManageReply } from "./world-market-pricing-manage.server";

// The action's headers reach the page's answer (a quota's Retry-After), else the loader's.
export { outboxPageHeaders as headers } from "#app/lib/page-form.server";
export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./world-market-pricing-manage.server";

export const meta = () => pageMeta("Enter world prices");

const SAVED: Record<string, string> = {
  price: "The price is stored.",
  rate: "The exchange rate is stored.",
  formula: "The new version of the formula is stored.",
};
const input = "mt-1 block w-full rounded border border-slate-400 px-2 py-1";

export default function ManagePrices({ loaderData, actionData }: Route.ComponentProps) {
  const { user, rates, formulas, saved } = loaderData;
  const reply = actionData as ManageReply | undefined;
  /** A field of form `intent`: its id, its messages, and what was typed. */
  const f = (intent: string, name: string) => {
    const mine = reply?.intent === intent;
    return {
      field: { id: `${intent}-${name}`, errors: mine ? reply.errors[name] : undefined },
      value: mine ? reply.values[name] : undefined,
      invalid: mine && reply.errors[name] ? true : undefined,
      describedBy: mine && reply.errors[name] ? `${intent}-${name}-error` : undefined,
    };
  };
  const summary = (intent: string, names: string[]) =>
    reply?.intent === intent
      ? [
          ...(reply.message ? [{ message: reply.message }] : []),
          ...names.flatMap((n) => (reply.errors[n] ?? []).map((message) => ({ fieldId: `${intent}-${n}`, message }))),
        ]
      : [];
  const commoditySelect = (intent: string) => {
    const c = f(intent, "commodity");
    return (
      <FormField field={c.field} label="Commodity" small>
        <select
          id={c.field.id}
          name="commodity"
          defaultValue={c.value ?? "cocoa"}
          aria-invalid={c.invalid}
          aria-describedby={c.describedBy}
          className={input}
        >
          {PRICE_COMMODITIES.map((x) => (
            <option key={x} value={x}>
              {PRICE_COMMODITY_LABEL[x]}
            </option>
          ))}
        </select>
      </FormField>
    );
  };
  const text = (intent: string, name: string, label: string, hint?: string, type = "text") => {
    const t = f(intent, name);
    return (
      <FormField field={t.field} label={label} hint={hint} small>
        <input
          id={t.field.id}
          name={name}
          type={type}
          defaultValue={t.value ?? ""}
          aria-invalid={t.invalid}
          aria-describedby={[hint ? `${t.field.id}-hint` : "", t.describedBy ?? ""].join(" ").trim() || undefined}
          className={input}
          inputMode={type === "text" && /price|rate|share|costs/.test(name) ? "decimal" : undefined}
        />
      </FormField>
    );
  };
  const box = "mt-4 space-y-3 rounded-lg bg-white p-4 shadow-sm";
  const submit = (label: string) => (
    <button type="submit" className="rounded bg-green-800 px-4 py-2 font-semibold text-white">
      {label}
    </button>
  );
  return (
    <WorkShell title="Enter world prices" user={user}>
      <p className="text-sm">
        What you store here is public at{" "}
        <a href="/world-market-pricing" className="font-semibold text-green-800 underline">
          World market pricing
        </a>
        : farmers compare what they are paid with the farm-gate price computed from it.
      </p>
      {saved && SAVED[saved] && (
        <p role="status" className="mt-3 rounded border border-green-700 bg-green-50 p-2 font-semibold text-green-900">
          {SAVED[saved]}
        </p>
      )}

      <Form method="post" className={box} aria-labelledby="price-title">
        <h2 id="price-title" className="text-lg font-bold">
          One world price
        </h2>
        <CsrfInput token={user.csrf} />
        <input type="hidden" name="intent" value="price" />
        <ErrorSummary items={summary("price", ["commodity", "date", "source", "unit", "price"])} />
        {commoditySelect("price")}
        {text("price", "date", "Price date", "YYYY-MM-DD", "date")}
        {text("price", "source", "Source", "For example ICCO daily price, ICO composite indicator, ICE settlement")}
        <FormField field={f("price", "unit").field} label="Per" small>
          <select id="price-unit" name="unit" defaultValue={f("price", "unit").value ?? "tonne"} className={input}>
            {PRICE_UNITS.map((u) => (
              <option key={u} value={u}>
                {PRICE_UNIT_LABEL[u]}
              </option>
            ))}
          </select>
        </FormField>
        {text("price", "price", "Price in US dollars", "Like 8250.50 (at most 2 decimals)")}
        {submit("Store the price")}
      </Form>

      <Form method="post" encType="multipart/form-data" className={box} aria-labelledby="import-title">
        <h2 id="import-title" className="text-lg font-bold">
          Import prices from a CSV
        </h2>
        <CsrfInput token={user.csrf} />
        <input type="hidden" name="intent" value="import" />
        <ErrorSummary items={summary("import", ["file"])} />
        <FormField
          field={f("import", "file").field}
          label="CSV file (up to 1 MiB, 5000 lines)"
          hint="Columns: commodity, date, source, unit, price, currency. Each line is stored or listed with its reason; importing the same file again stores nothing twice."
          small
        >
          <input
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            className="mt-1 block w-full text-sm"
          />
        </FormField>
        <p className="text-sm">
          <a href="/api/market/prices/template.csv" className="font-semibold text-green-800 underline">
            Download the CSV template
          </a>
        </p>
        {submit("Import")}
        {reply?.intent === "import" && reply.report && (
          <div role="status" data-testid="price-import-report" className="rounded border border-slate-300 p-3 text-sm">
            <p className="font-semibold">
              {reply.report.fileName}: {reply.report.stored} stored, {reply.report.alreadyStored} already stored,{" "}
              {reply.report.failed} not stored
            </p>
            {reply.report.errors.length > 0 && (
              <DataTable
                label="Lines not stored"
                className="mt-2"
                tableClassName="w-full text-sm"
                dense
                rows={reply.report.errors}
                rowKey={(e) => `${e.line}-${e.reason}`}
                rowClassName="border-t align-top"
                columns={[
                  { header: "Line", cellClassName: "tabular-nums", cell: (e) => e.line },
                  { header: "Reason", cell: (e) => e.reason },
                ]}
              />
            )}
          </div>
        )}
      </Form>

      <Form method="post" className={box} aria-labelledby="rate-title">
        <h2 id="rate-title" className="text-lg font-bold">
          Exchange rate (USD to LRD)
        </h2>
        <CsrfInput token={user.csrf} />
        <input type="hidden" name="intent" value="rate" />
        <ErrorSummary items={summary("rate", ["date", "rate", "source"])} />
        {text("rate", "date", "In force from", "YYYY-MM-DD", "date")}
        {text("rate", "rate", "Liberian dollars per US dollar", "Like 193.5 (at most 4 decimals)")}
        {text("rate", "source", "Source", "For example Central Bank of Liberia")}
        {submit("Store the rate")}
        {rates.length > 0 && (
          <ul className="text-sm">
            {rates.map((r) => (
              <li key={r.id}>
                {r.date}: {formatRate(r.rateE4)} LRD per USD ({r.source}){r.isSample && ` — ${MARKET_TEXT.sampleTag}`}
              </li>
            ))}
          </ul>
        )}
      </Form>

      <Form method="post" className={box} aria-labelledby="formula-title">
        <h2 id="formula-title" className="text-lg font-bold">
          Farm-gate formula (a new version)
        </h2>
        <p className="text-sm">
          Farm-gate price = (world price per kg × share of FOB − stated costs per kg) × LRD per USD. Earlier versions
          stay in force for earlier dates.
        </p>
        <CsrfInput token={user.csrf} />
        <input type="hidden" name="intent" value="formula" />
        <ErrorSummary items={summary("formula", ["commodity", "effectiveFrom", "share", "costs", "basis"])} />
        {commoditySelect("formula")}
        {text("formula", "effectiveFrom", "In force from", "YYYY-MM-DD", "date")}
        {text("formula", "share", "Share of FOB (%)", "Like 70")}
        {text("formula", "costs", "Stated costs (US dollars per kg)", "Like 0.45")}
        {text("formula", "basis", "Stated in", "The regulation or decision, e.g. its reference and date")}
        {submit("Store the new version")}
        <DataTable
          label="Formula versions"
          className="mt-2"
          tableClassName="w-full text-sm"
          testId="formula-versions"
          dense
          stack
          rows={formulas}
          rowKey={(x) => x.id}
          empty={null}
          columns={[
            {
              header: "Commodity",
              cell: (x) => PRICE_COMMODITY_LABEL[x.commodity as keyof typeof PRICE_COMMODITY_LABEL] ?? x.commodity,
            },
            { header: "Version", cellClassName: "tabular-nums", cell: (x) => x.version },
            { header: "From", cellClassName: "whitespace-nowrap", cell: (x) => x.effectiveFrom },
            {
              header: "Formula",
              cell: (x) =>
                `${formatShare(x.fobShareBp)} of FOB − ${formatMoney({ amountMinor: x.costsPerKgMinor, currency: "USD" })}/kg${x.isSample ? ` (${MARKET_TEXT.sampleTag})` : ""}`,
            },
            { header: "Stated by / when", cell: (x) => `${x.createdBy ?? "—"}, ${x.createdAt.slice(0, 10)}` },
          ]}
        />
      </Form>
    </WorkShell>
  );
}
