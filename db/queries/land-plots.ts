import { and, gte, lte } from "drizzle-orm";
import type { Database } from "../client";
import { landPlots } from "../schema";

export type BBox = { minLon: number; minLat: number; maxLon: number; maxLat: number };

/** Plots whose bounding box overlaps `box` (index: land_plots_bbox_idx). */
export async function plotsInBox(db: Database, box: BBox, limit = 500) {
  return db
    .select({ id: landPlots.id, plotCode: landPlots.plotCode, farmerId: landPlots.farmerId, geometry: landPlots.geometry })
    .from(landPlots)
    .where(
      and(
        lte(landPlots.minLon, box.maxLon),
        gte(landPlots.maxLon, box.minLon),
        lte(landPlots.minLat, box.maxLat),
        gte(landPlots.maxLat, box.minLat),
      ),
    )
    .limit(limit);
}
