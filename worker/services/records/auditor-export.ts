/**
 * The auditor's export: for one batch or shipment, a ZIP holding every record of its
 * chain with all their versions, the certificates (PDF, every version), the origin plots as
 * GeoJSON and the audit rows — for regulator staff and auditors (monitoring observers whose
 * entity type is "auditor"). The README lists the files (README "The auditor's export").
 */
import { strToU8, zipSync } from "fflate";
import { ancestorIds, batchByCode } from "#db/queries/batches";
import { auditRowsOf, type ChainTable, descendantIds, entityTypeOf, recordsWhereIn } from "#db/queries/records";
import { batchesOfShipment, findShipmentByCode } from "#db/queries/shipments";
import { can } from "#worker/auth/permissions";
import { csvText } from "#worker/domain/csv";
import { sha256Hex } from "#worker/domain/hash";
import type { ServiceDeps } from "../deps";
import { fail, ok, type Result } from "../result";

export type AuditorExport = { filename: string; bytes: Uint8Array; files: string[] };
export type AuditorExportInput = { kind: "batch" | "shipment"; code: string };

export const AUDITOR_EXPORT_REFUSED = "The auditor's export is for regulator staff and auditors";

/** What each file of the ZIP holds: README.txt inside the ZIP repeats it. */
export const EXPORT_FILES: Record<string, string> = {
  "README.txt": "this list",
  "manifest.json": "what was exported, when and by whom; each file's SHA-256 and row count",
  "records/<table>.json":
    "every row of the chain's records, all columns, one file per table: batches (the batch, every batch it came from and every batch made from it), batch_origins, batch_lineage, custody_events (voided steps included), purchases, batch_dispatches, batch_inspections, port_inspections, shipments, shipment_batches, export_permits, order_allocations, inspection_requests, farmers and land_plots of origin, plot_assessments, plot_visits, certificates",
  "versions/plot_versions.json": "every earlier boundary version of the origin plots",
  "versions/record_versions.json": "every version of corrected or voided records, with who, when and why (ADR 031)",
  "geojson/origin-plots.geojson": "the origin plots as stored (WGS 84), with plot code, farmer ID, county and verdicts",
  "certificates/<number>.pdf":
    "every certificate of the batches and shipments, as issued — superseded, revoked and expired ones included",
  "audit/audit-log.json": "every audit row about these records, oldest first, with before/after snapshots",
  "audit/audit-log.csv": "the same audit rows as CSV",
};

const RECORD_TABLES: ChainTable[] = [
  "batches",
  "batch_origins",
  "batch_lineage",
  "custody_events",
  "purchases",
  "batch_dispatches",
  "batch_inspections",
  "port_inspections",
  "shipment_batches",
  "order_allocations",
  "inspection_requests",
];

/** Whether the signed-in account may have the export: regulator staff, or an auditor observer. */
export async function mayExportAuditRecords(deps: Pick<ServiceDeps, "db" | "actor">) {
  if (!can(deps.actor.role, "exportAuditRecords")) return false;
  if (deps.actor.role !== "monitoring_observer") return true;
  return (await entityTypeOf(deps.db, deps.actor.id)) === "auditor";
}

