/**
 * The due-diligence package of a shipment: what the EU operator needs to file the DDS
 * (docs/eudr-rules.md) — the geolocation of every origin plot as EU GeoJSON (the existing export,
 * already split under 25 MB and 1,000 producers per file), a CSV of the batches and their origins,
 * and the batches' certificates — as one ZIP (fflate, built here on the server only), or as a
 * single PDF summary. An exporter gets their own shipment's; regulator staff any (404 otherwise).
 */
import { strToU8, zipSync } from "fflate";
import { batchesByCode, originsOf } from "#db/queries/batches";
import { batchCertificateStates } from "#db/queries/inspections";
import { accountById } from "#db/queries/licensing";
import { batchesOfShipment, livePermitOf } from "#db/queries/shipments";
import { csvLine } from "#worker/domain/csv";
import { packageCollection, serializeEudrGeoJson } from "#worker/domain/eudr-geojson";
import { STAGE_LABEL, shipmentStage } from "#worker/domain/orders";
import { renderShipmentSummary } from "#worker/domain/shipment-summary-pdf";
import type { ServiceDeps } from "../deps";
import { exportGeoJson } from "../eudr/export-geojson";
import { fail, ok, type Result } from "../result";
import { readableShipment } from "./read-shipments";

export type DueDiligencePackage = { filename: string; contentType: string; bytes: Uint8Array; files: string[] };

const CSV_HEADER = [
  "shipment_code",
  "batch_code",
  "commodity",
  "hs_code",
  "batch_net_mass_kg",
  "plot_code",
  "farmer_id",
  "producer_name",
  "county",
  "area_ha",
  "origin_share_kg",
  "risk_level",
  "geometry_state",
];

/** Everything both forms are made of. */
async function gather(code: string, deps: Pick<ServiceDeps, "db" | "actor" | "r2" | "now">) {
  const { db } = deps;
  const found = await readableShipment(code, deps);
  if (!found.ok) return found;
  const { shipment, order } = found.value;
  const shipped = await batchesOfShipment(db, shipment.id);
  const batches = await batchesByCode(
    db,
    shipped.map((b) => b.batchCode),
  );
  const origins = await originsOf(
    db,
    batches.map((b) => b.id),
  );
  const plotIds = [...new Set(origins.map((o) => o.plotId))];
  const exported = await exportGeoJson({ plotIds }, { db });
  if (!exported.ok) return fail(exported.status === 400 ? 422 : exported.status, exported.message, exported.errors);
  const geo = exported.value;
  const [permit, exporter, certificates] = await Promise.all([
    livePermitOf(db, shipment.id),
    accountById(db, shipment.exporterId),
    batchCertificateStates(
      db,
      batches.map((b) => b.batchCode),
    ),
  ]);
  return ok({ shipment, order, shipped, batches, origins, geo, permit, exporter, certificates });
}

