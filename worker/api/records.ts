import { Hono } from "hono";
import { buildAuditorExport } from "../services/records/auditor-export";
import { type ApiEnv, requirePermission, serviceDeps } from "./middleware";
import { reply } from "./reply";
import { describe } from "./route-meta";

/**
 * /api/records (issue 17): the auditor's export of a batch's or shipment's whole record. Regulator
 * staff and auditors only (ADR 030/031; a donor or NGO observer is refused in the service).
 */
const exportGuard = requirePermission("exportAuditRecords");

function zipResponse(filename: string, bytes: Uint8Array) {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export const recordsApi = new Hono<ApiEnv>()
  .get(
    "/batches/:code/auditor-export",
    exportGuard,
    describe(
      "The auditor's export of a batch: ZIP of every record of its chain with all versions, certificates (PDF), GeoJSON and audit rows",
      { 200: "application/zip" },
    ),
    async (c) => {
      const result = await buildAuditorExport({ kind: "batch", code: c.req.param("code") }, serviceDeps(c));
      return result.ok ? zipResponse(result.value.filename, result.value.bytes) : reply(c, result);
    },
  )
  .get(
    "/shipments/:code/auditor-export",
    exportGuard,
    describe(
      "The auditor's export of a shipment: ZIP of every record of its batches' chains with all versions, certificates (PDF), GeoJSON and audit rows",
      { 200: "application/zip" },
    ),
    async (c) => {
      const result = await buildAuditorExport({ kind: "shipment", code: c.req.param("code") }, serviceDeps(c));
      return result.ok ? zipResponse(result.value.filename, result.value.bytes) : reply(c, result);
    },
  );
