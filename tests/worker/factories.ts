/**
 * Test data built through the schema (db/schema.ts, drizzle over the test D1) and sessions minted
 * without a password: what a test needs before it asks the Worker anything.
 *
 * Each `insert…` returns a drizzle statement: `await` it alone, or pass several to `db.batch([...])`
 * (`d1(statement)` turns one into a D1 statement for `env.DB.batch` beside raw ones). Defaults fill
 * every required column; the test names what it is about.
 *
 * `sessionFor(user)` starts a session with the Worker's own session code (worker/auth/session.ts,
 * docs/decisions/003-sessions-and-token-storage.md): KV record, per-user key and D1 session row,
 * exactly as a sign-in leaves them, but without the scrypt check that costs a real sign-in ~300 ms
 * of CPU. Sign-in itself is tested, once per portal, in tests/worker/auth-api.test.ts.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { database } from "#db/client";
import { normalizeLoginId } from "#db/queries/users";
import {
  batches,
  batchOrigins,
  certificates,
  farmers,
  landPlots,
  notifications,
  plotAssessments,
  purchases,
  shipmentBatches,
  shipments,
  users,
} from "#db/schema";
import { type Role, USER_TYPE } from "#worker/auth/roles";
import { createSession, csrfToken, SESSION_COOKIE } from "#worker/auth/session";
import type { SessionClient } from "#worker/auth/session-client";
import { displayName } from "#worker/services/auth/authenticate";
import { demoLogin } from "../login-api";

/** The drizzle handle over the test D1, as the Worker builds it. */
export const db = database(env.DB);

/** A drizzle statement as a D1 statement, to batch it with raw ones on `env.DB`. */
export function d1(statement: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = statement.toSQL();
  return env.DB.prepare(sql).bind(...params);
}

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];
type UserRow = typeof users.$inferSelect;

/**
 * A set-up step run once, by whichever test (or hook) needs it first and awaited by every other:
 * a test states what it needs, and no test relies on another having run before it.
 */
export function once<T>(make: () => Promise<T>) {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/** A short unique suffix for ids and codes a test does not care about. */
export const uid = () => crypto.randomUUID().slice(0, 8);

// ---------------------------------------------------------------- sessions

export type TestSession = {
  /** The bearer token (as the sign-in reply's `token`). */
  token: string;
  /** The `Cookie` header value of a signed-in browser. */
  cookie: string;
  /** The anti-CSRF token this session's page forms carry. */
  csrf: string;
  /** The session id's SHA-256, as KV and the D1 session index key it. */
  hash: string;
  user: UserRow;
};

/**
 * A live session for `user` (a row of `users`, or its id), made by the Worker's createSession with
 * the same record a sign-in at the user's portal makes; guarded pages and the API accept it alike.
 * `client`: the device (and place) the session list shows, as sign-in reads them from the request.
 */
export async function sessionFor(user: UserRow | string, client?: SessionClient): Promise<TestSession> {
  const row = typeof user === "string" ? (await db.select().from(users).where(eq(users.id, user)).limit(1))[0] : user;
  if (!row) throw new Error(`no user ${String(user)}`);
  const role = row.role as Role;
  const session = await createSession(
    { kv: env.SESSIONS, secret: env.SESSION_SECRET, db, client },
    {
      id: row.id,
      role,
      userType: USER_TYPE[role],
      loginId: row.loginId,
      name: displayName(row),
      mustChangePassword: row.mustChangePassword,
    },
  );
  return {
    token: session.token,
    cookie: `${SESSION_COOKIE}=${session.token}`,
    csrf: await csrfToken(env.SESSION_SECRET, session.sid),
    hash: session.hash,
    user: row,
  };
}

/** A session for the account that signs in as `loginId` (any case). */
export async function sessionForLogin(loginId: string, client?: SessionClient) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.loginIdNormalized, normalizeLoginId(loginId)));
  if (!row) throw new Error(`no account ${loginId}`);
  return sessionFor(row, client);
}

/** A session for the first demo account of `role` (the account a sign-in test would use). */
export async function sessionAs(role: string) {
  const { account } = demoLogin(role);
  return { ...(await sessionForLogin(account.loginId)), account };
}

// ---------------------------------------------------------------- accounts

/** An account of `role`; nobody signs in with its password (use sessionFor). */
export function insertUser(o: Partial<Insert<typeof users>> & { role: Role }) {
  const n = uid();
  const loginId = o.loginId ?? `test-${o.role}-${n}`;
  return db.insert(users).values({
    id: `user-${n}`,
    firstName: "Test",
    lastName: "User",
    passwordHash: "unused",
    ...o,
    loginId,
    loginIdNormalized: o.loginIdNormalized ?? normalizeLoginId(loginId),
  });
}

/** Adds an account (insertUser) and returns a session for it. */
export async function userWithSession(o: Parameters<typeof insertUser>[0]) {
  const [row] = await insertUser(o).returning();
  return sessionFor(row!);
}

// ---------------------------------------------------------------- registry

/**
 * A farmer of the registry (id `f-<farmerId>` unless given), with the name keys the registry search
 * reads, as registration stores them.
 */
