/**
 * Texts of the land plot pages in one place, and the list of checks a stored plot has
 * passed — one entry per rule of worker/domain/validate-geometry.ts, named by the same rule id.
 */
import { CROPS } from "../domain/commodities";
import { COUNTIES } from "./counties";

export const PLOT_TITLES = {
  create: "Register a land plot",
  list: "Land plots",
  details: "Land plot",
} as const;

export const PLOT_HINTS = {
  coordinates:
    'One point per line as "latitude, longitude", the way a GPS shows it (for example 7.201234, -8.601234), with at least 6 decimals. The server turns them into GeoJSON [longitude, latitude]. For a polygon, go round the boundary in order; the ring is closed for you if the last point is not the first. You can also paste a GeoJSON geometry or Feature instead.',
  farmerId: "FRM followed by 6 digits, as on the farmer's registration card.",
  tenure: "Land deed, customary land certificate or lease number (optional).",
  declaredArea:
    "Needed for a single point: the plot's size in hectares, as a number. A plot over 4 ha must be drawn as a polygon.",
  gpsAccuracy: 10,
  gpsStepMetres: 5,
} as const;

export type PlotCheck = { rule: string; label: string; applies: "all" | "polygon" | "point" };

/** What the EU information system checks (TRACES GeoJSON File Description v1.3; EUDR Art. 2(28)). */
export const EUDR_CHECKS: PlotCheck[] = [
  { rule: "no-linestring", label: "A Point or Polygon — not a LineString", applies: "all" },
  { rule: "coordinates", label: "Positions are [longitude, latitude] pairs of numbers", applies: "all" },
  { rule: "wgs84-range", label: "Coordinates within WGS84 (longitude −180..180, latitude −90..90)", applies: "all" },
  { rule: "axis-order", label: "[longitude, latitude] order", applies: "all" },
  { rule: "precision", label: "At least 6 decimal digits (EUDR Art. 2(28))", applies: "all" },
  { rule: "outside-liberia", label: "Inside Liberia", applies: "all" },
  { rule: "ring-min-positions", label: "The ring has at least 4 positions", applies: "polygon" },
  { rule: "ring-closed", label: "The ring is closed (last position repeats the first)", applies: "polygon" },
  { rule: "no-holes", label: "No holes", applies: "polygon" },
  {
    rule: "duplicate-vertices",
    label: "No vertices that become duplicates when rounded to 6 decimals",
    applies: "polygon",
  },
  { rule: "self-intersection", label: "The boundary does not cross itself", applies: "polygon" },
  { rule: "zero-area", label: "The polygon has an area (its points are not on one line)", applies: "polygon" },
  { rule: "min-area", label: "At least 0.0001 ha", applies: "all" },
  { rule: "point-over-4ha", label: "A single point only up to 4 ha (EUDR Art. 2(28))", applies: "point" },
  { rule: "overlap", label: "No overlap with another farmer's plot (double claim)", applies: "polygon" },
];

/** Quality checks beyond the EU rules: a finding is a warning kept with the plot. */
export const QUALITY_CHECKS: PlotCheck[] = [
  { rule: "spike", label: "No spikes in the boundary", applies: "polygon" },
  { rule: "short-segment", label: "No boundary segments shorter than 0.5 m", applies: "polygon" },
  { rule: "implausible-area", label: "Size plausible for the crop", applies: "all" },
  { rule: "far-from-county", label: "Within 100 km of the centre of the farmer's county", applies: "all" },
  { rule: "overlap-own-plot", label: "No overlap with the same farmer's other plots", applies: "polygon" },
];

/** Risk filter values: the stored verdicts plus plots not assessed yet. */
export const RISK_FILTERS = ["low", "more_information_needed", "high", "not_assessed"] as const;
export const RISK_LABEL: Record<string, string> = {
  low: "Low",
  more_information_needed: "More information needed",
  high: "High",
  not_assessed: "Not assessed",
};
export const VALIDATION_STATES = ["valid", "invalid"] as const;
export const PLOTS_PAGE_SIZE = 25;

/** Filters and page of /land-plots-list and GET /api/plots; unknown values are ignored. */
export function readPlotQuery(params: URLSearchParams) {
  const pick = <T extends string>(name: string, allowed: readonly T[]) => {
    const v = params.get(name) ?? "";
    return (allowed as readonly string[]).includes(v) ? (v as T) : undefined;
  };
  const page = Math.max(1, Math.min(100_000, Math.trunc(Number(params.get("page"))) || 1));
  return {
    filter: {
      county: pick("county", COUNTIES),
      crop: pick("crop", CROPS),
      risk: pick("risk", RISK_FILTERS),
      validation: pick("validation", VALIDATION_STATES),
    },
    page,
  };
}
