import { env, exports } from "cloudflare:workers";
import { getTableColumns, type Table } from "drizzle-orm";
import { farmers, landPlots } from "#db/schema";
import {
  d1,
  db,
  insertBatch,
  insertFarmer,
  insertPlot,
  insertPurchase,
  insertShipment,
  insertShipmentBatch,
  type SeedGeometry,
  uid,
} from "./factories";

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

/** `more` columns named as stored (snake_case) → the schema's keys, for the factories. */
function bySchemaKeys(table: Table, more: Record<string, unknown> = {}) {
  const keyOf = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, key]));
  return Object.fromEntries(
    Object.entries(more).map(([name, value]) => {
      const key = keyOf.get(name);
      if (!key) throw new Error(`${name} is no column`);
      return [key, value];
    }),
  );
}

/**
 * The insert of one farmer (id `f-<farmerId>`, with the name keys the registry search reads) as a
 * D1 statement, built by the factory (tests/worker/factories.ts); `more` adds other columns as
 * stored (district, community …).
 */
export function farmerInsert(p: {
  farmerId: string;
  firstName: string;
  lastName: string;
  county: string;
  registrationDate: string;
  more?: Record<string, unknown>;
}) {
  const { more, ...farmer } = p;
  return d1(insertFarmer({ ...bySchemaKeys(farmers, more), ...farmer }));
}

/**
 * The insert of one plot as a D1 statement, built by the factory (its bounding box worked out from
 * its boundary, as the registry stores it). Columns left out take the table's defaults; `more`
 * adds others as stored (created_at, assessed_at, ruleset_version, status …).
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
  return d1(
    insertPlot({
      id: p.id,
      plotCode: p.code,
      farmerId: p.farmerId,
      geometry: p.geometry,
      areaHectares: p.ha,
      crop: p.crop,
      county: p.county,
      validationState: p.validation,
      riskLevel: p.risk,
      ...bySchemaKeys(landPlots, p.more),
    }),
  );
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
  const n = uid();
  const [batchId, shipmentId] = [`trade-batch-${n}`, `trade-shipment-${n}`];
  await db.batch([
    insertBatch({
      id: batchId,
      batchCode: `LR-TRD-2026-${n}`,
      status: "port_inspected",
      holderId: buyerId,
      createdBy: buyerId,
    }),
    insertPurchase({ batchId, buyerId }),
    insertShipment({ id: shipmentId, code: `SHP-TRD-${n}`, exporterId }),
    insertShipmentBatch({ shipmentId, batchId, weightG: 1_000_000 }),
  ]);
}
