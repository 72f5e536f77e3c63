/**
 * The session index in D1, from which the administrator's and the profile's pages list and revoke
 * sessions (ADR 026).
 * KV stays the source of truth for whether a session is valid (worker/auth/session.ts); this table
 * lets a person see their sessions and end one. Keyed by the SHA-256 of the session id, as KV is:
 * the raw id never leaves the token. No IP address is kept, only a coarse place from the edge.
 * ADR 003 "The session index in D1".
 */
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const userSessions = sqliteTable(
  "user_sessions",
  {
    /** SHA-256 (hex) of the session id: the same key KV uses. */
    hash: text("hash").primaryKey(),
    /** The id URLs and the API use for this session (random; not derived from the session id). */
    publicId: text("public_id").notNull().unique(),
    userId: text("user_id").notNull(),
    createdAt: text("created_at").notNull(),
    lastSeenAt: text("last_seen_at").notNull(),
    /** Absolute expiry (12 h after sign-in). */
    expiresAt: text("expires_at").notNull(),
    /** Idle expiry as of the last touch (2 h after `last_seen_at`, never past `expires_at`). */
    idleExpiresAt: text("idle_expires_at").notNull(),
    /** e.g. "Chrome on Android", from the User-Agent at sign-in. */
    device: text("device").notNull(),
    /** e.g. "Monrovia, Montserrado, LR", from the edge (request.cf); null when unknown. */
    place: text("place"),
    revokedAt: text("revoked_at"),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId, t.expiresAt)],
);
