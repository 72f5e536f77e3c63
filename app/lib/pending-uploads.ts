/**
 * What this phone holds that the server does not have yet (the field agent's "pending upload"):
 * today the plot drafts of /create-land-plot (app/lib/plot-draft.ts). The offline outbox (ADR 027)
 * adds its queued submissions here, so the dashboard keeps one number to show.
 */
import { draftCount } from "./plot-draft";

export function pendingUploads(storage?: Storage | null): number {
  return draftCount(storage);
}