export async function buildAuditorExport(
  input: AuditorExportInput,
  deps: Pick<ServiceDeps, "db" | "r2" | "actor" | "now">,
): Promise<Result<AuditorExport>> {
  const { db, r2, actor, now } = deps;
  if (!(await mayExportAuditRecords(deps))) return fail(403, AUDITOR_EXPORT_REFUSED);
  const code = input.code.trim().toUpperCase();
  let batchIds: string[];
  let shipmentIds: string[] = [];
  let subject: string;
  if (input.kind === "batch") {
    const batch = await batchByCode(db, code);
    if (!batch) return fail(404, `No batch ${code}`);
    subject = batch.batchCode;
    batchIds = [...(await ancestorIds(db, batch.id)), batch.id, ...(await descendantIds(db, batch.id))];
  } else {
    const shipment = await findShipmentByCode(db, code);
    if (!shipment) return fail(404, `No shipment ${code}`);
    subject = shipment.code;
    shipmentIds = [shipment.id];
    const shipped = (await batchesOfShipment(db, shipment.id)).map((b) => b.batchId);
    batchIds = [...shipped];
    for (const id of shipped) batchIds.push(...(await ancestorIds(db, id)));
  }
  batchIds = [...new Set(batchIds)];

  const records: Record<string, Record<string, unknown>[]> = {};
  for (const table of RECORD_TABLES) records[table] = await recordsWhereIn(db, table, batchIds);
  shipmentIds = [...new Set([...shipmentIds, ...records.shipment_batches!.map((r) => String(r.shipment_id))])];
  records.shipments = await recordsWhereIn(db, "shipments", shipmentIds);
  records.export_permits = await recordsWhereIn(db, "export_permits", shipmentIds);
  const plotIds = [...new Set(records.batch_origins!.map((o) => String(o.plot_id)))];
  records.farmers = await recordsWhereIn(
    db,
    "farmers",
    records.batch_origins!.map((o) => String(o.farmer_id)),
  );
  records.land_plots = await recordsWhereIn(db, "land_plots", plotIds);
  records.plot_assessments = await recordsWhereIn(db, "plot_assessments", plotIds);
  records.plot_visits = await recordsWhereIn(db, "plot_visits", plotIds);
  const batchCodes = records.batches!.map((b) => String(b.batch_code));
  const shipmentCodes = records.shipments!.map((s) => String(s.code));
  records.certificates = (
    await recordsWhereIn(db, "certificates", [...batchCodes, ...batchIds, ...shipmentCodes, ...shipmentIds])
  ).filter((c) => c.subject_type === "batch" || c.subject_type === "shipment");
  const plotVersions = await recordsWhereIn(db, "plot_versions", plotIds);
  const custodyIds = records.custody_events!.map((e) => String(e.id));
  const farmerRowIds = records.farmers!.map((f) => String(f.id));
  const inspectionIds = records.batch_inspections!.map((i) => String(i.id));
  // Every kind of version (ADR 031): purchases and batch DDS numbers (by batch), custody steps,
  // warehouse inspections, farmers of origin and the shipments' DDS numbers.
  const recordVersions = await recordsWhereIn(db, "record_versions", [
    ...batchIds,
    ...custodyIds,
    ...inspectionIds,
    ...farmerRowIds,
    ...shipmentIds,
  ]);
  const audit = await auditRowsOf(db, [
    ...batchIds,
    ...batchCodes,
    ...custodyIds,
    ...plotIds,
    ...records.land_plots!.map((p) => String(p.plot_code)),
    ...farmerRowIds,
    ...records.farmers!.map((f) => String(f.farmer_id)),
    ...shipmentIds,
    ...shipmentCodes,
    ...records.export_permits!.map((p) => String(p.id)),
    ...records.certificates!.flatMap((c) => [String(c.id), String(c.certificate_number)]),
  ]);

  const files: Record<string, Uint8Array> = {};
  const rowsOf: Record<string, number> = {};
  const json = (name: string, rows: unknown[]) => {
    files[name] = strToU8(`${JSON.stringify(rows, null, 1)}\n`);
    rowsOf[name] = rows.length;
  };
  for (const [table, rows] of Object.entries(records)) json(`records/${table}.json`, rows);
  json("versions/plot_versions.json", plotVersions);
  json("versions/record_versions.json", recordVersions);
  const features = records.land_plots!.map((p) => ({
    type: "Feature",
    properties: {
      plotCode: p.plot_code,
      farmerId: records.farmers!.find((f) => f.id === p.farmer_id)?.farmer_id ?? p.farmer_id,
      county: p.county,
      areaHectares: p.area_hectares,
      validationState: p.validation_state,
      riskLevel: p.risk_level,
    },
    geometry: JSON.parse(String(p.geometry)),
  }));
  files["geojson/origin-plots.geojson"] = strToU8(`${JSON.stringify({ type: "FeatureCollection", features })}\n`);
  rowsOf["geojson/origin-plots.geojson"] = features.length;
  const missing: string[] = [];
  for (const c of records.certificates!) {
    const object = await r2.get(String(c.r2_key));
    if (object) files[`certificates/${c.certificate_number}.pdf`] = new Uint8Array(await object.arrayBuffer());
    else missing.push(String(c.certificate_number));
  }
  json("audit/audit-log.json", audit);
  const columns = [
    "id",
    "created_at",
    "actor_id",
    "actor_role",
    "action",
    "entity_type",
    "entity_id",
    "before",
    "after",
  ];
  files["audit/audit-log.csv"] = strToU8(
    csvText(
      columns,
      audit.map((r) => columns.map((k) => r[k])),
    ),
  );
  rowsOf["audit/audit-log.csv"] = audit.length;
  files["README.txt"] = strToU8(
    [
      `Auditor's export of ${input.kind} ${subject} — Liberia EUDR traceability platform`,
      "",
      ...Object.entries(EXPORT_FILES).map(([name, what]) => `${name}\n    ${what}`),
      "",
      "JSON files hold the database rows as stored (snake_case columns; weights in grams, money in minor units).",
      "",
    ].join("\n"),
  );
  const checksums: Record<string, { sha256: string; bytes: number; rows?: number }> = {};
  for (const [name, bytes] of Object.entries(files))
    checksums[name] = { sha256: await sha256Hex(bytes), bytes: bytes.byteLength, rows: rowsOf[name] };
  files["manifest.json"] = strToU8(
    `${JSON.stringify(
      {
        subject: { kind: input.kind, code: subject },
        exportedAt: now().toISOString(),
        exportedBy: { id: actor.id, role: actor.role },
        batches: batchCodes,
        shipments: shipmentCodes,
        certificatesMissingInStorage: missing,
        files: checksums,
      },
      null,
      1,
    )}\n`,
  );
  const bytes = zipSync(files, { level: 6 });
  return ok({ filename: `${subject}-auditor-export.zip`, bytes, files: Object.keys(files) });
}
