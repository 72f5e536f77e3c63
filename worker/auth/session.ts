/**
 * Server-side sessions: a random 256-bit id, stored in KV only as its SHA-256,
 * with user, role, user type, creation, absolute and idle expiry. The client holds a jose-signed
 * token naming that id, as the JSON reply's `token` (browser storage, Bearer on /api) and as an
 * HttpOnly, Secure, SameSite=Lax cookie (server-rendered pages and form posts without JavaScript).
 * Deleting the KV record revokes every copy of the token. See docs/decisions/003-sessions-and-token-storage.md.
 * With `db`, each session also has a row in the D1 session index (listed and revoked from /profile):
 * written before the KV record, touched at the KV cadence, marked when revoked (ADR 003).
 */

import { jwtVerify, SignJWT } from "jose";
import type { Database } from "#db/client";
import {
  insertSessionRow,
  revokeSessionRowStatement,
  revokeUserSessionRowsStatement,
  touchSessionRow,
} from "#db/queries/sessions";
import { sha256Hex } from "../domain/hash";
import type { Role } from "./roles";
import type { SessionClient } from "./session-client";

export const SESSION_COOKIE = "__Host-eip_session";
/** A session lasts at most 12 hours, and ends after 2 hours without activity. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** Idle expiry is pushed forward at most every 5 minutes (KV allows one write per key per second). */
export const SESSION_TOUCH_MS = 5 * 60 * 1000;
const ISSUER = "lr-eip";

export type SessionUser = {
  id: string;
  role: Role;
  userType: string;
  loginId: string;
  name: string;
  mustChangePassword: boolean;
};

export type SessionRecord = SessionUser & {
  createdAt: number;
  absoluteExpiry: number;
  idleExpiry: number;
  lastSeen: number;
};

export type Session = SessionRecord & { sid: string; hash: string; token: string };

/**
 * `db`: keep the D1 session index in step (every caller that has a request does; tests may not).
 * `client`: the device and coarse place recorded for a new session (worker/auth/session-client.ts).
 */
export type SessionDeps = {
  kv: KVNamespace;
  secret: string;
  now?: () => number;
  db?: Database;
  client?: SessionClient;
};

/** Claims of the signed token. `mcp`: the user must change their password first. */
export type TokenClaims = { sid: string; role: Role; utp: string; lid: string; name: string; mcp: boolean };

const encoder = new TextEncoder();

function b64url(bytes: Uint8Array) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function signingKey(secret: string) {
  if (!secret || secret.length < 32) throw new Error("SESSION_SECRET must be set to at least 32 characters");
  return encoder.encode(secret);
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Runs an index write after KV has already decided (touch, revoke): KV is the source of truth, so a
 * failed index write is logged, not raised: the session is refused (or alive) either way, and the
 * list on /profile/sessions checks each row against KV (ADR 003).
 */
async function indexed(write: PromiseLike<unknown>, what: string) {
  try {
    await write;
  } catch (error) {
    console.error(`session index ${what} failed`, error);
  }
}

const recordKey = (hash: string) => `session:${hash}`;
const indexKey = (userId: string, hash: string) => `user-session:${userId}:${hash}`;

/** Starts a session for a user who has just proved who they are. */
export async function createSession(deps: SessionDeps, user: SessionUser): Promise<Session> {
  const now = deps.now?.() ?? Date.now();
  const sid = b64url(crypto.getRandomValues(new Uint8Array(32)));
  const hash = await sha256Hex(sid);
  const record: SessionRecord = {
    id: user.id,
    role: user.role,
    userType: user.userType,
    loginId: user.loginId,
    name: user.name,
    mustChangePassword: user.mustChangePassword,
    createdAt: now,
    absoluteExpiry: now + SESSION_ABSOLUTE_MS,
    idleExpiry: now + SESSION_IDLE_MS,
    lastSeen: now,
  };
  const ttl = Math.max(60, Math.ceil(SESSION_ABSOLUTE_MS / 1000));
  // The index row first: if D1 refuses it, no session exists that the person could not see and
  // end from /profile/sessions (ADR 003). Sign-in already needs D1 for the account itself.
  if (deps.db) {
    await insertSessionRow(deps.db, {
      hash,
      publicId: crypto.randomUUID(),
      userId: user.id,
      createdAt: iso(now),
      lastSeenAt: iso(now),
      expiresAt: iso(record.absoluteExpiry),
      idleExpiresAt: iso(record.idleExpiry),
      device: deps.client?.device ?? "Unknown device",
      place: deps.client?.place ?? null,
    });
  }
  // The per-user key before the record: a session is never live without the key deactivation and
  // password changes find it by (revokeUserSessions). If either put fails, nobody holds this
  // session's token: what was stored of it goes again (docs/fault-injection.md).
  try {
    await deps.kv.put(indexKey(user.id, hash), "1", { expirationTtl: ttl });
    await deps.kv.put(recordKey(hash), JSON.stringify(record), { expirationTtl: ttl });
  } catch (error) {
    await Promise.all([deps.kv.delete(recordKey(hash)), deps.kv.delete(indexKey(user.id, hash))]).catch(
      () => undefined,
    );
    if (deps.db) await indexed(revokeSessionRowStatement(deps.db, hash, iso(now)), "revoke");
    throw error;
  }
  const claims: TokenClaims = {
    sid,
    role: user.role,
    utp: user.userType,
    lid: user.loginId,
    name: user.name,
    mcp: user.mustChangePassword,
  };
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(record.absoluteExpiry / 1000))
    .sign(signingKey(deps.secret));
  return { ...record, sid, hash, token };
}

