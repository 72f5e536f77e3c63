import { Hono } from "hono";
import { z } from "zod";
import { PERMISSIONS, type Permission } from "../auth/permissions";
import { ROLE_LABEL, type Role } from "../auth/roles";
import {
  AllocateSchema,
  ComposeSchema,
  ExportShipmentSchema,
  OrderCreateSchema,
  PackageQuerySchema,
  ShipmentDdsSchema,
} from "../contracts/orders";
import { rolesSentence } from "../domain/licensing";
import { composeShipment } from "../services/licensing/compose-shipment";
import { allocateBatch, releaseBatch } from "../services/orders/allocate-batch";
import { createOrder } from "../services/orders/create-order";
import { allocatableStock, listOrdersFor, orderFor } from "../services/orders/read-orders";
import { buildPackagePdf, buildPackageZip } from "../services/shipments/build-package";
import { exportShipment } from "../services/shipments/export-shipment";
import { listShipmentsFor, shipmentFor } from "../services/shipments/read-shipments";
import { recordShipmentDds } from "../services/shipments/record-shipment-dds";
import { type ApiEnv, requirePermission, serviceDeps } from "./middleware";
import { quota } from "./quota";
import { paged, privateFile, reply, success } from "./reply";
import { describe } from "./route-meta";
import { body, query } from "./validate";

/**
 * /api/orders and /api/shipments (ADR 022): an exporter's contracts with EU buyers, the
 * compliant batches allocated to them, shipments composed from those, their due-diligence package,
 * DDS numbers and export. Exporters reach only their own (404 for another's: IDOR); regulator staff
 * read every one. The export permit is requested through POST /api/permits.
 */
const refusal = (permission: Permission, what: string) => (role: Role) =>
  `Only the ${rolesSentence(PERMISSIONS[permission])} can ${what} (you are signed in as ${ROLE_LABEL[role]})`;
const readGuard = requirePermission("readOrders", refusal("readOrders", "see export orders and shipments"));
const writeGuard = requirePermission("manageOrders", refusal("manageOrders", "manage export orders and shipments"));

const ListSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(25),
  status: z.string().max(20).optional().catch(undefined),
});
const StockSchema = z.object({ commodity: z.string().max(30).optional().catch(undefined) });
const slice = <T>(items: T[], page: number, pageSize: number) => items.slice((page - 1) * pageSize, page * pageSize);

export const ordersApi = new Hono<ApiEnv>()
  .get(
    "/",
    readGuard,
    describe("Export orders: an exporter's own, every exporter's for regulator staff (paged)"),
    query(ListSchema),
    async (c) => {
      const { page, pageSize, status } = c.req.valid("query");
      const items = await listOrdersFor({ status }, serviceDeps(c));
      return paged(c, "orders", slice(items, page, pageSize), { page, pageSize, total: items.length });
    },
  )
  .post(
    "/",
    writeGuard,
    describe("Record a contract with an EU buyer (quantity in kg or t, price per tonne)", { 201: "The order" }),
    body(OrderCreateSchema),
    async (c) => reply(c, await createOrder(c.req.valid("json"), serviceDeps(c)), 201),
  )
  .get(
    "/allocatable-stock",
    readGuard,
    describe("EUDR-compliant batches no order holds yet (what an exporter may allocate)"),
    query(StockSchema),
    async (c) => success(c, { batches: await allocatableStock(c.req.valid("query").commodity, serviceDeps(c)) }),
  )
  .get("/:code", readGuard, describe("One order with its allocated batches"), async (c) =>
    reply(c, await orderFor(c.req.param("code"), serviceDeps(c))),
  )
  .post(
    "/:code/allocations",
    writeGuard,
    describe("Allocate a compliant batch (whole) to my order; refusals give the reason", { 201: "The allocation" }),
    body(AllocateSchema),
    async (c) => reply(c, await allocateBatch(c.req.param("code"), c.req.valid("json"), serviceDeps(c)), 201),
  )
  .post(
    "/:code/allocations/release",
    writeGuard,
    describe("Release an allocated batch that is not in a shipment yet"),
    body(AllocateSchema),
    async (c) => reply(c, await releaseBatch(c.req.param("code"), c.req.valid("json"), serviceDeps(c))),
  );

export const shipmentsApi = new Hono<ApiEnv>()
  .get(
    "/",
    readGuard,
    describe("Shipments with their stage and what holds each batch (paged)"),
    query(ListSchema),
    async (c) => {
      const { page, pageSize } = c.req.valid("query");
      const items = await listShipmentsFor(serviceDeps(c));
      return paged(c, "shipments", slice(items, page, pageSize), { page, pageSize, total: items.length });
    },
  )
  .post(
    "/",
    writeGuard,
    describe(
      "Compose a shipment from batches allocated to one of my orders (refused when a plot is invalid or high risk)",
      {
        201: "The shipment",
      },
    ),
    body(ComposeSchema),
    async (c) => reply(c, await composeShipment(c.req.valid("json"), serviceDeps(c)), 201),
  )
  .get(
    "/:code",
    readGuard,
    describe("One shipment: stage, permit, DDS numbers, batches and their blockers"),
    async (c) => reply(c, await shipmentFor(c.req.param("code"), serviceDeps(c))),
  )
  .get(
    "/:code/package",
    readGuard,
    describe(
      "The due-diligence package: ZIP (EU GeoJSON files, CSV of batches and origins, certificates) or PDF summary",
      {
        200: "application/zip or application/pdf",
      },
    ),
    query(PackageQuerySchema),
    quota("package"),
    async (c) => {
      const build = c.req.valid("query").format === "pdf" ? buildPackagePdf : buildPackageZip;
      const result = await build(c.req.param("code"), serviceDeps(c));
      if (!result.ok) return reply(c, result);
      const { bytes, contentType, filename } = result.value;
      return privateFile(new Uint8Array(bytes), contentType, "attachment", filename);
    },
  )
  .post(
    "/:code/dds",
    writeGuard,
    describe(
      "Record the EU operator's DDS reference and verification numbers for my shipment; changing them needs a reason (at least 10 characters) and adds a version (ADR 031)",
    ),
    body(ShipmentDdsSchema),
    async (c) => reply(c, await recordShipmentDds(c.req.param("code"), c.req.valid("json"), serviceDeps(c))),
  )
  .post(
    "/:code/export",
    writeGuard,
    describe("Export my shipment: every batch passes the export step under the issued permit"),
    body(ExportShipmentSchema),
    async (c) => reply(c, await exportShipment(c.req.param("code"), c.req.valid("json"), serviceDeps(c))),
  );
