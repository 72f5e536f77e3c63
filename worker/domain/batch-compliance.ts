/**
 * EUDR compliance of a batch from its origin plots. A batch is only as good as its
 * worst plot: mixing with produce of unknown or non-compliant origin makes the whole consignment
 * non-compliant (docs/eudr-rules.md). Pure: the plots' current verdicts come in as arguments.
 */

export type OriginPlot = {
  plotCode: string;
  /** low | high | more_information_needed | null (never assessed) */
  riskLevel: string | null;
  /** valid | invalid */
  validationState: string;
};

export const COMPLIANCE_STATUSES = ["pending", "compliant", "held_for_review", "non_compliant"] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

/** Plain words for each compliance status (staff pages and the public trace page). */
export const COMPLIANCE_LABEL: Record<ComplianceStatus, string> = {
  pending: "Awaiting confirmation — every origin plot is low risk",
  compliant: "EUDR-compliant",
  held_for_review: "Held for review — more information is needed on an origin plot",
  non_compliant: "Not EUDR-compliant",
};

export type Eligibility =
  | { verdict: "eligible"; reason: string }
  | { verdict: "held_for_review"; reason: string }
  | { verdict: "non_compliant"; reason: string };

const list = (codes: string[]) => codes.join(", ");

/**
 * The verdict of a set of origin plots:
 * - non_compliant: any plot with failed geometry validation or a high deforestation risk (named);
 * - held_for_review: any plot needing more information, or never assessed (named);
 * - eligible: every plot valid and low risk — the batch may then be marked EUDR-compliant.
 * A batch with no origin plot at all is of unknown origin and therefore non-compliant.
 */
export function evaluateBatchCompliance(plots: OriginPlot[]): Eligibility {
  if (!plots.length)
    return {
      verdict: "non_compliant",
      reason: "The batch has no origin plot: produce of unknown origin cannot be EUDR-compliant",
    };
  const invalid = plots.filter((p) => p.validationState !== "valid").map((p) => p.plotCode);
  const high = plots.filter((p) => p.riskLevel === "high").map((p) => p.plotCode);
  if (invalid.length || high.length) {
    const parts = [
      ...(high.length ? [`high deforestation risk on ${list(high)}`] : []),
      ...(invalid.length ? [`failed geometry validation on ${list(invalid)}`] : []),
    ];
    return { verdict: "non_compliant", reason: `Not EUDR-compliant: ${parts.join("; ")}` };
  }
  const moreInfo = plots.filter((p) => p.riskLevel === "more_information_needed").map((p) => p.plotCode);
  const unassessed = plots
    .filter((p) => p.riskLevel !== "low" && p.riskLevel !== "more_information_needed")
    .map((p) => p.plotCode);
  if (moreInfo.length || unassessed.length) {
    const parts = [
      ...(moreInfo.length ? [`more information needed on ${list(moreInfo)}`] : []),
      ...(unassessed.length ? [`no risk assessment yet for ${list(unassessed)}`] : []),
    ];
    return { verdict: "held_for_review", reason: `Held for review: ${parts.join("; ")}` };
  }
  return { verdict: "eligible", reason: "Every origin plot has valid geometry and a low deforestation risk" };
}

/** The stored compliance status for a verdict: an eligible batch waits (pending) for a regulator's confirmation. */
export function statusFor(e: Eligibility): Exclude<ComplianceStatus, "compliant"> {
  return e.verdict === "eligible" ? "pending" : e.verdict;
}

/**
 * May the batch be marked EUDR-compliant now? Only when every origin plot is eligible;
 * otherwise the refusal says which plots stand in the way.
 */
export function canMarkCompliant(
  plots: OriginPlot[],
): { ok: true } | { ok: false; message: string; status: ComplianceStatus } {
  const e = evaluateBatchCompliance(plots);
  if (e.verdict === "eligible") return { ok: true };
  return {
    ok: false,
    status: e.verdict,
    message:
      e.verdict === "non_compliant"
        ? `This batch cannot be marked EUDR-compliant. ${e.reason}.`
        : `This batch cannot be marked EUDR-compliant yet. ${e.reason}.`,
  };
}

/** Is this one plot eligible on its own (valid geometry, low risk)? */
export function isEligiblePlot(p: Pick<OriginPlot, "riskLevel" | "validationState"> & { status?: string }): boolean {
  // A retired plot supplies no new purchase (ADR 019), whatever its verdict.
  return p.validationState === "valid" && p.riskLevel === "low" && p.status !== "retired";
}

const RANK: Record<Eligibility["verdict"], number> = { eligible: 0, held_for_review: 1, non_compliant: 2 };

/**
 * The verdict a farmer sees of a batch shared with other farmers: their own plots
 * are named as usually, the other origins only counted in a neutral line ("1 other origin is not
 * eligible") — never another farmer's plot code, risk or area. The verdict itself is the whole
 * batch's (the worst plot decides, as everywhere), since the batch's status is public anyway.
 */
export function verdictForOwnOrigins(own: OriginPlot[], others: Pick<OriginPlot, "riskLevel" | "validationState">[]) {
  const mine = evaluateBatchCompliance(own);
  if (!others.length) return mine;
  const whole = evaluateBatchCompliance([...own, ...others.map((p, i) => ({ ...p, plotCode: `other-${i}` }))]);
  const verdict = RANK[whole.verdict] > RANK[mine.verdict] ? whole.verdict : mine.verdict;
  const ownPart =
    mine.verdict === "eligible"
      ? "Every one of your origin plots has valid geometry and a low deforestation risk"
      : mine.reason;
  const notEligible = others.filter((p) => !isEligiblePlot(p)).length;
  const otherPart = notEligible
    ? `${notEligible} other origin${notEligible === 1 ? " is" : "s are"} not eligible`
    : `${others.length === 1 ? "the other origin is" : `the ${others.length} other origins are`} eligible`;
  return { verdict, reason: `${ownPart}; ${otherPart}` } as Eligibility;
}
