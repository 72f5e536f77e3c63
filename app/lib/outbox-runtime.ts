/**
 * When the outbox sends: on the `online` event, on app open, on a timer, when the
 * service worker relays a Background Sync, and when the user presses "send now". Started by every
 * page that imports the outbox; starting twice is harmless.
 */
import { flush, freshSession, listRecords, OUTBOX_EVENT, pendingCount, proofFor, requestPersistence } from "./outbox";

export const OUTBOX_TIMER_MS = 30_000;
const SYNC_TAG = "eip-outbox";
let started = false;

export function sendNow() {
  return flush({
    fetch: (input, init) => fetch(input, init),
    // Whose work waits: with no session, that person's proof asks the server why (deactivated?).
    csrf: async () => freshSession((await listRecords()).find((r) => r.status !== "sent")?.owner),
    proof: proofFor,
  });
}

/** `opening`: with nothing to send, still fetch a fresh outbox proof (so the phone can later learn a deactivation). */
async function trySend(opening = false) {
  if (!navigator.onLine) return;
  if ((await pendingCount()) === 0) {
    if (opening) await freshSession().catch(() => null);
    return;
  }
  await sendNow();
}

/** Asks the browser for a Background Sync (Chromium): it wakes the service worker when a connection returns. */
export async function askBackgroundSync() {
  const registration = await navigator.serviceWorker?.getRegistration("/");
  const sync = (
    registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
  )?.sync;
  await sync?.register(SYNC_TAG).catch(() => undefined);
}

export function startOutbox() {
  if (started || typeof window === "undefined") return;
  started = true;
  void requestPersistence().catch(() => null);
  window.addEventListener("online", () => void trySend());
  window.setInterval(() => void trySend(), OUTBOX_TIMER_MS);
  window.addEventListener(OUTBOX_EVENT, () => void askBackgroundSync());
  navigator.serviceWorker?.addEventListener("message", (event) => {
    if ((event.data as { type?: string } | null)?.type === "outbox-flush") void trySend();
  });
  void trySend(true);
}