export function farmerRow(o: Partial<Insert<typeof farmers>> & { farmerId: string }): Insert<typeof farmers> {
  const firstName = o.firstName ?? "Test";
  const lastName = o.lastName ?? "Farmer";
  return {
    id: `f-${o.farmerId}`,
    county: "Nimba",
    registrationDate: "2026-01-15",
    ...o,
    firstName,
    lastName,
    nameKey: `${firstName} ${lastName}`.toLowerCase(),
    lastNameKey: `${lastName} ${firstName}`.toLowerCase(),
  };
}

export const insertFarmer = (o: Parameters<typeof farmerRow>[0]) => db.insert(farmers).values(farmerRow(o));

/** A stored plot's boundary: a point or a polygon ring (lon, lat). */
export type SeedGeometry =
  | { type: "Point"; coordinates: [number, number] }
  | { type: "Polygon"; coordinates: [number, number][][] };

/** A square of `side` degrees (lon, lat) with its south-west corner at (lon, lat). */
export const square = (lon: number, lat: number, side = 0.001): SeedGeometry => ({
  type: "Polygon",
  coordinates: [
    [
      [lon, lat],
      [lon + side, lat],
      [lon + side, lat + side],
      [lon, lat + side],
      [lon, lat],
    ],
  ],
});

/**
 * A plot, its bounding box worked out from its boundary as the registry stores it. Columns left
 * out take the table's defaults (a valid 1 ha square in Nimba, no risk verdict).
 */
export function plotRow(
  o: Partial<Omit<Insert<typeof landPlots>, "geometry">> & { farmerId: string; geometry?: SeedGeometry },
): Insert<typeof landPlots> {
  const n = uid();
  const geometry = o.geometry ?? square(-8.5, 6.5);
  const points = geometry.type === "Point" ? [geometry.coordinates] : geometry.coordinates.flat();
  const lons = points.map(([lon]) => lon);
  const lats = points.map(([, lat]) => lat);
  return {
    id: `plot-${n}`,
    plotCode: `PLT-TEST-${n}`,
    areaHectares: 1,
    validationState: "valid",
    ...o,
    geometry: JSON.stringify(geometry),
    geometryType: geometry.type,
    minLon: Math.min(...lons),
    minLat: Math.min(...lats),
    maxLon: Math.max(...lons),
    maxLat: Math.max(...lats),
  };
}

export const insertPlot = (o: Parameters<typeof plotRow>[0]) => db.insert(landPlots).values(plotRow(o));

/** A stored risk verdict of a plot (its evidence and reasons as JSON). */
export function insertAssessment(
  o: Partial<Omit<Insert<typeof plotAssessments>, "evidence" | "reasons">> & {
    plotId: string;
    verdict: string;
    evidence?: unknown;
    reasons?: string[];
  },
) {
  return db.insert(plotAssessments).values({
    id: `assessment-${uid()}`,
    assessedAt: new Date().toISOString(),
    ...o,
    evidence: JSON.stringify(o.evidence ?? []),
    reasons: JSON.stringify(o.reasons ?? []),
  });
}

// ---------------------------------------------------------------- traceability

/** A batch of cocoa (1 t, purchased) unless told otherwise; weights are grams (ADR 020). */
export function insertBatch(o: Partial<Insert<typeof batches>> = {}) {
  const n = uid();
  return db.insert(batches).values({
    id: `batch-${n}`,
    batchCode: `LR-TEST-2026-${n}`,
    commodity: "Cocoa",
    hsCode: "1801",
    weightG: 1_000_000,
    status: "purchased",
    ...o,
  });
}

/** A plot (and its farmer) a batch came from. */
export const insertOrigin = (o: Insert<typeof batchOrigins>) => db.insert(batchOrigins).values(o);

/** What a buyer paid for a purchase batch. */
export const insertPurchase = (o: Insert<typeof purchases>) => db.insert(purchases).values(o);

/** An exporter's shipment (draft unless told). */
export function insertShipment(o: Partial<Insert<typeof shipments>> & { exporterId: string }) {
  const n = uid();
  return db.insert(shipments).values({ id: `shipment-${n}`, code: `SHP-TEST-${n}`, ...o });
}

/** A batch in a shipment, with the weight shipped. */
export const insertShipmentBatch = (o: Insert<typeof shipmentBatches>) => db.insert(shipmentBatches).values(o);

// ---------------------------------------------------------------- records

/** A certificate row (valid for a year from now unless told); its PDF is not in R2. */
export function insertCertificate(
  o: Partial<Insert<typeof certificates>> & Pick<Insert<typeof certificates>, "type" | "subjectType" | "subjectId">,
) {
  const n = uid();
  const now = Date.now();
  return db.insert(certificates).values({
    id: `cert-${n}`,
    certificateNumber: `CERT-TEST-${n}`,
    dataHash: "0".repeat(64),
    r2Key: `certificates/test-${n}.pdf`,
    issuedAt: new Date(now).toISOString(),
    expiresAt: new Date(now + 365 * 86_400_000).toISOString(),
    ...o,
  });
}

/** A notice to one account. */
export function insertNotification(
  o: Partial<Insert<typeof notifications>> & Pick<Insert<typeof notifications>, "userId" | "kind">,
) {
  return db.insert(notifications).values({ id: `notice-${uid()}`, title: "A notice", body: "Its text", ...o });
}
