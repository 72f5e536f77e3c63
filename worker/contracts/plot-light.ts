/**
 * Client-light constants of ./plot.ts (no zod): what the pages need in the browser, so their first-load
 * JavaScript stays within budget. ./plot.ts re-exports them unchanged.
 */

export const CAPTURE_MODES = ["point", "polygon"] as const;
export type CaptureMode = (typeof CAPTURE_MODES)[number];
/** Longest coordinates text accepted (≈ 3,000 vertices): well under the 1 MiB body limit. */
export const MAX_COORDINATES_CHARS = 100_000;
