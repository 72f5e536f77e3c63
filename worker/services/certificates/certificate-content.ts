/**
 * What a certificate of a real subject says, built from stored records only (issue #5): a
 * farmer with their plots and verdicts; a batch with its origin plots, farmers, custody and DDS
 * numbers; a shipment (an exported batch) with what its export step recorded. Nothing is
 * invented: what the platform does not store is printed "not recorded" (shipment details,
 * phytosanitary declaration and treatment) or "not measured" (quality measurements: a batch
 * keeps only the grade an inspector recorded).
 *
 * The 24-month monitoring series (docs/product.md §9) is derived per plot from its assessment history: for
 * each of the last 24 full months, the verdict in force at the end of that month and whether the
 * post-2020 disturbance layers of that verdict overlapped the plot. A month before the plot's
 * first assessment, or whose verdict read no disturbance layer, was not monitored and is left out
 * rather than shown as "0 alerts".
 *
 * The content is hashed (canonical JSON, SHA-256) to decide whether a stored PDF still describes
 * the data: the PDF bytes are never hashed (pdf-lib output is not byte-stable).
 */

import type { Database } from "#db/client";
import { ancestorIds, type BatchRow, batchByCode, custodyOf, originsOf } from "#db/queries/batches";
import {
  type AssessmentForCertificate,
  accountName,
  assessmentsOfPlots,
  type FarmerForCertificate,
  farmerForCertificate,
  farmersForCertificate,
  type PlotForCertificate,
  plotsForCertificate,
  plotsOfFarmerForCertificate,
} from "#db/queries/certificates";
import type { Verdict } from "#worker/domain/assess-risk";
import type { ComplianceStatus } from "#worker/domain/batch-compliance";
import {
  CERTIFICATE_INFO,
  CERTIFICATE_TYPES,
  type CertificateContent,
  type CertificateType,
  type DdsRecord,
  type EvidenceItem,
  type FarmerRecord,
  type MonitoringSeries,
  monitoringMonths,
  type PlotRecord,
  type ShipmentRecord,
  type SubjectKind,
} from "#worker/domain/certificates/content";
import { isTestFarmerId, testFarmerContent } from "#worker/domain/certificates/test-farmers";
import { EUDR_COMMODITIES, isEudrCommodity } from "#worker/domain/commodities";
import { canonicalJson, sha256Hex } from "#worker/domain/hash";
import type { PlotGeometry } from "#worker/domain/validate-geometry";

export const SUBJECT_KINDS = ["test_farmer", "farmer", "batch", "shipment"] as const satisfies readonly SubjectKind[];

export function isSubjectKind(value: string): value is SubjectKind {
  return (SUBJECT_KINDS as readonly string[]).includes(value);
}

/**
 * Which documents each kind of subject gets. A farmer's paper is about their plots (EUDR,
 * deforestation, the summary declaration); phytosanitary, origin and quality certificates
 * describe a lot of produce, so they are issued for a batch or a shipment.
 */
export const TYPES_FOR_SUBJECT: Record<SubjectKind, readonly CertificateType[]> = {
  test_farmer: CERTIFICATE_TYPES,
  farmer: ["eudr", "deforestation", "declaration"],
  batch: CERTIFICATE_TYPES,
  shipment: CERTIFICATE_TYPES,
};

/**
 * Bump when the mapping below or the renderer's layout changes: every stored PDF is then built
 * again on its next request (the hash covers this number).
 */
export const CERTIFICATE_FORMAT_VERSION = 1;

export type ContentOutcome =
  | { ok: true; content: CertificateContent }
  | { ok: false; status: 400 | 404 | 409; message: string };

const SUBJECT_WORD: Record<SubjectKind, string> = {
  test_farmer: "test farmer",
  farmer: "farmer",
  batch: "batch",
  shipment: "shipment",
};