/** Verifies a token and loads its live session; null if forged, expired, idle too long or revoked. */
export async function readSession(
  deps: SessionDeps,
  token: string | null | undefined,
  ctx?: Pick<ExecutionContext, "waitUntil">,
): Promise<Session | null> {
  if (!token) return null;
  const now = deps.now?.() ?? Date.now();
  let sid: string;
  try {
    const { payload } = await jwtVerify(token, signingKey(deps.secret), {
      issuer: ISSUER,
      algorithms: ["HS256"],
      currentDate: new Date(now),
    });
    if (typeof payload.sid !== "string") return null;
    sid = payload.sid;
  } catch {
    return null;
  }
  const hash = await sha256Hex(sid);
  const record = await deps.kv.get<SessionRecord>(recordKey(hash), "json");
  if (!record || record.absoluteExpiry <= now || record.idleExpiry <= now) return null;
  if (now - record.lastSeen >= SESSION_TOUCH_MS) {
    const touched: SessionRecord = {
      ...record,
      lastSeen: now,
      idleExpiry: Math.min(record.absoluteExpiry, now + SESSION_IDLE_MS),
    };
    const ttl = Math.max(60, Math.ceil((record.absoluteExpiry - now) / 1000));
    const write = Promise.all([
      deps.kv.put(recordKey(hash), JSON.stringify(touched), { expirationTtl: ttl }),
      deps.db && indexed(touchSessionRow(deps.db, hash, iso(now), iso(touched.idleExpiry)), "touch"),
    ]);
    if (ctx) ctx.waitUntil(write);
    else await write;
    return { ...touched, sid, hash, token };
  }
  return { ...record, sid, hash, token };
}

/** Whether the KV record of a session (by hash) still lets its token in: the check behind the index. */
export async function isSessionLive(deps: Pick<SessionDeps, "kv" | "now">, hash: string) {
  const now = deps.now?.() ?? Date.now();
  const record = await deps.kv.get<SessionRecord>(recordKey(hash), "json");
  return Boolean(record && record.absoluteExpiry > now && record.idleExpiry > now);
}

/** Ends one session: the token is refused from now on. */
export async function revokeSession(deps: SessionDeps, session: Pick<Session, "hash" | "id">) {
  // The record first: once it is gone the token is refused. The per-user key left behind by a
  // failed second delete only points at nothing (and expires with the session).
  await deps.kv.delete(recordKey(session.hash));
  await indexed(deps.kv.delete(indexKey(session.id, session.hash)), "key delete");
  if (deps.db)
    await indexed(revokeSessionRowStatement(deps.db, session.hash, iso(deps.now?.() ?? Date.now())), "revoke");
}

/** Ends every session of a user (deactivation, password change). Returns how many. */
export async function revokeUserSessions(deps: SessionDeps, userId: string, keepHash?: string) {
  let cursor: string | undefined;
  let count = 0;
  do {
    const page = await deps.kv.list({ prefix: `user-session:${userId}:`, cursor });
    const hashes = page.keys.map((k) => k.name.split(":").pop()!).filter((h) => h !== keepHash);
    await Promise.all(hashes.flatMap((h) => [deps.kv.delete(recordKey(h)), deps.kv.delete(indexKey(userId, h))]));
    count += hashes.length;
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  if (deps.db) {
    const at = iso(deps.now?.() ?? Date.now());
    await indexed(revokeUserSessionRowsStatement(deps.db, userId, at, keepHash), "revoke all");
  }
  return count;
}

export function sessionCookie(token: string) {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${Math.floor(SESSION_ABSOLUTE_MS / 1000)}`;
}

export function clearedSessionCookie() {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}

/** The session token of a request: Bearer header first (API clients), then the cookie. */
export function tokenFromRequest(request: Request, { bearer = true } = {}): string | null {
  if (bearer) {
    const auth = request.headers.get("Authorization");
    const match = auth?.match(/^Bearer\s+(\S+)$/i);
    if (match) return match[1]!;
  }
  const cookies = request.headers.get("Cookie") ?? "";
  for (const part of cookies.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) return rest.join("=") || null;
  }
  return null;
}

/** A per-session anti-CSRF token for form posts (HMAC of the session id). */
export async function csrfToken(secret: string, sid: string) {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`csrf:${sid}`)));
  return b64url(mac);
}
