/**
 * Client-light constants of ./batches.ts (no zod): what the pages need in the browser, so their first-load
 * JavaScript stays within budget. ./batches.ts re-exports them unchanged.
 */
import { EUDR_COMMODITIES, type EudrCommodity } from "../domain/commodities";

export const COMMODITY_NAMES = Object.keys(EUDR_COMMODITIES) as [EudrCommodity, ...EudrCommodity[]];
