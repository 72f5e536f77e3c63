/**
 * How each audit action on a land plot reads in the "Audit history" of /land-plot-details/:id
 * (names as in docs/audit-actions.md). An action not listed here shows its stored name.
 */
export const PLOT_HISTORY_LABEL: Record<string, string> = {
  "plot.register": "Plot registered",
  "plot.import": "Plot imported from a file",
  "plot.assess": "EUDR risk assessed",
  "plot.needs_review": "Needs review after a re-check",
  "plot.clear_review": "Review cleared after a re-check",
  "plot.record_visit": "Field visit recorded",
  "plot.edit_boundary": "Boundary changed",
  "plot.retire": "Plot retired",
};

/** "riskLevel" → "risk level": a changed field's name as words. */
export function fieldWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
}

/** One audit row's "What": the action in words, then the fields it changed. */
export function plotHistoryWhat(action: string, changed: readonly string[]): string {
  const label = PLOT_HISTORY_LABEL[action] ?? action;
  return changed.length > 0 ? `${label}: ${changed.map(fieldWords).join(", ")}` : label;
}
