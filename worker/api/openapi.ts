/**
 * The OpenAPI 3.1 document of /api, generated from the routes themselves: every route
 * registered on the Hono app is an operation; its guard gives the permission, its validators
 * the request schemas (the zod contracts, through `z.toJSONSchema`), `describe(...)` the summary
 * and success replies (worker/api/route-meta.ts). Served at GET /api/docs, shown at /api-reference.
 */
import type { RouterRoute } from "hono/types";
import { z } from "zod";
import { PERMISSIONS, type Permission } from "../auth/permissions";
import { SESSION_COOKIE } from "../auth/session";
import { ApiErrorSchema, ApiPageSchema, ApiSuccessSchema } from "../contracts/api";
import { CHANGE_PASSWORD_FIRST } from "./middleware";
import { type Access, metaOf, type RouteMeta } from "./route-meta";

type JsonSchema = Record<string, unknown>;
type Parameter = { name: string; in: "path" | "query"; required: boolean; schema: JsonSchema; description?: string };
type Response = { description: string; content?: Record<string, { schema: JsonSchema }> };
export type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, Response>;
  security: Record<string, string[]>[];
  "x-permission": Permission | "signed-in" | "public";
  "x-roles"?: readonly string[];
};
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
};

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ "application/json": { schema } });

/** JSON Schema of what a client sends (`io: "input"`); what JSON cannot express is left open. */
function jsonSchema(schema: z.ZodType): JsonSchema {
  try {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
    return rest;
  } catch {
    return {};
  }
}

/** `/farmers/:farmerId` → `/api/farmers/{farmerId}` and its path parameters. */
export function openApiPath(path: string, prefix = "/api") {
  const names: string[] = [];
  const converted = path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, (_m, name: string) => {
    names.push(name);
    return `{${name}}`;
  });
  const full = `${prefix}${converted === "/" ? "" : converted}`;
  return { path: full || prefix, names };
}

/** Route meta of each operation: its own handlers' meta over the meta of `use()` middleware above it. */
function collect(routes: RouterRoute[]) {
  const wide: { prefix: string; meta: RouteMeta }[] = [];
  const ops = new Map<string, { method: string; path: string; metas: RouteMeta[] }>();
  for (const r of routes) {
    const meta = metaOf(r.handler);
    if (r.method === "ALL") {
      if (meta) wide.push({ prefix: r.path.replace(/\/?\*$/, ""), meta });
      continue;
    }
    const key = `${r.method} ${r.path}`;
    const op = ops.get(key) ?? { method: r.method, path: r.path, metas: [] };
    if (meta) op.metas.push(meta);
    ops.set(key, op);
  }
  return [...ops.values()].map((op) => {
    const above = wide.filter((w) => op.path === w.prefix || op.path.startsWith(`${w.prefix}/`)).map((w) => w.meta);
    return { ...op, meta: Object.assign({}, ...above, ...op.metas) as RouteMeta };
  });
}

function accessOf(access: Access | undefined) {
  const none: Record<string, string[]>[] = [];
  if (!access || access.kind === "public")
    return { permission: "public" as const, security: none, passwordFirst: false };
  const security: Record<string, string[]>[] = [{ bearer: [] }, { sessionCookie: [] }];
  if (access.kind === "session")
    return { permission: "signed-in" as const, security, passwordFirst: !access.beforePasswordChange };
  return { permission: access.permission, roles: PERMISSIONS[access.permission], security, passwordFirst: true };
}

function queryParameters(schema: z.ZodType): Parameter[] {
  const s = jsonSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: s.required?.includes(name) ?? false,
    schema,
  }));
}

function responsesOf(
  meta: RouteMeta,
  hasParams: boolean,
  permission: string,
  passwordFirst: boolean,
): Record<string, Response> {
  const out: Record<string, Response> = {};
  const success = meta.responses ?? { 200: "Success" };
  for (const [status, description] of Object.entries(success)) {
    out[status] = status === "304" ? { description } : { description, content: json(ref("Success")) };
  }
  const error = (description: string) => ({ description, content: json(ref("Error")) });
  if (meta.body || meta.query) out["400"] = error("The request is not valid: the first message, and `errors` by field");
  if (permission !== "public") out["401"] = error("Not signed in, or the session has ended");
  const forbidden = [
    ...(passwordFirst ? [`"${CHANGE_PASSWORD_FIRST}" while the account still has its temporary password`] : []),
    ...(permission !== "public" && permission !== "signed-in" ? [`no \`${permission}\` permission`] : []),
  ];
  if (forbidden.length) out["403"] = error(forbidden.join("; or "));
  if (hasParams) out["404"] = error("Nothing found at this address");
  if (meta.quota) out["429"] = error(meta.quota);
  if (meta.body) {
    out["413"] = error("The body is larger than 1 MiB");
    out["415"] = error("The body is not application/json");
  }
  return out;
}

/** The document for the routes of the `/api` app (`api.routes`). */
export function buildOpenApi(routes: RouterRoute[]): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const { method, path: honoPath, meta } of collect(routes)) {
    if (!(METHODS as readonly string[]).includes(method)) continue;
    const { path, names } = openApiPath(honoPath);
    const access = accessOf(meta.access);
    const parameters: Parameter[] = [
      ...names.map((name) => ({ name, in: "path" as const, required: true, schema: { type: "string" } })),
      ...(meta.query ? queryParameters(meta.query) : []),
    ];
    const op: Operation = {
      operationId: `${method.toLowerCase()}${path.replace(/^\/api/, "").replace(/[^A-Za-z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ?? "").toUpperCase())}`,
      summary: meta.summary ?? `${method} ${path}`,
      tags: [path.split("/")[2] ?? "api"],
      ...(parameters.length ? { parameters } : {}),
      ...(meta.body ? { requestBody: { required: true, content: json(jsonSchema(meta.body)) } } : {}),
      responses: responsesOf(meta, names.length > 0, access.permission, access.passwordFirst),
      security: access.security,
      "x-permission": access.permission,
      ...("roles" in access ? { "x-roles": access.roles } : {}),
    };
    paths[path] = { ...paths[path], [method.toLowerCase()]: op };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Liberia EUDR traceability platform API",
      version: "1",
      description:
        "Every reply is JSON: `{ success: true, ...payload }`, or `{ success: false, message, errors? }` on error; " +
        "lists add `page`, `pageSize`, `total` and `pageCount`. The sign-in endpoints answer the replies of the " +
        "platform specification (§3). Send the session token as `Authorization: Bearer <token>` (or the session cookie).",
    },
    paths,
    components: {
      schemas: {
        Error: jsonSchema(ApiErrorSchema),
        Success: jsonSchema(ApiSuccessSchema),
        Page: jsonSchema(ApiPageSchema),
      },
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "The token a sign-in endpoint answers" },
        sessionCookie: { type: "apiKey", in: "cookie", name: SESSION_COOKIE },
      },
    },
  };
}
