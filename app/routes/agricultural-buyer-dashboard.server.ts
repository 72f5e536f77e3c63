import { env } from "cloudflare:workers";
import { data, redirect } from "react-router";
import { BuyerPurchaseSchema, PAYMENT_METHOD_LABEL, PAYMENT_METHODS } from "#worker/contracts/batches";
import { STATUS_LABEL } from "#worker/domain/custody";
import { CURRENCIES, formatMoney } from "#worker/domain/money";
import { formatKg } from "#worker/domain/weight";
import {
  BUYER_PAGE_SIZE,
  buyerPurchases,
  buyerStock,
  buyerSuppliers,
  buyerTotals,
} from "#worker/services/batches/buyer-dashboard";
import { createBatch } from "#worker/services/batches/create-batch";
import { LOOKUP_LIMITED, lookupFarmerForPurchase, takePurchaseLookup } from "#worker/services/batches/purchase-lookup";
import { requireLicence } from "#worker/services/licensing/require-licence";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS, requireDashboard, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { flashRef } from "../lib/flash.server";
import { OUTBOX_HEADER } from "../lib/outbox-light";
import { receiptHeaders, refusalHeaders } from "../lib/outbox-reply.server";
import { failureReplyOf, typedValues, zodReply } from "../lib/plain-reply.server";
import { shellUser } from "../lib/work-page.server";

const PATH = "/agricultural-buyer-dashboard";
const statusLabel = (s: string) => STATUS_LABEL[s as keyof typeof STATUS_LABEL] ?? s;

/**
 * "Buy from a farmer", step 1 (GET ?farmer=…): the Farmer ID typed or read from the scanned card,
 * or a phone number, through the one throttled purchase lookup (worker/services/batches/purchase-lookup.ts).
 */
async function lookup(entry: string, userId: string) {
  if (!entry) return { entry, found: null, error: null, limited: false };
  const allowance = await takePurchaseLookup(env.SESSIONS, userId, Date.now());
  if (!allowance.allowed)
    return { entry, found: null, error: LOOKUP_LIMITED(allowance.retryAfterSeconds), limited: true };
  const result = await lookupFarmerForPurchase(entry, pageDeps());
  if (!result.ok) return { entry, found: null, error: result.message, limited: false };
  const v = result.value;
  const eligible = v.plots.filter((p) => p.eligible);
  return {
    entry,
    limited: false,
    error: eligible.length ? null : `Farmer ${v.farmerId} has no plot that can supply a purchase today`,
    found: {
      farmerId: v.farmerId,
      initials: v.initials,
      cropYear: v.cropYear,
      plots: v.plots.map((p) => ({
        plotCode: p.plotCode,
        crop: p.crop,
        eligible: p.eligible,
        reason: p.reason,
        canStillSupply: p.canStillSupplyG === null ? null : formatKg(p.canStillSupplyG),
      })),
      commodities: [...new Set(eligible.map((p) => p.crop).filter((c): c is string => !!c))],
    },
  };
}

