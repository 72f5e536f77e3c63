/**
 * Deforestation risk of one plot by the "convergence of evidence" method of FAO Whisp (docs/eudr-rules.md):
 * for perennial crops, LOW if there was no tree cover at end-2020, or the commodity was already
 * there in 2020, or the disturbance predates 2020; otherwise HIGH if there is disturbance after
 * 31 Dec 2020; otherwise MORE INFORMATION NEEDED. A layer counts when it covers ≥ 10% of the plot
 * (any overlap for a point). Protected areas make the plot high risk; a forest concession sends a
 * low verdict to review. A verdict always names its evidence and is never guessed: a plot that no
 * forest-2020 layer covers gets "more information needed", never "low".
 */
import turfArea from "@turf/area";
import booleanPointInPolygon from "@turf/boolean-point-in-polygon";
import { featureCollection, multiPolygon, polygon } from "@turf/helpers";
import turfIntersect from "@turf/intersect";
import { boundsOf } from "./geometry/bounds";
import type { PlotGeometry, Position } from "./validate-geometry";

export const LAYER_KINDS = [
  "forest_2020",
  "disturbance_after_2020",
  "disturbance_before_2020",
  "commodity_2020",
  "protected_area",
  "forest_concession",
] as const;
export type LayerKind = (typeof LAYER_KINDS)[number];

export type AreaGeometry =
  | { type: "Polygon"; coordinates: Position[][] }
  | { type: "MultiPolygon"; coordinates: Position[][][] };
export type ReferenceLayer = {
  id: string;
  name: string;
  kind: LayerKind;
  version: string;
  source: string;
  /** [minLon, minLat, maxLon, maxLat]: where the layer has data at all. */
  extent: [number, number, number, number];
  features: AreaGeometry[];
};

export type Evidence = {
  layerId: string;
  layerName: string;
  kind: LayerKind;
  version: string;
  source: string;
  overlapHectares: number;
  overlapPercent: number;
  /** The overlap reaches the threshold. */
  present: boolean;
};
export type Verdict = "low" | "high" | "more_information_needed";
export type RiskAssessment = {
  verdict: Verdict;
  reasons: string[];
  evidence: Evidence[];
  thresholdPercent: number;
  cutoffDate: string;
};

export const THRESHOLD_PERCENT = 10;
export const CUTOFF_DATE = "2020-12-31";

function toFeature(g: AreaGeometry) {
  return (g.type === "Polygon" ? polygon(g.coordinates) : multiPolygon(g.coordinates)) as ReturnType<
    typeof multiPolygon
  >;
}

function plotPositions(plot: PlotGeometry): Position[] {
  return plot.type === "Point"
    ? [plot.coordinates]
    : plot.type === "Polygon"
      ? plot.coordinates.flat()
      : plot.coordinates.flat(2);
}

const covers = (extent: [number, number, number, number], box: [number, number, number, number]) =>
  extent[0] <= box[0] && extent[1] <= box[1] && extent[2] >= box[2] && extent[3] >= box[3];
const touches = (a: [number, number, number, number], b: [number, number, number, number]) =>
  a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];

/** Overlap of the plot with one layer: hectares and percent of the plot. */
export function overlapWith(plot: PlotGeometry, layer: ReferenceLayer): { hectares: number; percent: number } {
  const box = boundsOf(plotPositions(plot));
  if (plot.type === "Point") {
    const hit = layer.features.some((f) => booleanPointInPolygon(plot.coordinates, toFeature(f)));
    return { hectares: 0, percent: hit ? 100 : 0 };
  }
  const plotFeature = plot.type === "Polygon" ? polygon(plot.coordinates) : multiPolygon(plot.coordinates);
  const plotM2 = turfArea(plotFeature);
  let m2 = 0;
  for (const f of layer.features) {
    const fBox = boundsOf(f.type === "Polygon" ? f.coordinates.flat() : f.coordinates.flat(2));
    if (!touches(box, fBox)) continue;
    const inter = turfIntersect(featureCollection([plotFeature as never, toFeature(f) as never]));
    if (inter) m2 += turfArea(inter);
  }
  m2 = Math.min(m2, plotM2);
  return {
    hectares: Math.round((m2 / 10_000) * 1e4) / 1e4,
    percent: plotM2 ? Math.round((m2 / plotM2) * 1000) / 10 : 0,
  };
}

/** Assesses one plot against every reference layer that has data where the plot is. */
export function assessPlotRisk(plot: PlotGeometry, layers: ReferenceLayer[]): RiskAssessment {
  const box = boundsOf(plotPositions(plot));
  const evidence: Evidence[] = [];
  for (const layer of layers) {
    if (!covers(layer.extent, box)) continue;
    const { hectares, percent } = overlapWith(plot, layer);
    evidence.push({
      layerId: layer.id,
      layerName: layer.name,
      kind: layer.kind,
      version: layer.version,
      source: layer.source,
      overlapHectares: hectares,
      overlapPercent: percent,
      present: percent >= THRESHOLD_PERCENT || (plot.type === "Point" && percent > 0),
    });
  }
  const has = (kind: LayerKind) => evidence.some((e) => e.kind === kind);
  const present = (kind: LayerKind) => evidence.some((e) => e.kind === kind && e.present);
  const names = (kind: LayerKind) =>
    evidence
      .filter((e) => e.kind === kind && e.present)
      .map((e) => `${e.layerName} (${e.overlapPercent}%)`)
      .join(", ");
  const reasons: string[] = [];
  let verdict: Verdict;

  if (has("forest_2020") && !present("forest_2020")) {
    verdict = "low";
    reasons.push(
      `No tree cover at the end of 2020 on the plot (${evidence
        .filter((e) => e.kind === "forest_2020")
        .map((e) => e.layerName)
        .join(", ")}).`,
    );
  } else if (present("commodity_2020")) {
    verdict = "low";
    reasons.push(`The commodity was already grown here in 2020: ${names("commodity_2020")}.`);
  } else if (present("disturbance_before_2020")) {
    verdict = "low";
    reasons.push(`The forest was disturbed before 2020: ${names("disturbance_before_2020")}.`);
  } else if (present("disturbance_after_2020")) {
    verdict = "high";
    reasons.push(`Tree cover in 2020 and disturbance after ${CUTOFF_DATE}: ${names("disturbance_after_2020")}.`);
  } else {
    verdict = "more_information_needed";
    reasons.push(
      has("forest_2020")
        ? `Tree cover in 2020 (${names("forest_2020")}) but no layer shows when or whether it was cleared.`
        : "No forest-cover-2020 layer has data for this location: the plot cannot be shown to be deforestation-free.",
    );
  }
  if (present("protected_area")) {
    verdict = "high";
    reasons.push(`The plot lies in a protected area: ${names("protected_area")}.`);
  }
  if (present("forest_concession") && verdict === "low") {
    verdict = "more_information_needed";
    reasons.push(
      `The plot overlaps a forest concession (${names("forest_concession")}): review land rights before approval.`,
    );
  }
  return { verdict, reasons, evidence, thresholdPercent: THRESHOLD_PERCENT, cutoffDate: CUTOFF_DATE };
}
