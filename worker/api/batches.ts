import { Hono } from "hono";
import { inKg } from "#worker/domain/weight";
import {
  BATCHES_PAGE_SIZE,
  BatchFilterSchema,
  ComplianceSchema,
  DdsSchema,
  MergeSchema,
  PurchaseLookupSchema,
  PurchaseSchema,
  SplitSchema,
  TransferSchema,
} from "../contracts/batches";
import { certifyBatch } from "../services/batches/certify-batch";
import { createBatch } from "../services/batches/create-batch";
import { mergeBatches } from "../services/batches/merge-batch";
import { lookupFarmerForPurchase } from "../services/batches/purchase-lookup";
import { purchaseReceipt } from "../services/batches/purchase-receipt";
import { listVisibleBatches, readBatch } from "../services/batches/read-batches";
import { recordDds } from "../services/batches/record-dds";
import { splitBatch } from "../services/batches/split-batch";
import { transferBatch } from "../services/batches/transfer-batch";
import { type ApiEnv, requirePermission, requireSession, serviceDeps } from "./middleware";
import { quota } from "./quota";
import { apiError, paged, privateFile, reply, success } from "./reply";
import { describe } from "./route-meta";
import { body, query } from "./validate";

/**
 * /api/batches: purchases, custody steps, splits and merges, compliance and DDS
 * numbers. Every route checks the permission on the server; which step each role may record is
 * decided by worker/domain/custody.ts, and who sees which batch by worker/services/batches/read-batches.ts.
 */
export const batchesApi = new Hono<ApiEnv>()
  .get(
    "/",
    requirePermission("readBatches"),
    describe("The batches the account may see, filtered and paged"),
    query(BatchFilterSchema),
    async (c) => {
      const { page, ...filter } = c.req.valid("query");
      const pageSize = BATCHES_PAGE_SIZE;
      const { rows, total } = await listVisibleBatches(filter, page, pageSize, c.get("session"), serviceDeps(c));
      return paged(c, "batches", rows, { page, pageSize, total });
    },
  )
  .post(
    "/",
    requirePermission("recordPurchases"),
    describe("Record a purchase from farmers: a new batch", { 201: "The new batch and its volume" }),
    body(PurchaseSchema),
    async (c) => {
      const result = await createBatch(c.req.valid("json"), serviceDeps(c));
      if (!result.ok) return reply(c, result);
      // Weights leave the API in kg under their historical names (stored in grams, ADR 020).
      const { batch, volume, purchase, repeated } = result.value;
      return success(c, { batch: inKg(batch), volume: inKg(volume), purchase, repeated }, repeated ? 200 : 201);
    },
  )
  .get(
    "/purchase-lookup",
    requirePermission("recordPurchases"),
    describe(
      "The farmer a buyer is about to buy from: initials and plots with what each can still supply (30 lookups per 10 minutes)",
    ),
    query(PurchaseLookupSchema),
    quota("purchaseLookup"),
    async (c) => {
      const q = c.req.valid("query");
      const result = await lookupFarmerForPurchase(q.farmerId ?? q.card ?? q.phone ?? "", serviceDeps(c));
      if (!result.ok) return reply(c, result);
      return success(c, { farmer: result.value });
    },
  )
  .post(
    "/merge",
    requirePermission("readBatches"),
    describe("Merge batches the account holds into one", { 201: "The merged batch and its parents' codes" }),
    body(MergeSchema),
    async (c) => {
      const result = await mergeBatches(c.req.valid("json"), serviceDeps(c));
      if (!result.ok) return reply(c, result);
      const { merged, parents } = result.value;
      return success(c, { batch: inKg(merged), parents: parents.map((p) => p.batchCode) }, 201);
    },
  )
  .get(
    "/:code/receipt",
    requireSession(),
    describe("The purchase receipt PDF (with the batch's trace QR code): for its buyer and its farmers only", {
      200: "The receipt PDF",
    }),
    quota("receipt"),
    async (c) => {
      const result = await purchaseReceipt(c.req.param("code"), {
        ...serviceDeps(c),
        origin: new URL(c.req.url).origin,
      });
      if (!result.ok) return reply(c, result);
      const { bytes, fileName } = result.value;
      return privateFile(bytes as BodyInit, "application/pdf", "inline", fileName, {
        "Content-Length": String(bytes.length),
      });
    },
  )
  .get("/:code", requirePermission("readBatches"), describe("A batch with its custody chain and origin"), async (c) => {
    const view = await readBatch(c.req.param("code"), c.get("session"), serviceDeps(c));
    if (!view) return apiError(c, 404, `No batch with code ${c.req.param("code").toUpperCase()}`);
    return success(c, view);
  })
  .post(
    "/:code/transfer",
    requirePermission("readBatches"),
    describe("Record the next custody step of a batch"),
    body(TransferSchema),
    async (c) => {
      const result = await transferBatch(c.req.param("code"), c.req.valid("json"), serviceDeps(c));
      if (!result.ok) return reply(c, result);
      return success(c, { batch: inKg(result.value.batch), custodyEvent: inKg(result.value.event) });
    },
  )
  .post(
    "/:code/split",
    requirePermission("readBatches"),
    describe("Split a batch into new batches by weight", { 201: "The parent's code and the new batches" }),
    body(SplitSchema),
    async (c) => {
      const result = await splitBatch(c.req.param("code"), c.req.valid("json"), serviceDeps(c));
      if (!result.ok) return reply(c, result);
      return success(
        c,
        { parent: result.value.parent.batchCode, batches: result.value.children.map((b) => inKg(b)) },
        201,
      );
    },
  )
  .post(
    "/:code/compliance",
    requirePermission("certifyBatches"),
    describe(
      "Decide on a batch's EUDR compliance: mark it compliant, re-check it, or revoke a wrong certification with a reason",
    ),
    body(ComplianceSchema),
    async (c) => reply(c, await certifyBatch(c.req.param("code"), c.req.valid("json"), serviceDeps(c))),
  )
  .post(
    "/:code/dds",
    requirePermission("recordDds"),
    describe(
      "Record the EU DDS reference and verification numbers; changing numbers already recorded needs a reason (at least 10 characters) and adds a version (ADR 031)",
    ),
    body(DdsSchema),
    async (c) => reply(c, await recordDds(c.req.param("code"), c.req.valid("json"), serviceDeps(c))),
  );