/** Whether `type` is issued for `kind`, and if not, why ("… describes a batch or a shipment"). */
export function typeAllowedFor(
  type: CertificateType,
  kind: SubjectKind,
): { ok: true } | { ok: false; message: string } {
  if (TYPES_FOR_SUBJECT[kind].includes(type)) return { ok: true };
  const kinds = SUBJECT_KINDS.filter((k) => k !== "test_farmer" && TYPES_FOR_SUBJECT[k].includes(type)).map(
    (k) => SUBJECT_WORD[k],
  );
  return {
    ok: false,
    message: `A ${CERTIFICATE_INFO[type].title} is not issued for a ${SUBJECT_WORD[kind]}: it describes a ${kinds.join(" or a ")}`,
  };
}

/** The subject id as stored: Farmer IDs and batch codes in capitals, test profiles as "1".."3". */
export function normalizeSubjectId(kind: SubjectKind, id: string): string {
  const t = id.trim();
  return kind === "test_farmer" ? String(Number(t)) : t.toUpperCase();
}

/**
 * The content of a subject's certificates at `now`, read from D1 (test profiles from their
 * fixed fictional data). 404 when the subject does not exist; 409 for a "shipment" that has not
 * been exported.
 */
export async function loadCertificateContent(
  kind: SubjectKind,
  subjectId: string,
  deps: { db: Database; now: Date },
): Promise<ContentOutcome> {
  const { db, now } = deps;
  const id = normalizeSubjectId(kind, subjectId);
  if (kind === "test_farmer") {
    const n = Number(id);
    if (!isTestFarmerId(n))
      return { ok: false, status: 404, message: `No test farmer with id ${subjectId} (test profiles are 1, 2 and 3)` };
    return { ok: true, content: testFarmerContent(n, now) };
  }
  if (kind === "farmer") {
    const farmer = await farmerForCertificate(db, id);
    if (!farmer) return { ok: false, status: 404, message: `No farmer with ID ${id}` };
    const plots = await plotsOfFarmerForCertificate(db, farmer);
    const assessments = await assessmentsOfPlots(
      db,
      plots.map((p) => p.id),
    );
    return { ok: true, content: farmerCertificateContent({ farmer, plots, assessments }, now) };
  }
  const batch = await batchByCode(db, id);
  if (!batch) return { ok: false, status: 404, message: `No batch with code ${id}` };
  if (kind === "shipment" && batch.status !== "exported") {
    return {
      ok: false,
      status: 409,
      message: `Batch ${batch.batchCode} has not been exported: shipment certificates are issued for an exported batch`,
    };
  }
  const ancestors = await ancestorIds(db, batch.id);
  const [origins, custody] = await Promise.all([originsOf(db, [batch.id]), custodyOf(db, [batch.id, ...ancestors])]);
  const [plots, farmers] = await Promise.all([
    plotsForCertificate(
      db,
      origins.map((o) => o.plotId),
    ),
    farmersForCertificate(
      db,
      origins.map((o) => o.farmerId),
    ),
  ]);
  const assessments = await assessmentsOfPlots(
    db,
    plots.map((p) => p.id),
  );
  const exportEvent = [...custody].reverse().find((e) => e.batchId === batch.id && e.toStatus === "exported") ?? null;
  const exporterId = batch.holderId ?? exportEvent?.actorId ?? null;
  const exporter = kind === "shipment" && exporterId ? await accountName(db, exporterId) : null;
  return {
    ok: true,
    content: batchCertificateContent(
      {
        kind,
        batch,
        origins: origins.map((o) => ({ plotId: o.plotId, farmerId: o.farmerId })),
        plots,
        farmers,
        assessments,
        custody: custody.map((e) => ({
          batchId: e.batchId,
          toStatus: e.toStatus,
          occurredAt: e.occurredAt,
          location: e.location,
          weightOutKg: e.weightOutKg,
        })),
        exporterName: exporter?.name ?? null,
      },
      now,
    ),
  };
}

// ── Pure builders (unit-tested without D1) ──────────────────────────────────────────────────

