import { data, redirect } from "react-router";
import { exchangeRatesOf, formulasOf } from "#db/queries/market";
import { fieldErrors } from "#worker/contracts/field-errors";
import { ExchangeRateSchema, FarmGateFormulaSchema, PricePointSchema } from "#worker/contracts/market";
import { parseRateE4, parseShareBp } from "#worker/domain/farm-gate-price";
import { PRICE_COMMODITIES } from "#worker/domain/market";
import { parseMinor } from "#worker/domain/money";
import { formWithin } from "#worker/http/body-limit";
import { importPrices, MAX_PRICE_FILE_BYTES, type PriceImportReport } from "#worker/services/market/import-prices";
import { recordExchangeRate } from "#worker/services/market/record-exchange-rate";
import { recordFarmGateFormula } from "#worker/services/market/record-farm-gate-formula";
import { recordPricePoint } from "#worker/services/market/record-price";
import type { Result } from "#worker/services/result";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS, requireRole, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { overQuota } from "../lib/quota.server";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/world-market-pricing-manage";

const TITLE = "price entry";
export const INTENTS = ["price", "import", "rate", "formula"] as const;
type Intent = (typeof INTENTS)[number];

export type ManageReply = {
  intent: Intent;
  values: Record<string, string>;
  errors: Record<string, string[]>;
  message?: string;
  report?: PriceImportReport;
};

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireRole(request, "managePrices", TITLE);
  const { db } = pageDeps();
  const [rates, formulas] = await Promise.all([
    exchangeRatesOf(db),
    Promise.all(PRICE_COMMODITIES.map((c) => formulasOf(db, c))),
  ]);
  const saved = new URL(request.url).searchParams.get("saved");
  return data(
    {
      user: await shellUser(session),
      rates: rates.slice(-12).reverse(),
      formulas: formulas
        .flat()
        .sort((a, b) => (a.commodity === b.commodity ? b.version - a.version : a.commodity < b.commodity ? -1 : 1)),
      saved: INTENTS.includes(saved as Intent) ? (saved as Intent) : null,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

/** The typed text of a form, kept so a refused form shows what was typed. */
const textOf = (form: FormData, names: string[]) =>
  Object.fromEntries(names.map((n) => [n, typeof form.get(n) === "string" ? String(form.get(n)) : ""]));

/** A field's errors under the name of the form control that holds it. */
function renamed(errors: Record<string, string[]>, names: Record<string, string>) {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [names[k] ?? k, v]));
}

function refused(reply: ManageReply, status: number, headers: Record<string, string> = {}) {
  return data(reply, { status, headers: { ...PRIVATE_PAGE_HEADERS, ...headers } });
}

/** A service's answer as the form's: a redirect on success, the message and field errors on refusal. */
function answer<T>(
  intent: Intent,
  values: Record<string, string>,
  result: Result<T>,
  names: Record<string, string> = {},
) {
  if (result.ok) return redirect(`/world-market-pricing/manage?saved=${intent}`);
  const errors =
    result.errors && !Array.isArray(result.errors) ? renamed(result.errors as Record<string, string[]>, names) : {};
  return refused({ intent, values, errors, message: result.message }, result.status);
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireRole(request, "managePrices", TITLE);
  const form = await formWithin(request, MAX_PRICE_FILE_BYTES + 64 * 1024);
  if (!form) {
    return refused(
      {
        intent: "import",
        values: {},
        errors: {},
        message: "The file is too large (limit 1 MiB): split it into several files.",
      },
      413,
    );
  }
  const intent = form.get("intent") as Intent;
  if (!(await verifyCsrf(session, form))) {
    return refused(
      {
        intent: INTENTS.includes(intent) ? intent : "price",
        values: {},
        errors: {},
        message: CSRF_FAILED,
      },
      403,
    );
  }
  const deps = pageDeps(session);

  if (intent === "price") {
    const values = textOf(form, ["commodity", "date", "source", "unit", "price"]);
    const parsed = PricePointSchema.safeParse({
      ...values,
      amountMinor: parseMinor(values.price ?? "") ?? Number.NaN,
      currency: "USD",
    });
    const names = { amountMinor: "price" };
    if (!parsed.success) return refused({ intent, values, errors: renamed(fieldErrors(parsed.error), names) }, 400);
    return answer(intent, values, await recordPricePoint(parsed.data, deps), names);
  }
  if (intent === "rate") {
    const values = textOf(form, ["date", "rate", "source"]);
    const parsed = ExchangeRateSchema.safeParse({ ...values, rateE4: parseRateE4(values.rate ?? "") ?? Number.NaN });
    const names = { rateE4: "rate" };
    if (!parsed.success) return refused({ intent, values, errors: renamed(fieldErrors(parsed.error), names) }, 400);
    return answer(intent, values, await recordExchangeRate(parsed.data, deps), names);
  }
  if (intent === "formula") {
    const values = textOf(form, ["commodity", "effectiveFrom", "share", "costs", "basis"]);
    const parsed = FarmGateFormulaSchema.safeParse({
      ...values,
      fobShareBp: parseShareBp(values.share ?? "") ?? Number.NaN,
      costsPerKgMinor: parseMinor(values.costs ?? "") ?? Number.NaN,
    });
    const names = { fobShareBp: "share", costsPerKgMinor: "costs" };
    if (!parsed.success) return refused({ intent, values, errors: renamed(fieldErrors(parsed.error), names) }, 400);
    return answer(intent, values, await recordFarmGateFormula(parsed.data, deps), names);
  }
  if (intent === "import") {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) {
      return refused({ intent, values: {}, errors: { file: ["Choose a CSV file of prices to import."] } }, 400);
    }
    if (!/\.csv$/i.test(file.name)) {
      return refused({ intent, values: {}, errors: { file: ["The file must be a CSV (.csv) file."] } }, 400);
    }
    if (file.size > MAX_PRICE_FILE_BYTES) {
      return refused(
        { intent, values: {}, errors: { file: ["The file is too large (limit 1 MiB): split it into several files."] } },
        413,
      );
    }
    const limited = await overQuota(session, "import");
    if (limited) return refused({ intent, values: {}, errors: {}, message: limited.message }, 429, limited.headers);
    const result = await importPrices({ fileName: file.name, text: await file.text() }, deps);
    if (!result.ok) return refused({ intent, values: {}, errors: {}, message: result.message }, result.status);
    return data({ intent, values: {}, errors: {}, report: result.value } satisfies ManageReply, {
      headers: PRIVATE_PAGE_HEADERS,
    });
  }
  return refused({ intent: "price", values: {}, errors: {}, message: "Choose what to record." }, 400);
}
