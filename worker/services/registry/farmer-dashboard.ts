/**
 * The farmer's own dashboard: her register record, her plots with their latest verdict
 * and why, the purchases from her plots, her certificates and her notices. Everything is found
 * from the signed-in account (its user id and login ID), never from an id the browser sends, so
 * no other farmer's record can be reached from here.
 */
import type { Database } from "#db/client";
import {
  farmersOfAccount,
  latestAssessments,
  ownPlotCounts,
  ownPlots,
  ownSales,
  validCertificatesOfSubjects,
} from "#db/queries/farmer-dashboard";
import { listNotifications } from "#db/queries/notifications";
import type { FarmerRef } from "#db/queries/plot-assessments";
import { evidenceKinds, evidenceSummary, reasonsOf } from "#worker/domain/assessment-evidence";
import { TYPES_FOR_SUBJECT } from "#worker/domain/certificates/subjects";
import { farmerCardPayload } from "#worker/domain/farmer-card";
import { isCurrency, type Money, totalForWeight } from "#worker/domain/money";
import type { PlotGeometry } from "#worker/domain/validate-geometry";
import { formatKg } from "#worker/domain/weight";
import { qrSvg } from "../batches/render-qr";
import { type NoticeView, noticeView } from "../notifications/my-notices";
import { fail, ok, type Result } from "../result";

export type Account = { id: string; loginId: string };

/**
 * A batch weight as people read it. The one place the dashboard formats weights: batches store
 * integer grams (migration 0014, docs/decisions/020-weights-and-money.md), shown here in kilograms.
 */
export function saleWeight(grams: number | null): string {
  return grams == null ? "—" : formatKg(grams);
}

/**
 * What the buyer paid her for this sale (buyer dashboard): the recorded price per kg ×
 * the weight drawn from her plots (her share of a batch bought from several farmers), in minor
 * units of the recorded currency; null when the buyer recorded no price ("not recorded").
 */
export function pricePaid(sale: {
  weightG: number;
  fromMyPlotsG: number | null;
  pricePerKgMinor: number | null;
  currency: string | null;
}): Money | null {
  if (sale.pricePerKgMinor === null || !isCurrency(sale.currency)) return null;
  // What was weighed from her plots at the purchase: the batch's own weight drops later (drying,
  // weighing at the warehouse), but she was paid for what she sold.
  const grams = sale.fromMyPlotsG ?? sale.weightG;
  return { amountMinor: totalForWeight(sale.pricePerKgMinor, grams), currency: sale.currency };
}

/** The stored outline, or null when it is not one the outline drawing knows (never breaks the page). */
function geometryOf(json: string): PlotGeometry | null {
  try {
    const g = JSON.parse(json) as PlotGeometry;
    const drawable = ["Point", "Polygon", "MultiPolygon"].includes(g?.type) && Array.isArray(g.coordinates);
    return drawable ? g : null;
  } catch {
    return null;
  }
}

function issuesOf(json: string): string[] {
  try {
    const parsed = JSON.parse(json || "{}") as { errors?: { message?: string }[] };
    return (parsed.errors ?? []).map((e) => String(e.message ?? "")).filter(Boolean);
  } catch {
    return [];
  }
}

