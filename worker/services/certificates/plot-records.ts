/**
 * The pieces every real subject's content shares: farmer and plot records from stored rows, and
 * the 24-month monitoring series (docs/product.md §9), derived per plot from its assessment
 * history: for each of the last 24 full months, the verdict in force at the end of that month and
 * whether the post-2020 disturbance layers of that verdict overlapped the plot. A month before the
 * plot's first assessment, or whose verdict read no disturbance layer, was not monitored and is
 * left out rather than shown as "0 alerts".
 */

import type { AssessmentForCertificate, FarmerForCertificate, PlotForCertificate } from "#db/queries/certificates";
import type { Verdict } from "#worker/domain/assess-risk";
import {
  type EvidenceItem,
  type FarmerRecord,
  type MonitoringSeries,
  monitoringMonths,
  type PlotRecord,
} from "#worker/domain/certificates/content";
import type { PlotGeometry } from "#worker/domain/validate-geometry";

export const fullName = (f: Pick<FarmerForCertificate, "firstName" | "lastName">) =>
  `${f.firstName} ${f.lastName}`.trim();

export function farmerRecord(f: FarmerForCertificate): FarmerRecord {
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

export function plotRecords(
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

export function historyByPlot(assessments: AssessmentForCertificate[]) {
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
