/**
 * Client-light constants of ./eudr.ts (no zod): what the pages need in the browser, so their first-load
 * JavaScript stays within budget. ./eudr.ts re-exports them unchanged.
 */
import type { LAYER_KINDS } from "../domain/assess-risk";

/** What each kind of reference layer is evidence of (the convergence of evidence, ADR 008). */
export const LAYER_KIND_LABEL: Record<(typeof LAYER_KINDS)[number], string> = {
  protected_area: "Protected areas",
  forest_2020: "Forest cover at end-2020",
  disturbance_after_2020: "Tree-cover loss or disturbance after 2020",
  disturbance_before_2020: "Disturbance before 2020",
  commodity_2020: "Commodity presence in 2020",
  forest_concession: "Forest concessions",
};
