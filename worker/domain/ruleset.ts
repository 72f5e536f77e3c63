/**
 * The version of the rule set that produces every stored verdict (ADR 029): the
 * geometry rules a plot must pass (worker/domain/validate-geometry.ts: OGC validity, Liberia's
 * borders and counties, decimals as written) and the risk method (worker/domain/assess-risk.ts),
 * whose verdicts also name the reference layers and their versions.
 *
 * Change GEOMETRY_RULES_VERSION or RISK_METHOD_VERSION in the same commit as the rule it
 * describes: every stored plot whose `ruleset_version` differs is then re-checked by the
 * background job (worker/services/recheck/recheck-plots.ts). Plots stored before versions were
 * recorded read LEGACY_RULESET.
 */

/** The geometry rules of docs/eudr-rules.md: real borders, declared county, OGC validity, decimals as written. */
export const GEOMETRY_RULES_VERSION = "geometry-2026.11";
/** The convergence-of-evidence risk method (docs/eudr-rules.md). */
export const RISK_METHOD_VERSION = "risk-2026.10";
/** The rule set every plot is checked against today. */
export const RULESET_VERSION = `${GEOMETRY_RULES_VERSION}+${RISK_METHOD_VERSION}`;
/** What rows stored before rule-set versions were recorded say (the migration's default). */
export const LEGACY_RULESET = "legacy";

export type LayerVersion = { kind: string; name: string; version: string };

/** How one layer stands in a verdict's version: `kind:name@version`. */
export const layerVersionName = (l: LayerVersion) => `${l.kind}:${l.name}@${l.version}`;

/**
 * The version a risk verdict records: the rule set plus each active layer it was judged against,
 * named by kind, name and version ("geometry-…+risk-…;forest_2020:JRC GFC 2020@v1,
 * protected_area:Sapo National Park@v2"), in a stable order. The name is part of it because a
 * layer's version counts uploads of that one named layer (v1, v2, …): two protected areas under
 * different names are both v1, and adding, replacing or retiring either must change today's
 * version so that the re-check takes the stored verdicts up (ADR 029).
 */
export function verdictRulesetVersion(layers: readonly LayerVersion[]): string {
  const named = [...new Set(layers.map(layerVersionName))].sort();
  return named.length ? `${RULESET_VERSION};${named.join(",")}` : RULESET_VERSION;
}

/**
 * The risk part of a verdict's version: the risk method and its layers ("risk-…;forest_2020:…@v1,…"),
 * without the geometry rules (a risk verdict does not depend on them). `legacy` stays `legacy`.
 */
export function verdictRiskPart(version: string): string {
  return version.slice(version.indexOf("+") + 1);
}

/** A stored verdict is stale when its risk method or any layer version differs from today's. */
export function verdictIsStale(version: string, currentVerdictVersion: string): boolean {
  return verdictRiskPart(version) !== verdictRiskPart(currentVerdictVersion);
}
