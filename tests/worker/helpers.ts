import { env, exports } from "cloudflare:workers";

export const ORIGIN = "https://eip.example.gov.lr";

/** Sends a request through the deployed Worker's fetch handler. */
export function call(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, ORIGIN), { redirect: "manual", ...init }));
}

/** The first row of a query on the test D1 (asserted present). */
export const one = async <T>(sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<T>())!;

/** Every row of a query on the test D1. */
export const rows = async <T>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;

/** SQLite's query plan (EXPLAIN QUERY PLAN), line by line, for a drizzle statement run on the test D1. */
export async function queryPlan(statement: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = statement.toSQL();
  return (await rows<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, ...params)).map((r) => r.detail);
}

/** The `n` of a `SELECT COUNT(*) AS n …` query. */
export const count = async (sql: string, ...binds: unknown[]) => (await one<{ n: number }>(sql, ...binds)).n;

/**
 * An /api request with a bearer token (none when `token` is null) and, when `body` is given, its
 * JSON — the one way the worker tests call the API as someone.
 */
export function bearer(token: string | null | undefined, path: string, method = "GET", body?: unknown) {
  return call(path, {
    method,
    headers: {
      ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/**
 * The insert of one farmer straight into D1 (id `f-<farmerId>`), with the name keys the registry
 * search reads; `more` adds other columns as stored (district, community …).
 */
export function farmerInsert(p: {
  farmerId: string;
  firstName: string;
  lastName: string;
  county: string;
  registrationDate: string;
  more?: Record<string, unknown>;
}) {
  const row: Record<string, unknown> = {
    id: `f-${p.farmerId}`,
    farmer_id: p.farmerId,
    first_name: p.firstName,
    last_name: p.lastName,
    county: p.county,
    ...p.more,
    registration_date: p.registrationDate,
    name_key: `${p.firstName} ${p.lastName}`.toLowerCase(),
    last_name_key: `${p.lastName} ${p.firstName}`.toLowerCase(),
  };
  const columns = Object.keys(row);
  return env.DB.prepare(
    `INSERT INTO farmers (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
  ).bind(...Object.values(row));
}

/** A stored plot's boundary: a point or a polygon ring (lon, lat). */
export type SeedGeometry =
  | { type: "Point"; coordinates: [number, number] }
  | { type: "Polygon"; coordinates: [number, number][][] };

/**
 * The insert of one plot straight into D1, its bounding box worked out from its boundary (as the
 * registry stores it). Columns left out take the table's defaults; `more` adds others as stored
 * (created_at, assessed_at, ruleset_version, status …).
 */
export function plotInsert(p: {
  id: string;
  code: string;
  farmerId: string;
  geometry: SeedGeometry;
  ha: number;
  crop?: string | null;
  county?: string | null;
  validation: string;
  risk?: string | null;
  more?: Record<string, unknown>;
}) {
  const points = p.geometry.type === "Point" ? [p.geometry.coordinates] : p.geometry.coordinates.flat();
  const lons = points.map(([lon]) => lon);
  const lats = points.map(([, lat]) => lat);
  const row: Record<string, unknown> = {
    id: p.id,
    plot_code: p.code,
    farmer_id: p.farmerId,
    geometry: JSON.stringify(p.geometry),
    geometry_type: p.geometry.type,
    area_hectares: p.ha,
    min_lon: Math.min(...lons),
    min_lat: Math.min(...lats),
    max_lon: Math.max(...lons),
    max_lat: Math.max(...lats),
    ...(p.crop === undefined ? {} : { crop: p.crop }),
    ...(p.county === undefined ? {} : { county: p.county }),
    validation_state: p.validation,
    ...(p.risk === undefined ? {} : { risk_level: p.risk }),
    ...p.more,
  };
  const columns = Object.keys(row);
  return env.DB.prepare(
    `INSERT INTO land_plots (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
  ).bind(...Object.values(row));
}

/**
 * A page's form sent as a browser without JavaScript sends it: URL-encoded fields (multipart when
 * `fields` is FormData), from the site's own origin, with the session cookie (none when `cookie`
 * is null, as when signing in). `headers` adds others (CF-Connecting-IP, X-Outbox …) or replaces these.
 */
export function postForm(
  path: string,
  cookie: string | null,
  fields: FormData | URLSearchParams | Record<string, string> | [string, string][],
  headers: Record<string, string> = {},
) {
  const multipart = fields instanceof FormData;
  return call(path, {
    method: "POST",
    headers: {
      ...(multipart ? {} : { "Content-Type": "application/x-www-form-urlencoded" }),
      Origin: ORIGIN,
      ...(cookie === null ? {} : { Cookie: cookie }),
      ...headers,
    },
    body: multipart ? fields : new URLSearchParams(fields).toString(),
  });
}

/**
 * Makes buyer `buyerId` and exporter `exporterId` trade partners as the data model records it: a
 * batch the buyer bought, in a shipment of the exporter (docs/messages.md "Who may write to whom").
 */
export async function tradeTogether(buyerId: string, exporterId: string) {
  const n = crypto.randomUUID().slice(0, 8);
  const [batchId, shipmentId] = [`trade-batch-${n}`, `trade-shipment-${n}`];
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO batches (id, batch_code, commodity, hs_code, weight_g, status, holder_id, created_by) VALUES (?, ?, 'Cocoa', '1801', 1000000, 'port_inspected', ?, ?)",
    ).bind(batchId, `LR-TRD-2026-${n}`, buyerId, buyerId),
    env.DB.prepare("INSERT INTO purchases (batch_id, buyer_id) VALUES (?, ?)").bind(batchId, buyerId),
    env.DB.prepare("INSERT INTO shipments (id, code, exporter_id) VALUES (?, ?, ?)").bind(
      shipmentId,
      `SHP-TRD-${n}`,
      exporterId,
    ),
    env.DB.prepare("INSERT INTO shipment_batches (shipment_id, batch_id, weight_g) VALUES (?, ?, 1000000)").bind(
      shipmentId,
      batchId,
    ),
  ]);
}