export type FarmerRows = {
  farmer: FarmerForCertificate;
  plots: PlotForCertificate[];
  assessments: AssessmentForCertificate[];
};

export type BatchRows = {
  kind: "batch" | "shipment";
  batch: Pick<
    BatchRow,
    | "id"
    | "batchCode"
    | "commodity"
    | "hsCode"
    | "weightKg"
    | "grade"
    | "harvestDate"
    | "complianceStatus"
    | "ddsReference"
    | "ddsVerification"
    | "status"
  >;
  origins: { plotId: string; farmerId: string }[];
  plots: PlotForCertificate[];
  farmers: FarmerForCertificate[];
  assessments: AssessmentForCertificate[];
  custody: {
    batchId: string;
    toStatus: string;
    occurredAt: string;
    location: string | null;
    weightOutKg: number | null;
  }[];
  /** The exporter's company (shipments). */
  exporterName: string | null;
};

const fullName = (f: Pick<FarmerForCertificate, "firstName" | "lastName">) => `${f.firstName} ${f.lastName}`.trim();

function farmerRecord(f: FarmerForCertificate): FarmerRecord {
  return {
    farmerId: f.farmerId,
    name: fullName(f),
    county: f.county,
    community: f.community ?? f.district ?? "community not recorded",
  };
}

function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

type StoredEvidence = Partial<EvidenceItem> & {
  layerName?: string;
  kind?: string;
  source?: string;
  sourceDate?: string;
};

function evidenceItems(json: string): EvidenceItem[] {
  return parseJson<StoredEvidence[]>(json, []).map((e) => ({
    layerName: e.layerName ?? "unnamed layer",
    kind: e.kind as EvidenceItem["kind"],
    version: e.version ?? "",
    overlapHectares: Number(e.overlapHectares ?? 0),
    overlapPercent: Number(e.overlapPercent ?? 0),
    sourceDate: e.sourceDate || null,
    source: e.source ?? null,
    present: typeof e.present === "boolean" ? e.present : undefined,
  }));
}

const VERDICTS: readonly string[] = ["low", "high", "more_information_needed"];
const asVerdict = (v: string | null | undefined): Verdict | null => (v && VERDICTS.includes(v) ? (v as Verdict) : null);

/** First instant of the month after "YYYY-MM", ISO. */
function endOfMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString();
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * The monitoring series of one plot over the 24 full months before `now`, from its assessment
 * history (oldest first). See the file comment for what a month means.
 */
export function monitoringSeries(plotCode: string, history: AssessmentForCertificate[], now: Date): MonitoringSeries {
  const months: MonitoringSeries["months"] = [];
  for (const month of monitoringMonths(now, 24)) {
    const end = endOfMonth(month);
    let inForce: AssessmentForCertificate | undefined;
    for (const a of history) if (a.assessedAt < end) inForce = a;
    if (!inForce) continue;
    const disturbance = evidenceItems(inForce.evidence).filter((e) => e.kind === "disturbance_after_2020");
    if (!disturbance.length) continue;
    const overlapping = disturbance.filter((e) => e.overlapHectares > 0 || e.overlapPercent > 0);
    months.push({
      month,
      layer: [...new Set(disturbance.map((e) => e.layerName))].join(" + "),
      alerts: overlapping.length,
      overlapHectares: round(
        overlapping.reduce((s, e) => s + e.overlapHectares, 0),
        4,
      ),
      verdict: asVerdict(inForce.verdict),
    });
  }
  return { plotCode, months };
}

