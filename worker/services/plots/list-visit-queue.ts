/**
 * The verification queue of /unified-land-inspector-dashboard and GET /api/visit-queue: plots
 * that need a field visit, most urgent first, then nearest first when a position is given
 * (worker/domain/visit-queue.ts). Only the plots assigned to the actor (plot-access.ts).
 */
import type { Database } from "#db/client";
import { visitQueuePage } from "#db/queries/plot-visits";
import { can } from "#worker/auth/permissions";
import { distanceKm, lonScale, type Position, VISIT_REASONS } from "#worker/domain/visit-queue";
import type { Actor } from "../deps";
import { fail, ok, type Result } from "../result";
import { fieldScope } from "./plot-access";

export const VISIT_QUEUE_PAGE_SIZE = 20;

export type VisitQueueInput = { page: number; position?: Position | null; pageSize?: number };

export async function listVisitQueue(input: VisitQueueInput, deps: { db: Database; actor: Actor }) {
  const { db, actor } = deps;
  if (!can(actor.role, "readVisitQueue")) return fail(403, "Your role cannot see the verification queue");
  const scope = await fieldScope(db, actor);
  const pageSize = input.pageSize ?? VISIT_QUEUE_PAGE_SIZE;
  const position = input.position ?? null;
  const origin = position ? { ...position, lonScale: lonScale(position.lat) } : null;
  const { rows, byRank, total } = await visitQueuePage(db, scope, origin, input.page, pageSize);
  const items = rows.map(({ minLon, minLat, maxLon, maxLat, priority, ...r }) => {
    const centre = { lat: round6((minLat + maxLat) / 2), lon: round6((minLon + maxLon) / 2) };
    return {
      ...r,
      priority: priority ?? 0,
      reason: VISIT_REASONS[priority ?? 0] ?? "",
      centre,
      distanceKm: position ? Math.round(distanceKm(position, centre) * 10) / 10 : null,
    };
  });
  const result = {
    county: scope.county,
    items,
    byRank: byRank.map((r) => ({ ...r, reason: VISIT_REASONS[r.priority] ?? "" })),
    page: input.page,
    pageSize,
    total,
  };
  return ok(result) as Result<typeof result>;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
