/** Names shared by the outbox (browser) and the page actions (server), without the outbox's code. */
export const OUTBOX_HEADER = "X-Outbox";
export const RECEIPT_HEADER = "X-Outbox-Receipt";
export const ERROR_HEADER = "X-Outbox-Error";
