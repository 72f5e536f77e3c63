import { SESSION_KEYS } from "../content/landing";

/**
 * Oversight users are signed out when they come back to the landing screen (spec §4):
 * if the stored userType is 'monitoring', the five session keys are removed.
 * Returns whether anything was cleared.
 */
export function clearMonitoringSession(storage: Pick<Storage, "getItem" | "removeItem">): boolean {
  if (storage.getItem("userType") !== "monitoring") return false;
  for (const key of SESSION_KEYS) storage.removeItem(key);
  return true;
}
