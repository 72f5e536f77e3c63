import type { Session } from "#worker/auth/session";
import { myNotices } from "#worker/services/notifications/my-notices";
import { pageDeps } from "./deps.server";

/** The newest `limit` notices of the signed-in person and their unread count, for `<Notices>`. */
export async function noticesFor(session: Pick<Session, "id" | "role">, limit = 5) {
  const result = await myNotices({ limit }, pageDeps(session));
  return result.ok ? result.value : { notices: [], unread: 0 };
}
