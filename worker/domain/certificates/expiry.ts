/**
 * When a valid certificate counts as "expiring soon" (the DG's alerts, and what
 * holds an exporter's shipment): it is still valid and its validity ends within 14 days.
 */
export const EXPIRING_SOON_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** True when a certificate valid at `now` expires within EXPIRING_SOON_DAYS days. */
export function expiresSoon(cert: { status: string; expiresAt: string }, now: Date): boolean {
  if (cert.status !== "valid") return false;
  const left = Date.parse(cert.expiresAt) - now.getTime();
  return left > 0 && left <= EXPIRING_SOON_DAYS * DAY_MS;
}