export async function farmerDashboard(account: Account, deps: { db: Database }): Promise<Result<FarmerDashboard>> {
  const { db } = deps;
  const rows = await farmersOfAccount(db, account.id, account.loginId);
  const own = rows.find((r) => r.farmerId === account.loginId.toUpperCase()) ?? rows[0];
  if (!own) return fail(404, "No farmer record is linked to this account yet. Ask your land inspector to link it.");
  const farmerIds = rows.map((r) => r.farmerId);
  const [plots, sales, notices, ownCertificates] = await Promise.all([
    ownPlots(db, farmerIds),
    ownSales(db, farmerIds),
    listNotifications(db, account.id, { limit: 10 }),
    validCertificatesOfSubjects(db, "farmer", farmerIds),
  ]);
  const [latest, saleCertificates] = await Promise.all([
    latestAssessments(
      db,
      plots.map((p) => p.id),
    ),
    validCertificatesOfSubjects(
      db,
      "batch",
      sales.map((s) => s.batchCode),
    ),
  ]);
  const verdictOf = new Map(latest.map((a) => [a.plotId, a]));
  return ok({
    farmer: {
      farmerId: own.farmerId,
      firstName: own.firstName,
      lastName: own.lastName,
      county: own.county,
      district: own.district,
      community: own.community,
      phone: own.phone,
      crops: (() => {
        try {
          return (JSON.parse(own.crops) as string[]).map(String);
        } catch {
          return [];
        }
      })(),
      registrationDate: own.registrationDate,
      status: own.status,
    },
    card: { payload: farmerCardPayload(own.farmerId), qrSvg: qrSvg(farmerCardPayload(own.farmerId)) },
    plots: plots.map((p) => {
      const a = verdictOf.get(p.id);
      return {
        id: p.id,
        plotCode: p.plotCode,
        crop: p.crop,
        county: p.county,
        areaHectares: p.areaHectares,
        geometry: geometryOf(p.geometry),
        validationState: p.validationState,
        validationIssues: issuesOf(p.validationIssues),
        verdict: a?.verdict ?? p.riskLevel ?? null,
        assessedAt: a?.assessedAt ?? p.assessedAt,
        reasons: a ? reasonsOf(a.reasons) : [],
        evidence: a ? evidenceSummary(a.evidence) : [],
        evidenceKinds: a ? evidenceKinds(a.evidence) : [],
      };
    }),
    sales: sales.map((s) => ({
      batchCode: s.batchCode,
      commodity: s.commodity,
      weight: saleWeight(s.weightG),
      fromMyPlots: s.fromMyPlotsG != null && s.fromMyPlotsG < s.weightG ? saleWeight(s.fromMyPlotsG) : null,
      date: s.createdAt,
      buyer:
        s.buyerCompany?.trim() ||
        [s.buyerFirstName, s.buyerLastName].filter(Boolean).join(" ").trim() ||
        "Buyer not recorded",
      price: pricePaid(s),
      status: s.status,
      complianceStatus: s.complianceStatus,
      complianceReason: s.complianceReason,
      certificates: saleCertificates
        .filter((c) => c.subjectId === s.batchCode)
        .map((c) => ({ number: c.certificateNumber, type: c.type })),
    })),
    certificates: farmerIds.flatMap((id) =>
      TYPES_FOR_SUBJECT.farmer.map((type) => {
        const issued = ownCertificates.find((c) => c.subjectId === id && c.type === type);
        return {
          farmerId: id,
          type,
          number: issued?.certificateNumber ?? null,
          issuedAt: issued?.issuedAt ?? null,
          expiresAt: issued?.expiresAt ?? null,
        };
      }),
    ),
    notices: notices.map(noticeView),
  });
}

export type FarmerDashboard = {
  farmer: Omit<FarmerRef, "id"> & {
    phone: string | null;
    crops: string[];
    registrationDate: string;
    status: string;
  };
  card: { payload: string; qrSvg: string };
  plots: {
    id: string;
    plotCode: string;
    crop: string | null;
    county: string | null;
    areaHectares: number;
    geometry: PlotGeometry | null;
    validationState: string;
    validationIssues: string[];
    verdict: string | null;
    assessedAt: string | null;
    reasons: string[];
    evidence: string[];
    evidenceKinds: string[];
  }[];
  sales: {
    batchCode: string;
    commodity: string;
    weight: string;
    fromMyPlots: string | null;
    date: string;
    buyer: string;
    price: Money | null;
    status: string;
    complianceStatus: string;
    complianceReason: string | null;
    certificates: { number: string; type: string }[];
  }[];
  certificates: {
    farmerId: string;
    type: string;
    number: string | null;
    issuedAt: string | null;
    expiresAt: string | null;
  }[];
  notices: NoticeView[];
};

/**
 * /api/dashboard/metrics for a farmer (the endpoint answers for the caller), in the
 * spec's shape (§3, §9): totalFarms = her plots; activeFarmers = 1 while her register record is
 * active, else 0; completedInspections = her plots with a final verdict (low or high);
 * pendingInspections = her plots still waiting for one (not assessed, or more information needed).
 */
export async function farmerMetrics(account: Account, deps: { db: Database }) {
  const rows = await farmersOfAccount(deps.db, account.id, account.loginId);
  const counts = await ownPlotCounts(
    deps.db,
    rows.map((r) => r.farmerId),
  );
  return {
    totalFarms: counts.plots,
    activeFarmers: rows.some((r) => r.status === "active") ? 1 : 0,
    pendingInspections: counts.plots - counts.decided,
    completedInspections: counts.decided,
    offlineMode: false as const,
  };
}