export async function loader({ request }: { request: Request }) {
  const { session } = await requireDashboard(request, PATH);
  const { db } = pageDeps();
  const params = new URL(request.url).searchParams;
  const status = params.get("status") || undefined;
  const flagged = params.get("flagged") === "1";
  const page = Math.min(10_000, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const now = new Date();
  const [found, list, flaggedList, stock, totals, suppliers, user, licenceBlock] = await Promise.all([
    lookup((params.get("farmer") ?? "").trim().slice(0, 60), session.id),
    buyerPurchases(db, session.id, { status, flagged }, page),
    buyerPurchases(db, session.id, { flagged: true }, 1),
    buyerStock(db, session.id),
    buyerTotals(db, session.id, now),
    buyerSuppliers(db, session.id),
    shellUser(session),
    // The licence's state before the form, not a refusal after it (the gate purchases go through).
    requireLicence(db, session, "purchase", null, now),
  ]);
  const recorded = flashRef(new URL(request.url), "recorded");
  return data(
    {
      user,
      lookup: found,
      licenceBlock: licenceBlock?.message ?? null,
      recorded,
      repeated: params.get("repeated") === "1",
      submissionId: crypto.randomUUID(),
      today: now.toISOString().slice(0, 10),
      paymentMethods: PAYMENT_METHODS.map((m) => [m, PAYMENT_METHOD_LABEL[m]] as const),
      currencies: CURRENCIES,
      filter: { status: status ?? "", flagged },
      statuses: stock.map((s) => [s.status, statusLabel(s.status)] as const),
      page,
      pages: list.pages,
      total: list.total,
      pageSize: BUYER_PAGE_SIZE,
      purchases: list.rows.map((r) => ({
        batchCode: r.batchCode,
        commodity: r.commodity,
        weight: formatKg(r.weightG),
        status: statusLabel(r.status),
        holding: r.holding,
        flagged: r.volumeFlag,
        date: r.createdAt.slice(0, 10),
        price: r.pricePerKg ? `${formatMoney(r.pricePerKg)}/kg` : null,
        total: r.total ? formatMoney(r.total) : null,
      })),
      flagged: {
        total: flaggedList.total,
        rows: flaggedList.rows.map((r) => ({
          batchCode: r.batchCode,
          commodity: r.commodity,
          weight: formatKg(r.weightG),
          note: r.volumeNote ?? "Flagged for inspection",
        })),
      },
      stock: stock.map((s) => ({
        status: s.status,
        label: statusLabel(s.status),
        batches: s.batches,
        weight: formatKg(Number(s.weightG)),
      })),
      totals: totals.map((t) => ({
        key: `${t.month}-${t.commodity}`,
        month: t.month,
        commodity: t.commodity,
        purchases: t.purchases,
        weight: formatKg(t.weightG),
        paid: t.paid.map(formatMoney),
        unpriced: t.unpriced,
      })),
      suppliers,
    },
    { status: found.limited ? 429 : 200, headers: PRIVATE_PAGE_HEADERS },
  );
}

/** The purchase form's fields as the contract expects them (plain POST: text, and several plot boxes). */
function purchaseObject(form: FormData) {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" && v.trim() ? v.trim() : undefined;
  };
  const num = (name: string) => {
    const t = text(name);
    return t === undefined ? undefined : /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
  };
  return {
    farmerIds: text("farmerId") ? [text("farmerId")] : [],
    plotCodes: form.getAll("plotCodes").filter((v): v is string => typeof v === "string" && !!v),
    commodity: text("commodity"),
    weightKg: num("weightKg"),
    grade: text("grade"),
    harvestDate: text("harvestDate"),
    location: text("location"),
    pricePerKg: text("pricePerKg"),
    currency: text("currency"),
    moisturePct: num("moisturePct"),
    paymentMethod: text("paymentMethod"),
    paymentReference: text("paymentReference"),
    submissionId: text("submissionId"),
    note: text("note"),
  };
}

export async function action({ request }: { request: Request }) {
  const { session } = await requireDashboard(request, PATH);
  const form = await request.formData();
  const values = { ...typedValues(form), plotCodes: form.getAll("plotCodes").map(String) };
  const refuse = (status: number, message: string) =>
    data({ reply: { formErrors: [message], values } }, { status, headers: PRIVATE_PAGE_HEADERS });
  if (!(await verifyCsrf(session, form))) return refuse(403, CSRF_FAILED);
  const parsed = BuyerPurchaseSchema.safeParse(purchaseObject(form));
  // Refusals: the page shows them by the fields; the offline outbox reads them from the headers (ADR 027).
  if (!parsed.success) {
    const reply = zodReply(parsed.error, form);
    return data(
      { reply: { ...reply, values } },
      { status: 400, headers: refusalHeaders(reply.formErrors[0], reply.errors) },
    );
  }
  const result = await createBatch(parsed.data, pageDeps(session));
  if (!result.ok) {
    const reply = failureReplyOf(result, form);
    return data(
      { reply: { ...reply, values } },
      { status: result.status, headers: refusalHeaders(result.message, reply.errors) },
    );
  }
  const { batch, repeated } = result.value;
  // The outbox reads the receipt (the batch code, the same for a resend) and needs no page after it.
  if (request.headers.get(OUTBOX_HEADER))
    return data(
      { reply: { formErrors: [], errors: {}, values } },
      { status: repeated ? 200 : 201, headers: receiptHeaders(batch.batchCode) },
    );
  throw redirect(`${PATH}?recorded=${encodeURIComponent(batch.batchCode)}${repeated ? "&repeated=1" : ""}#recorded`, {
    headers: PRIVATE_PAGE_HEADERS,
  });
}