export async function buildPackageZip(
  code: string,
  deps: Pick<ServiceDeps, "db" | "actor" | "r2" | "now">,
): Promise<Result<DueDiligencePackage>> {
  const g = await gather(code, deps);
  if (!g.ok) return g;
  const { shipment, shipped, batches, origins, geo, certificates } = g.value;
  const files: Record<string, Uint8Array> = {};
  geo.packages.forEach((p, i) => {
    const name = `geojson/${shipment.code}-part-${String(i + 1).padStart(2, "0")}-${p.commodity.toLowerCase().replaceAll(/[^a-z0-9]+/g, "-")}.geojson`;
    files[name] = strToU8(serializeEudrGeoJson(packageCollection(p)));
  });
  const weightOf = new Map(shipped.map((b) => [b.batchId, b.weightG]));
  const lines = [csvLine(CSV_HEADER)];
  for (const b of batches)
    for (const o of origins.filter((x) => x.batchId === b.id))
      lines.push(
        csvLine([
          shipment.code,
          b.batchCode,
          b.commodity,
          b.hsCode,
          (weightOf.get(b.id) ?? b.weightG) / 1000,
          o.plotCode,
          o.farmerId,
          `${o.farmerFirstName ?? ""} ${o.farmerLastName ?? ""}`.trim(),
          o.county ?? o.farmerCounty,
          o.areaHectares,
          o.weightG == null ? null : o.weightG / 1000,
          o.riskLevel ?? "not_assessed",
          o.validationState,
        ]),
      );
  files["batches-and-origins.csv"] = strToU8(`${lines.join("\r\n")}\r\n`);
  // The certificates: their PDFs as issued (R2), and a list with each one's /verify link.
  const certLines = [csvLine(["certificate_number", "type", "batch_code", "status", "expires_at", "verify_path"])];
  for (const c of certificates) {
    certLines.push(
      csvLine([
        c.certificateNumber,
        c.type,
        c.subjectId,
        c.status,
        c.expiresAt.slice(0, 10),
        `/verify/${c.certificateNumber}`,
      ]),
    );
    const object = c.status === "valid" ? await deps.r2.get(c.r2Key) : null;
    if (object) files[`certificates/${c.certificateNumber}.pdf`] = new Uint8Array(await object.arrayBuffer());
  }
  files["certificates.csv"] = strToU8(`${certLines.join("\r\n")}\r\n`);
  files["manifest.json"] = strToU8(
    JSON.stringify(
      {
        shipment: shipment.code,
        order: g.value.order?.code ?? null,
        permit: g.value.permit?.number ?? null,
        ddsReference: shipment.ddsReference,
        ddsVerification: shipment.ddsVerification,
        geojson: geo.manifest,
      },
      null,
      2,
    ),
  );
  // Fixed timestamps: the same package gives the same bytes.
  const mtime = new Date(shipment.createdAt);
  const bytes = zipSync(files, { level: 6, mtime });
  return ok({
    filename: `${shipment.code}-due-diligence.zip`,
    contentType: "application/zip",
    bytes,
    files: Object.keys(files),
  });
}

export async function buildPackagePdf(
  code: string,
  deps: Pick<ServiceDeps, "db" | "actor" | "r2" | "now">,
): Promise<Result<DueDiligencePackage>> {
  const g = await gather(code, deps);
  if (!g.ok) return g;
  const { shipment, order, shipped, batches, origins, geo, permit, exporter, certificates } = g.value;
  const weightOf = new Map(shipped.map((b) => [b.batchId, b.weightG]));
  const bytes = await renderShipmentSummary({
    shipmentCode: shipment.code,
    exporter:
      exporter?.companyName ?? (exporter ? `${exporter.firstName} ${exporter.lastName}`.trim() : shipment.exporterId),
    stage: STAGE_LABEL[shipmentStage(shipment.status, permit?.status)],
    order: order && {
      code: order.code,
      buyer: order.buyerName,
      country: order.buyerCountry,
      commodity: order.commodity,
      hsCode: order.hsCode,
      quantityG: order.quantityG,
      incoterm: order.incoterm,
    },
    permit: permit ? `${permit.number ?? "not yet numbered"} (${permit.status})` : "not requested",
    dds: shipment.ddsReference ? `${shipment.ddsReference} / ${shipment.ddsVerification}` : "not recorded yet",
    batches: batches.map((b) => ({
      batchCode: b.batchCode,
      commodity: b.commodity,
      hsCode: b.hsCode,
      weightG: weightOf.get(b.id) ?? b.weightG,
      plots: origins.filter((o) => o.batchId === b.id).length,
    })),
    plots: [...new Map(origins.map((o) => [o.plotId, o])).values()].map((o) => ({
      plotCode: o.plotCode ?? o.plotId,
      farmerId: o.farmerId,
      county: o.county ?? o.farmerCounty ?? "",
      areaHa: o.areaHectares ?? 0,
      risk: o.riskLevel ?? "not assessed",
      geometry: o.validationState ?? "",
    })),
    packages: geo.manifest.packages.map((p) => ({
      file: `${shipment.code}-part-${String(p.part).padStart(2, "0")}.geojson`,
      commodity: p.commodity,
      producers: p.producers,
      plots: p.plots,
      bytes: p.bytes,
    })),
    certificates: certificates.map((c) => ({ number: c.certificateNumber, type: c.type, status: c.status })),
    generatedAt: deps.now().toISOString(),
  });
  return ok({ filename: `${shipment.code}-due-diligence.pdf`, contentType: "application/pdf", bytes, files: [] });
}
