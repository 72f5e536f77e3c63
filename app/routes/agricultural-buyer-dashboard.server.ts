import { env } from "cloudflare:workers";
import { data } from "react-router";
import { z } from "zod";
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
import { PRIVATE_PAGE_HEADERS, requireDashboard } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { flashRef } from "../lib/flash.server";
import { handleForm } from "../lib/page-form.server";
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
function purchaseObject(payload: unknown) {
  const form = (payload ?? {}) as Record<string, unknown>;
  const text = (name: string) => {
    const v = form[name];
    return typeof v === "string" && v.trim() ? v.trim() : undefined;
  };
  const num = (name: string) => {
    const t = text(name);
    return t === undefined ? undefined : /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
  };
  const plots = form.plotCodes;
  return {
    farmerIds: text("farmerId") ? [text("farmerId")] : [],
    plotCodes: (Array.isArray(plots) ? plots : [plots]).filter((v): v is string => typeof v === "string" && !!v),
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
const PurchaseFormSchema = z.preprocess(purchaseObject, BuyerPurchaseSchema);

export async function action({ request }: { request: Request }) {
  const { session } = await requireDashboard(request, PATH);
  return handleForm(request, {
    session,
    schema: PurchaseFormSchema,
    run: (input) => createBatch(input, pageDeps(session)),
    // The receipt: the batch code, the same for a resend.
    outbox: { receipt: (v) => v.batch.batchCode, repeated: (v) => v.repeated },
    done: ({ batch, repeated }) =>
      `${PATH}?recorded=${encodeURIComponent(batch.batchCode)}${repeated ? "&repeated=1" : ""}#recorded`,
  });
}
