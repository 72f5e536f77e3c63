/**
 * How a stored risk verdict (plot_assessments, worker/domain/assess-risk.ts) is read back for
 * people: its evidence per layer in one line each, and its reasons. Shared by the plot details
 * page and the farmer's dashboard, so both say the same thing about the same verdict.
 */

/** "Forest 2020 v1: 12.5% of the plot (0.3 ha)" per evidence entry; [] for unreadable JSON. */
export function evidenceSummary(json: string): string[] {
  try {
    const evidence = JSON.parse(json) as unknown;
    if (!Array.isArray(evidence)) return [];
    return evidence.map((e: Record<string, unknown>) => {
      const name = String(e.layerName ?? e.name ?? e.kind ?? "Layer");
      const pct = typeof e.overlapPercent === "number" ? `${Math.round(e.overlapPercent * 10) / 10}% of the plot` : "";
      const ha = typeof e.overlapHectares === "number" && e.overlapHectares > 0 ? ` (${e.overlapHectares} ha)` : "";
      return `${name}${e.version ? ` ${String(e.version)}` : ""}: ${pct || "no overlap"}${ha}`;
    });
  } catch {
    return [];
  }
}

/** The verdict's reasons as stored (a JSON array of sentences); [] for unreadable JSON. */
export function reasonsOf(json: string): string[] {
  try {
    const reasons = JSON.parse(json) as unknown;
    return Array.isArray(reasons) ? reasons.map(String) : [];
  } catch {
    return [];
  }
}

/** The kinds of layer the evidence names (e.g. to tell "no forest map here" from "concession"). */
export function evidenceKinds(json: string): string[] {
  try {
    const evidence = JSON.parse(json) as unknown;
    return Array.isArray(evidence) ? evidence.map((e: Record<string, unknown>) => String(e.kind ?? "")) : [];
  } catch {
    return [];
  }
}