function plotRecords(
  plots: PlotForCertificate[],
  farmerOf: (plot: PlotForCertificate) => FarmerForCertificate | undefined,
  history: Map<string, AssessmentForCertificate[]>,
): PlotRecord[] {
  return plots.map((p) => {
    const f = farmerOf(p);
    const latest = history.get(p.id)?.at(-1);
    return {
      plotCode: p.plotCode,
      farmerId: f?.farmerId ?? p.farmerId,
      producerName: f ? fullName(f) : "producer not recorded",
      crop: p.crop ?? "not recorded",
      county: p.county ?? f?.county ?? "not recorded",
      community: f?.community ?? f?.district ?? null,
      areaHectares: p.areaHectares,
      // Stored exactly as validated; a plot whose geometry cannot be read must not get a paper.
      geometry: JSON.parse(p.geometry) as PlotGeometry,
      geometryValid: p.validationState === "valid",
      // land_plots keeps the latest verdict; the history row adds its reasons and evidence.
      verdict: asVerdict(latest?.verdict ?? p.riskLevel),
      reasons: latest ? parseJson<string[]>(latest.reasons, []) : [],
      evidence: latest ? evidenceItems(latest.evidence) : [],
      assessedAt: latest?.assessedAt ?? p.assessedAt ?? null,
    };
  });
}

function historyByPlot(assessments: AssessmentForCertificate[]) {
  const out = new Map<string, AssessmentForCertificate[]>();
  for (const a of assessments) {
    const list = out.get(a.plotId) ?? [];
    list.push(a);
    out.set(a.plotId, list);
  }
  for (const list of out.values())
    list.sort((a, b) => (a.assessedAt < b.assessedAt ? -1 : a.assessedAt > b.assessedAt ? 1 : 0));
  return out;
}

/** A registered farmer's certificate content: their plots, verdicts with evidence, monitoring. */
export function farmerCertificateContent(rows: FarmerRows, now: Date): CertificateContent {
  const { farmer } = rows;
  const history = historyByPlot(rows.assessments);
  const plots = plotRecords(rows.plots, () => farmer, history);
  return {
    subject: { kind: "farmer", id: farmer.farmerId, label: `${fullName(farmer)} (${farmer.farmerId})` },
    testProfile: false,
    farmers: [farmerRecord(farmer)],
    batch: null,
    shipment: null,
    plots,
    monitoring: rows.plots.map((p) => monitoringSeries(p.plotCode, history.get(p.id) ?? [], now)),
    quality: null,
    phytosanitary: null,
    dds: null,
  };
}

/** Botanical names of the EUDR commodities grown in Liberia (IPPC "botanical name of plants"). */
const BOTANICAL_NAME: Record<string, string> = {
  Cocoa: "Theobroma cacao L.",
  // Liberia grows Robusta and Liberica: the batch does not record which.
  Coffee: "Coffea spp. (species not recorded)",
  Rubber: "Hevea brasiliensis (Willd. ex A.Juss.) Müll.Arg.",
  "Oil Palm": "Elaeis guineensis Jacq.",
};

