import { Hono } from "hono";
import {
  CompleteInspectionSchema,
  InspectionRequestSchema,
  ScheduleInspectionSchema,
  StatementQuerySchema,
  StockPaymentSchema,
} from "../contracts/exporter-desk";
import {
  cancelInspectionRequest,
  completeInspectionRequest,
  requestInspection,
  scheduleInspectionRequest,
} from "../services/exporter/inspection-requests";
import { myCertificatePdf, myCertificates } from "../services/exporter/my-certificates";
import { inspectionRequestsFor } from "../services/exporter/read-inspection-requests";
import { statementFile, statementFor } from "../services/exporter/statement";
import { recordStockPayment, stockPaymentReceipt, stockPaymentsFor } from "../services/exporter/stock-payments";
import { type ApiEnv, requirePermission, serviceDeps } from "./middleware";
import { quota } from "./quota";
import { privateFile, reply, success } from "./reply";
import { describe } from "./route-meta";
import { body, query } from "./validate";

/**
 * /api/exporter: the exporter's inspection requests, certificates, payments for
 * purchased stock and payment statement. Ownership is checked in the services: another exporter's
 * record answers 404 exactly like a missing one.
 */
export const exporterDeskApi = new Hono<ApiEnv>()
  .get(
    "/inspection-requests",
    requirePermission("readInspectionRequests"),
    describe(
      "Inspection requests: an exporter's own with outcomes, an inspector's open queue, all for regulator staff",
    ),
    async (c) => success(c, { requests: await inspectionRequestsFor(serviceDeps(c)) }),
  )
  .post(
    "/inspection-requests",
    requirePermission("requestInspections"),
    describe("Request a warehouse or port inspection of my batch or shipment, with a preferred date", {
      201: "The request",
    }),
    body(InspectionRequestSchema),
    async (c) => reply(c, await requestInspection(c.req.valid("json"), serviceDeps(c)), 201),
  )
  .post(
    "/inspection-requests/:id/schedule",
    requirePermission("handleInspectionRequests"),
    describe("Take an inspection request of my kind, with the inspection date (notifies the exporter)"),
    body(ScheduleInspectionSchema),
    async (c) => reply(c, await scheduleInspectionRequest(c.req.param("id"), c.req.valid("json"), serviceDeps(c))),
  )
  .post(
    "/inspection-requests/:id/complete",
    requirePermission("handleInspectionRequests"),
    describe("Mark a scheduled inspection request done: raises the inspection fee invoice"),
    body(CompleteInspectionSchema),
    async (c) => reply(c, await completeInspectionRequest(c.req.param("id"), c.req.valid("json"), serviceDeps(c))),
  )
  .post(
    "/inspection-requests/:id/cancel",
    requirePermission("requestInspections"),
    describe("Cancel my inspection request while it is not done"),
    async (c) => reply(c, await cancelInspectionRequest(c.req.param("id"), serviceDeps(c))),
  )
  .get(
    "/certificates",
    requirePermission("readMyCertificates"),
    describe("Every certificate of my batches and shipments, with its registry state and /verify link"),
    async (c) => success(c, { certificates: await myCertificates(serviceDeps(c)) }),
  )
  .get(
    "/certificates/:number/pdf",
    requirePermission("readMyCertificates"),
    describe("The PDF of one of my certificates", { 200: "application/pdf" }),
    async (c) => {
      const result = await myCertificatePdf(c.req.param("number"), serviceDeps(c));
      if (!result.ok) return reply(c, result);
      if (!result.value.body) return c.redirect(result.value.fallback, 302);
      return privateFile(result.value.body, "application/pdf", "inline", result.value.fileName);
    },
  )
  .get(
    "/stock-payments",
    requirePermission("readStockPayments"),
    describe("Payments for purchased stock: an exporter's own; DDGAF, the DG and the office all"),
    async (c) => success(c, { payments: await stockPaymentsFor({}, serviceDeps(c)) }),
  )
  .post(
    "/stock-payments",
    requirePermission("recordStockPayments"),
    describe(
      "Record a payment to a buyer or cooperative for batches I acquired, with its reference (recorded, not executed)",
      { 201: "The payment and its receipt number" },
    ),
    body(StockPaymentSchema),
    async (c) => reply(c, await recordStockPayment(c.req.valid("json"), serviceDeps(c)), 201),
  )
  .get(
    "/stock-payments/:id/receipt",
    requirePermission("readStockPayments"),
    describe("The receipt PDF of a payment for purchased stock", { 200: "application/pdf" }),
    quota("receipt"),
    async (c) => {
      const result = await stockPaymentReceipt(c.req.param("id"), serviceDeps(c));
      if (!result.ok) return reply(c, result);
      const { bytes, receiptNumber } = result.value;
      return privateFile(new Uint8Array(bytes), "application/pdf", "inline", `${receiptNumber}.pdf`);
    },
  )
  .get(
    "/statement",
    requirePermission("recordStockPayments"),
    describe("My payment statement over a date range: each payment and the totals per currency"),
    query(StatementQuerySchema),
    async (c) => reply(c, await statementFor(c.req.valid("query"), serviceDeps(c))),
  )
  .get(
    "/statement.csv",
    requirePermission("recordStockPayments"),
    describe("My payment statement as CSV", { 200: "text/csv" }),
    query(StatementQuerySchema),
    quota("statement"),
    async (c) => fileReply(await statementFile(c.req.valid("query"), "csv", serviceDeps(c)), c),
  )
  .get(
    "/statement.pdf",
    requirePermission("recordStockPayments"),
    describe("My payment statement as PDF", { 200: "application/pdf" }),
    query(StatementQuerySchema),
    quota("statement"),
    async (c) => fileReply(await statementFile(c.req.valid("query"), "pdf", serviceDeps(c)), c),
  );

function fileReply(
  result: Awaited<ReturnType<typeof statementFile>>,
  c: Parameters<typeof reply>[0],
): Response | Promise<Response> {
  if (!result.ok) return reply(c, result);
  const { body: bytes, contentType, fileName } = result.value;
  return privateFile(typeof bytes === "string" ? bytes : new Uint8Array(bytes), contentType, "attachment", fileName);
}
