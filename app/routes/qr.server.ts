import { data } from "react-router";
import { readPublicTrace } from "#worker/services/batches/read-batches";
import { exportedShipmentOf } from "#worker/services/shipments/read-shipments";
import { pageDeps } from "../lib/deps.server";
import type { Route } from "./+types/qr";

/**
 * Public (no login), so cacheable — but briefly: a custody step or a compliance decision must
 * show within a minute. Unknown codes are never cached (the batch may be recorded a moment later).
 */
export const TRACE_CACHE = "public, max-age=60";
const NOT_FOUND_CACHE = "no-store";

export async function loader({ params }: Route.LoaderArgs) {
  const code = params.batchCode.trim().toUpperCase();
  const trace = await readPublicTrace(code, pageDeps());
  if (!trace) return data({ code, trace: null }, { status: 404, headers: { "Cache-Control": NOT_FOUND_CACHE } });
  // The shipment it left in, once exported (its code and date only: no buyer, no person).
  const shipment = await exportedShipmentOf(code, pageDeps());
  return data({ code, trace, shipment }, { headers: { "Cache-Control": TRACE_CACHE } });
}
