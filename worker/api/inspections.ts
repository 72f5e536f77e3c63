import { Hono } from "hono";
import { DispatchSchema, InspectionSchema, PortInspectionSchema, ReceiveSchema } from "../contracts/inspections";
import { dispatchBatch } from "../services/inspections/dispatch-batch";
import { inspectBatch } from "../services/inspections/inspect-batch";
import { portInspectBatch } from "../services/inspections/port-inspect";
import { intakeQueueOf, portQueueWithBlockers, warehouseChoices } from "../services/inspections/read-inspections";
import { receiveBatch } from "../services/inspections/receive-batch";
import { type ApiEnv, requirePermission, serviceDeps } from "./middleware";
import { reply, success } from "./reply";
import { describe } from "./route-meta";
import { body } from "./validate";

/**
 * /api/inspections: the buyer's dispatch to a warehouse, the warehouse inspector's
 * intake and quality inspection (graded on the server), and the port inspection with its sign-off
 * or refusal. Who may act on which batch is decided in worker/services/inspections.
 */
export const inspectionsApi = new Hono<ApiEnv>()
  .get(
    "/warehouses",
    requirePermission("dispatchBatches"),
    describe("The warehouses a buyer may send a batch to (each named by its warehouse inspector)"),
    async (c) => success(c, { warehouses: await warehouseChoices(serviceDeps(c).db) }),
  )
  .post(
    "/dispatch/:code",
    requirePermission("dispatchBatches"),
    describe("Send a batch the buyer holds to a warehouse", {
      201: "The dispatch (200 when the same submission was already stored)",
    }),
    body(DispatchSchema),
    async (c) => {
      const result = await dispatchBatch(c.req.param("code"), c.req.valid("json"), serviceDeps(c));
      if (!result.ok) return reply(c, result);
      return success(c, { dispatch: result.value.dispatch }, result.value.repeated ? 200 : 201);
    },
  )
  .get(
    "/intake",
    requirePermission("inspectWarehouse"),
    describe("My warehouse's intake queue: the batches sent to me"),
    async (c) => success(c, { batches: await intakeQueueOf(serviceDeps(c).db, c.get("session").id) }),
  )
  .post(
    "/warehouse/:code/receive",
    requirePermission("inspectWarehouse"),
    describe("Receive a batch sent to my warehouse (custody step warehouse_received)"),
    body(ReceiveSchema),
    async (c) => {
      const result = await receiveBatch(c.req.param("code"), c.req.valid("json"), serviceDeps(c));
      if (!result.ok) return reply(c, result);
      return success(c, { batch: result.value.batch, custodyEvent: result.value.event });
    },
  )
  .post(
    "/warehouse/:code",
    requirePermission("inspectWarehouse"),
    describe(
      "Record the quality inspection of a batch at my warehouse: the server computes the grade A+ to F and the criteria that decided it; grade F rejects the batch",
      { 201: "The inspection and the batch (200 when the same submission was already stored)" },
    ),
    body(InspectionSchema),
    async (c) => {
      const result = await inspectBatch(c.req.param("code"), c.req.valid("json"), serviceDeps(c));
      if (!result.ok) return reply(c, result);
      const { inspection, batch, repeated } = result.value;
      return success(c, { inspection, batch }, repeated ? 200 : 201);
    },
  )
  .get(
    "/port",
    requirePermission("inspectPort"),
    describe("Batches awaiting port inspection or export, with what is holding each"),
    async (c) => success(c, { batches: await portQueueWithBlockers(serviceDeps(c).db, new Date()) }),
  )
  .post(
    "/port/:code",
    requirePermission("inspectPort"),
    describe(
      "Record the port (phytosanitary) inspection of a batch and sign it off (custody step port_inspected) or refuse it with a reason (held)",
      { 201: "The port inspection and the batch (200 when the same submission was already stored)" },
    ),
    body(PortInspectionSchema),
    async (c) => {
      const result = await portInspectBatch(c.req.param("code"), c.req.valid("json"), serviceDeps(c));
      if (!result.ok) return reply(c, result);
      const { inspection, batch, repeated } = result.value;
      return success(c, { inspection, batch }, repeated ? 200 : 201);
    },
  );