/** A batch's (or shipment's) certificate content from its stored rows. */
export function batchCertificateContent(rows: BatchRows, now: Date): CertificateContent {
  const { batch, kind } = rows;
  const farmerByKey = new Map<string, FarmerForCertificate>();
  for (const f of rows.farmers) {
    farmerByKey.set(f.farmerId, f);
    farmerByKey.set(f.id, f);
  }
  const originFarmer = new Map(rows.origins.map((o) => [o.plotId, o.farmerId]));
  const farmerOf = (p: PlotForCertificate) =>
    farmerByKey.get(originFarmer.get(p.id) ?? "") ?? farmerByKey.get(p.farmerId);
  const history = historyByPlot(rows.assessments);
  const plots = plotRecords(rows.plots, farmerOf, history);
  const farmers = [...new Map(rows.farmers.map((f) => [f.farmerId, f])).values()]
    .sort((a, b) => (a.farmerId < b.farmerId ? -1 : 1))
    .map(farmerRecord);

  const own = rows.custody.filter((e) => e.batchId === batch.id);
  const last = (status: string) =>
    [...own].reverse().find((e) => e.toStatus === status) ??
    [...rows.custody].reverse().find((e) => e.toStatus === status) ??
    null;
  const exported = last("exported");
  const portInspection = last("port_inspected");
  const commodity = batch.commodity;
  const counties = [...new Set(plots.map((p) => p.county).filter((c) => c !== "not recorded"))];
  const exportDate = exported?.occurredAt.slice(0, 10) ?? null;

  const shipment: ShipmentRecord | null =
    kind === "shipment"
      ? {
          reference: batch.batchCode,
          exporter: {
            name: rows.exporterName ?? "not recorded",
            address: null,
            country: "Liberia",
            licenceNumber: null,
          },
          consignee: null,
          meansOfConveyance: null,
          vesselOrFlight: null,
          portOfLoading: exported?.location ?? null,
          pointOfEntry: null,
          route: null,
          departureDate: exportDate,
          invoiceNumber: null,
          invoiceDate: null,
          packages: null,
          marks: null,
          grossWeightKg: null,
          netWeightKg: exported?.weightOutKg ?? batch.weightKg,
        }
      : null;
  const dds: DdsRecord | null = batch.ddsReference
    ? {
        referenceNumber: batch.ddsReference,
        verificationNumber: batch.ddsVerification ?? "not recorded",
        operatorName: null,
        recordedAt: null,
      }
    : null;

  return {
    subject: {
      kind,
      id: batch.batchCode,
      label:
        kind === "shipment"
          ? `${batch.batchCode} (${commodity}, exported${exportDate ? ` ${exportDate}` : ""})`
          : `${batch.batchCode} (${commodity})`,
    },
    testProfile: false,
    farmers,
    batch: {
      batchCode: batch.batchCode,
      commodity,
      hsCode: batch.hsCode,
      description: isEudrCommodity(commodity) ? EUDR_COMMODITIES[commodity].description : commodity,
      netWeightKg: batch.weightKg,
      grade: batch.grade,
      harvestDate: batch.harvestDate ?? "",
      complianceStatus: batch.complianceStatus as ComplianceStatus,
      buyerName: null,
    },
    shipment,
    plots,
    monitoring: rows.plots.map((p) => monitoringSeries(p.plotCode, history.get(p.id) ?? [], now)),
    // Only the grade an inspector recorded is stored, never the measurements: "not measured".
    quality: null,
    phytosanitary: {
      botanicalName: BOTANICAL_NAME[commodity] ?? "not recorded",
      placeOfOrigin: counties.length ? `${counties.join(", ")}, Liberia` : "not recorded",
      additionalDeclaration: null,
      inspectionDate: portInspection?.occurredAt.slice(0, 10) ?? null,
      inspectionPlace: portInspection?.location ?? null,
      treatment: null,
      treatmentRecorded: false,
      placeOfIssue: "Monrovia",
    },
    dds,
  };
}

/**
 * The part of the content a document of `type` prints. A change elsewhere (a new monitoring
 * month for a quality certificate, say) must not make a new certificate of this type.
 */
export function contentForType(type: CertificateType, content: CertificateContent): CertificateContent {
  const all = type === "declaration";
  const plotDetail = type === "eudr" || type === "deforestation";
  return {
    ...content,
    plots: plotDetail ? content.plots : content.plots.map((p) => ({ ...p, reasons: [], evidence: [] })),
    monitoring: all || type === "deforestation" ? content.monitoring : [],
    quality: all || type === "quality" ? content.quality : null,
    phytosanitary: all || type === "phytosanitary" ? content.phytosanitary : null,
    dds: all || type === "eudr" ? content.dds : null,
    relatedCertificates: all ? content.relatedCertificates : undefined,
  };
}

export { canonicalJson };

/** SHA-256 (hex) of what a document of `type` prints about its subject. */
export async function certificateDataHash(type: CertificateType, content: CertificateContent): Promise<string> {
  return sha256Hex(canonicalJson({ format: CERTIFICATE_FORMAT_VERSION, type, content: contentForType(type, content) }));
}
