/** Names shared by the outbox (browser) and the page actions (server), without the outbox's code. */
export const OUTBOX_HEADER = "X-Outbox";
export const RECEIPT_HEADER = "X-Outbox-Receipt";
export const ERROR_HEADER = "X-Outbox-Error";
/** The outbox proof the phone keeps (worker/auth/outbox-proof.ts), sent to learn why a session ended. */
export const PROOF_HEADER = "X-Outbox-Proof";
/** The refusal code of an account deactivated while its work waited on the phone. */
export const ACCOUNT_DEACTIVATED = "account_deactivated";

/** What the outbox tells the user. */
export const OUTBOX_TEXT = {
  queued: "Saved on this phone. It will be sent when you are back online.",
  noConnection: "Waiting for a connection.",
  signIn: "Sign in again to send: your session on this phone has ended. The record stays here until then.",
  refusedAccount:
    "The server refused your account (deactivated or no longer allowed to do this). The record stays on this phone: ask your supervisor.",
  deactivated: "Your account has been deactivated. Your records are kept on this phone; ask your supervisor.",
  serverError: "The server could not take it just now; it will be sent again.",
  conflict: "Someone changed this record since you opened it. Choose which version to keep.",
} as const;
