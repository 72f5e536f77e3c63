import { type Context, Hono } from "hono";
import {
  CorrectFarmerSchema,
  CorrectInspectionSchema,
  CorrectPortInspectionSchema,
  CorrectPurchaseSchema,
  VoidStepSchema,
} from "../contracts/records";
import { buildAuditorExport } from "../services/records/auditor-export";
import { correctFarmer } from "../services/records/correct-farmer";
import { correctInspection } from "../services/records/correct-inspection";
import { correctPortInspection } from "../services/records/correct-port-inspection";
import { correctPurchase, voidCustodyStep } from "../services/records/correct-records";
import { batchVersions, farmerVersions } from "../services/records/read-versions";
import { type ApiEnv, requirePermission, serviceDeps } from "./middleware";
import { quota } from "./quota";
import { privateFile, reply } from "./reply";
import { describe } from "./route-meta";
import { body } from "./validate";

/**
 * /api/records: the auditor's export of a batch's or shipment's whole record. Regulator
 * staff and auditors only (ADR 030/031; a donor or NGO observer is refused in the service).
 */
const exportGuard = requirePermission("exportAuditRecords");
const correctGuard = requirePermission("correctRecords");

/** The auditor's export of the batch or shipment named by `:code`, as a ZIP download. */
const auditorExport = (kind: "batch" | "shipment") => async (c: Context<ApiEnv>) => {
  const result = await buildAuditorExport({ kind, code: c.req.param("code") ?? "" }, serviceDeps(c));
  if (!result.ok) return reply(c, result);
  return privateFile(new Uint8Array(result.value.bytes), "application/zip", "attachment", result.value.filename);
};

export const recordsApi = new Hono<ApiEnv>()
  .get(
    "/batches/:code/auditor-export",
    exportGuard,
    describe(
      "The auditor's export of a batch: ZIP of every record of its chain with all versions, certificates (PDF), GeoJSON and audit rows",
      { 200: "application/zip" },
    ),
    quota("package"),
    auditorExport("batch"),
  )
  .get(
    "/shipments/:code/auditor-export",
    exportGuard,
    describe(
      "The auditor's export of a shipment: ZIP of every record of its batches' chains with all versions, certificates (PDF), GeoJSON and audit rows",
      { 200: "application/zip" },
    ),
    quota("package"),
    auditorExport("shipment"),
  )
  .post(
    "/batches/:code/purchase/corrections",
    correctGuard,
    describe(
      "Correct a purchase with a reason (ADR 031): a new version, volumes and plausibility recomputed, changed certificates superseded",
    ),
    body(CorrectPurchaseSchema),
    async (c) => reply(c, await correctPurchase(c.req.param("code"), c.req.valid("json"), serviceDeps(c))),
  )
  .post(
    "/batches/:code/custody/void",
    correctGuard,
    describe(
      "Void the batch's latest custody step with a reason (ADR 031): its effect on status, weight and holder is reversed; refused where a later step depends on it",
    ),
    body(VoidStepSchema),
    async (c) => reply(c, await voidCustodyStep(c.req.param("code"), c.req.valid("json"), serviceDeps(c))),
  )
  .post(
    "/batches/:code/inspection/corrections",
    correctGuard,
    describe(
      "Correct the batch's warehouse inspection measurements with a reason (ADR 031): the grade is computed again, a new version beside the old one; refused once exported",
    ),
    body(CorrectInspectionSchema),
    async (c) => reply(c, await correctInspection(c.req.param("code"), c.req.valid("json"), serviceDeps(c))),
  )
  .post(
    "/batches/:code/port-inspection/corrections",
    correctGuard,
    describe(
      "Correct the batch's latest port (phytosanitary) inspection with a reason (ADR 031): the record as it should have been; a changed decision signs the batch off or holds it; refused once exported",
    ),
    body(CorrectPortInspectionSchema),
    async (c) => reply(c, await correctPortInspection(c.req.param("code"), c.req.valid("json"), serviceDeps(c))),
  )
  .get(
    "/batches/:code/versions",
    requirePermission("readBatches"),
    describe("The versions of a batch's corrected or voided records, oldest first"),
    async (c) => reply(c, await batchVersions(c.req.param("code"), serviceDeps(c))),
  )
  .post(
    "/farmers/:farmerId/corrections",
    requirePermission("correctFarmerDetails"),
    describe(
      "Correct a farmer's details (name, gender, date of birth, phone, district, community, national ID) with a reason (ADR 031): a new version beside the old one",
    ),
    body(CorrectFarmerSchema),
    async (c) => reply(c, await correctFarmer(c.req.param("farmerId"), c.req.valid("json"), serviceDeps(c))),
  )
  .get(
    "/farmers/:farmerId/versions",
    requirePermission("readRegistry"),
    describe("The versions of a farmer's corrected details, oldest first"),
    async (c) => reply(c, await farmerVersions(c.req.param("farmerId"), serviceDeps(c))),
  );
