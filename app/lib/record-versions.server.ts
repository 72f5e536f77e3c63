/**
 * The texts a page's version history prints (ADR 031), the same on every record: which version
 * it is, and who made it when. Made here on the server, so the browser bundle carries none.
 */
import { ROLE_LABEL, type Role } from "#worker/auth/roles";
import type { RecordVersionView } from "#worker/services/records/read-versions";
import { utcTime } from "./dates";

/** "2 · Correction", or "1 · As recorded" for the original (a farmer's reads "As registered"). */
export function versionHead(v: Pick<RecordVersionView, "version" | "kind">, original = "As recorded"): string {
  return `${v.version} · ${v.kind === "original" ? original : "Correction"}`;
}

/** Who made the version and when: "Ama Kollie (Field agent), 2026-01-15 09:30 UTC". */
export function versionBy(v: Pick<RecordVersionView, "actorName" | "actorRole" | "createdAt">): string {
  const role = ROLE_LABEL[v.actorRole as Role] ?? v.actorRole ?? "—";
  return `${v.actorName ?? "—"} (${role}), ${utcTime(v.createdAt)}`;
}
