import { type Context, Hono } from "hono";
import type { z } from "zod";
import { PERMISSIONS } from "../auth/permissions";
import { fieldErrors } from "../contracts/auth";
import {
  BATCHES_PAGE_SIZE,
  BatchFilterSchema,
  ComplianceSchema,
  DdsSchema,
  MergeSchema,
  PurchaseSchema,
  SplitSchema,
  TransferSchema,
} from "../contracts/batches";
import type { BatchDeps, Outcome } from "../services/batches/batch-common";
import { certifyBatch } from "../services/batches/certify-batch";
import { createBatch } from "../services/batches/create-batch";
import { mergeBatches } from "../services/batches/merge-batch";
import { listVisibleBatches, readBatch } from "../services/batches/read-batches";
import { recordDds } from "../services/batches/record-dds";
import { splitBatch } from "../services/batches/split-batch";
import { transferBatch } from "../services/batches/transfer-batch";
import { apiError } from "./errors";
import { type ApiEnv, jsonBody, requireApiRole } from "./middleware";

/** Reads and validates a JSON body with `schema`; a 4xx response when it is not acceptable. */
async function parseBody<S extends z.ZodType>(
  c: Context<ApiEnv>,
  schema: S,
): Promise<{ ok: true; data: z.infer<S> } | { ok: false; response: Response }> {
  const read = await jsonBody(c);
  if (!read.ok) return read;
  const parsed = schema.safeParse(read.body ?? {});
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { ok: false, response: apiError(c, 400, Object.values(errors)[0]![0]!, errors) };
  }
  return { ok: true, data: parsed.data };
}

function deps(c: Context<ApiEnv>): BatchDeps {
  const session = c.get("session");
  return { db: c.get("db"), actor: { id: session.id, role: session.role } };
}

function failure(c: Context<ApiEnv>, outcome: Extract<Outcome<unknown>, { ok: false }>) {
  return apiError(c, outcome.status, outcome.message, outcome.errors);
}

/**
 * /api/batches (issue #4): purchases, custody steps, splits and merges, compliance and DDS
 * numbers. Every route checks the role on the server; which step each role may record is decided
 * by worker/domain/custody.ts, and who sees which batch by worker/services/batches/read-batches.ts.
 */
export const batchesApi = new Hono<ApiEnv>()
  .get("/", requireApiRole(...PERMISSIONS.readBatches), async (c) => {
    const query = BatchFilterSchema.parse(c.req.query());
    const { page, ...filter } = query;
    const session = c.get("session");
    const { rows, total } = await listVisibleBatches(filter, page, BATCHES_PAGE_SIZE, session, { db: c.get("db") });
    return c.json({
      success: true,
      batches: rows,
      total,
      page,
      pageSize: BATCHES_PAGE_SIZE,
      pages: Math.max(1, Math.ceil(total / BATCHES_PAGE_SIZE)),
    });
  })
  .post("/", requireApiRole(...PERMISSIONS.recordPurchases), async (c) => {
    const body = await parseBody(c, PurchaseSchema);
    if (!body.ok) return body.response;
    const result = await createBatch(body.data, deps(c));
    if (!result.ok) return failure(c, result);
    return c.json({ success: true, batch: result.value.batch, volume: result.value.volume }, 201);
  })
  .post("/merge", requireApiRole(...PERMISSIONS.readBatches), async (c) => {
    const body = await parseBody(c, MergeSchema);
    if (!body.ok) return body.response;
    const result = await mergeBatches(body.data, deps(c));
    if (!result.ok) return failure(c, result);
    return c.json(
      { success: true, batch: result.value.merged, parents: result.value.parents.map((p) => p.batchCode) },
      201,
    );
  })
  .get("/:code", requireApiRole(...PERMISSIONS.readBatches), async (c) => {
    const session = c.get("session");
    const view = await readBatch(c.req.param("code"), session, { db: c.get("db") });
    if (!view) return apiError(c, 404, `No batch with code ${c.req.param("code").toUpperCase()}`);
    return c.json({ success: true, ...view });
  })
  .post("/:code/transfer", requireApiRole(...PERMISSIONS.readBatches), async (c) => {
    const body = await parseBody(c, TransferSchema);
    if (!body.ok) return body.response;
    const result = await transferBatch(c.req.param("code"), body.data, deps(c));
    if (!result.ok) return failure(c, result);
    return c.json({ success: true, batch: result.value.batch, custodyEvent: result.value.event });
  })
  .post("/:code/split", requireApiRole(...PERMISSIONS.readBatches), async (c) => {
    const body = await parseBody(c, SplitSchema);
    if (!body.ok) return body.response;
    const result = await splitBatch(c.req.param("code"), body.data, deps(c));
    if (!result.ok) return failure(c, result);
    return c.json({ success: true, parent: result.value.parent.batchCode, batches: result.value.children }, 201);
  })
  .post("/:code/compliance", requireApiRole(...PERMISSIONS.certifyBatches), async (c) => {
    const body = await parseBody(c, ComplianceSchema);
    if (!body.ok) return body.response;
    const result = await certifyBatch(c.req.param("code"), body.data.decision, deps(c));
    if (!result.ok) return failure(c, result);
    return c.json({ success: true, changed: result.value.changed, batch: result.value.batch });
  })
  .post("/:code/dds", requireApiRole("exporter"), async (c) => {
    const body = await parseBody(c, DdsSchema);
    if (!body.ok) return body.response;
    const result = await recordDds(c.req.param("code"), body.data, deps(c));
    if (!result.ok) return failure(c, result);
    return c.json({ success: true, batch: result.value.batch });
  });
