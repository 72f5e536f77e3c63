/**
 * The land inspector's verification queue (ADR 019). Which plots need a field visit,
 * and in which order: by rank (land_plots.visit_priority, computed by SQLite from the plot's
 * columns — db/schema/registry.ts VISIT_PRIORITY_SQL), then by distance from the inspector's
 * position when the phone gives one, then by plot id so paging is stable.
 *
 * A plot leaves the queue when it is retired, or when its current boundary version was visited
 * and confirmed. A visit that found a dispute or a wrong boundary keeps it at the top until the
 * boundary is edited (a new version, which then needs its own visit).
 */

/** Rank → why the plot is in the queue (1 = most urgent). Keep in step with VISIT_PRIORITY_SQL. */
export const VISIT_REASONS: Record<number, string> = {
  1: "Disputed at the last visit",
  2: "The last visit found the boundary wrong: a new boundary is needed",
  3: "Failed geometry validation",
  4: "High deforestation risk",
  5: "Possible double claim with another farmer's plot",
  6: "More information needed on the risk verdict",
  7: "Lies in another county than the one declared",
  8: "Borderline validation (warnings to check on the ground)",
  9: "Never visited",
};

export const VISIT_DECISIONS = ["confirmed", "needs_new_boundary", "disputed"] as const;
export type VisitDecision = (typeof VISIT_DECISIONS)[number];
export const VISIT_DECISION_LABEL: Record<VisitDecision, string> = {
  confirmed: "Confirmed: the boundary matches the ground",
  needs_new_boundary: "Needs a new boundary",
  disputed: "Disputed",
};

export type Position = { lat: number; lon: number };

/** Great-circle distance in kilometres (haversine, mean Earth radius 6371 km). */
export function distanceKm(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The factor that makes a degree of longitude as long as a degree of latitude near `lat`: the
 * queue sorts by (Δlon·k)² + Δlat², which orders plots as the true distance does at Liberia's
 * scale (≈ 4° by 4°) and is cheap enough for SQLite to compute per row.
 */
export const lonScale = (lat: number) => Math.cos((lat * Math.PI) / 180);

/** "3.2 km" / "850 m". */
export function formatDistance(km: number): string {
  return km < 1 ? `${Math.round(km * 1000)} m` : `${km.toLocaleString("en", { maximumFractionDigits: 1 })} km`;
}
