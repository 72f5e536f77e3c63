import { env } from "cloudflare:workers";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { can } from "#worker/auth/permissions";
import { BATCHES_PAGE_SIZE, BatchFilterSchema, PurchaseSchema } from "#worker/contracts/batches";
import { createBatch } from "#worker/services/batches/create-batch";
import {
  LOOKUP_LIMITED,
  lookupFarmerForPurchase,
  type PurchasePlot,
  takePurchaseLookup,
} from "#worker/services/batches/purchase-lookup";
import { listVisibleBatches } from "#worker/services/batches/read-batches";
import { BATCH_TITLES } from "../content/batches";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS, requireRole, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { failureReply, formReply } from "../lib/form-reply.server";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/batches";

const FORBIDDEN_PURCHASE = "Only an agricultural buyer can record a purchase";

/**
 * The purchase form's farmer step (GET ?farmer=FRM…): the farmer's initials and plots, so the
 * buyer ticks the plots the produce came from — no JavaScript needed. Only what a purchase needs
 * (worker/services/batches/purchase-lookup.ts), and rate-limited per buyer like the API.
 */
async function purchaseContext(farmerParam: string | null, userId: string) {
  const farmerId = farmerParam?.trim().toUpperCase() ?? "";
  const none = { farmerId, farmer: null, plots: [] as PurchasePlot[], limited: false };
  if (!farmerId) return { ...none, lookupError: null };
  if (!/^FRM\d{6}$/.test(farmerId))
    return { ...none, lookupError: "Enter the farmer ID as FRM followed by 6 digits, like FRM100001" };
  const allowance = await takePurchaseLookup(env.SESSIONS, userId, Date.now());
  if (!allowance.allowed) return { ...none, limited: true, lookupError: LOOKUP_LIMITED(allowance.retryAfterSeconds) };
  const found = await lookupFarmerForPurchase(farmerId, pageDeps());
  if (!found.ok) return { ...none, lookupError: found.message };
  const { initials, plots } = found.value;
  return {
    farmerId,
    farmer: { farmerId: found.value.farmerId, name: initials },
    plots,
    limited: false,
    lookupError: plots.length
      ? null
      : `Farmer ${found.value.farmerId} has no registered plot yet: a plot must be registered before produce from it can be bought`,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireRole(request, "readBatches", BATCH_TITLES.list);
  const params = new URL(request.url).searchParams;
  const { page, ...filter } = BatchFilterSchema.parse(Object.fromEntries(params));
  const canPurchase = can(session.role, "recordPurchases");
  const [{ rows, total }, purchase] = await Promise.all([
    listVisibleBatches(filter, page, BATCHES_PAGE_SIZE, session, pageDeps()),
    canPurchase ? purchaseContext(params.get("farmer"), session.id) : Promise.resolve(null),
  ]);
  return data(
    {
      user: await shellUser(session),
      filter,
      page,
      pages: Math.max(1, Math.ceil(total / BATCHES_PAGE_SIZE)),
      total,
      batches: rows.map((b) => ({
        batchCode: b.batchCode,
        commodity: b.commodity,
        weightKg: b.weightKg,
        grade: b.grade,
        status: b.status,
        complianceStatus: b.complianceStatus,
        volumeFlag: b.volumeFlag,
        county: b.county,
        createdAt: b.createdAt,
      })),
      purchase,
      today: new Date().toISOString().slice(0, 10),
    },
    { status: purchase?.limited ? 429 : 200, headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireRole(request, "readBatches", BATCH_TITLES.list);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: PurchaseSchema });
  if (!can(session.role, "recordPurchases")) {
    return data(
      { result: submission.reply({ formErrors: [FORBIDDEN_PURCHASE] }) },
      { status: 403, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  if (!(await verifyCsrf(session, formData))) {
    return data(
      { result: submission.reply({ formErrors: [CSRF_FAILED] }) },
      { status: 403, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400, headers: PRIVATE_PAGE_HEADERS });
  }
  return formReply(
    await createBatch(submission.value, pageDeps(session)),
    ({ batch }) => `/batches/${batch.batchCode}?recorded=purchase`,
    (failure) => ({ result: failureReply(submission, failure) }),
  );
}
