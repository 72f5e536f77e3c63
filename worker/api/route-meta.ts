/**
 * What the OpenAPI document (worker/api/openapi.ts) knows about a route, read from the route
 * itself: its guard names the permission, its validators the request schemas, and an optional
 * `describe(...)` says what it does. Handlers are tagged here; nothing else is registered twice.
 */
import type { MiddlewareHandler } from "hono";
import type { z } from "zod";
import type { Permission } from "../auth/permissions";

/** `beforePasswordChange`: the route also serves an account that must still change its temporary password. */
export type Access =
  | { kind: "public" }
  | { kind: "session"; beforePasswordChange?: boolean }
  | { kind: "permission"; permission: Permission };
export type RouteMeta = {
  access?: Access;
  body?: z.ZodType;
  query?: z.ZodType;
  summary?: string;
  /** Status → description of the success replies (the error replies follow from guard and validators). */
  responses?: Record<number, string>;
  /** The 429 of a route under a per-account quota (worker/api/quota.ts). */
  quota?: string;
};

const META = new WeakMap<object, RouteMeta>();

/** Records `meta` for `handler` and returns the handler unchanged. */
export function tag<H extends object>(handler: H, meta: RouteMeta): H {
  META.set(handler, { ...META.get(handler), ...meta });
  return handler;
}

export function metaOf(handler: object): RouteMeta | undefined {
  return META.get(handler);
}

/** Documents a route: what it does and what it answers on success (200 "Success" by default). */
export function describe(summary: string, responses?: Record<number, string>): MiddlewareHandler {
  return tag((_c, next) => next(), { summary, responses });
}
