import { Hono } from "hono";
import { createRequestHandler } from "react-router";
import { api } from "./api";
import { apiError, onApiError, onApiNotFound } from "./api/errors";
import type { Env } from "./env";
import { withEdgeCache } from "./http/edge-cache";
import { crossSiteWrite } from "./http/same-origin";
import { withSecurityHeaders } from "./http/security-headers";
import { drainUnreadBody } from "./http/unread-body";
import { startPushDelivery } from "./jobs/push-delivery";
import { runScheduled } from "./jobs/scheduled";
import { withPushScope } from "./services/push/push-signal";

const loadBuild = () => import("virtual:react-router/server-build");
const requestHandler = createRequestHandler(loadBuild, import.meta.env.MODE);

const app = new Hono<{ Bindings: Env }>();

// Security headers on every response the Worker makes (pages set their own hashed CSP).
app.use(async (c, next) => {
  await next();
  c.res = withSecurityHeaders(c.res);
});

// A request that wrote a notice (notifyStatement) pushes it in the background once answered (ADR 028).
app.use(async (c, next) => {
  const { noticed } = await withPushScope(next);
  if (!noticed) return;
  try {
    startPushDelivery(c.env, c.executionCtx);
  } catch {
    // No execution context (a direct call in a test): the cron delivers it.
  }
});

// A body the handler did not read is read to the end, so keep-alive connections stay usable.
app.use(drainUnreadBody);

// State-changing requests from another site are refused before they reach any handler.
app.use(async (c, next) => {
  if (!crossSiteWrite(c.req.raw)) return next();
  return c.req.path.startsWith("/api")
    ? apiError(c, 403, "Cross-site request refused")
    : c.text("Cross-site request refused", 403);
});

// /api/* → Hono; an /api URL never answers HTML, not even an unknown one.
app.route("/api", api);
app.all("/api", onApiNotFound);
app.all("/api/*", onApiNotFound);
app.onError(onApiError);

// Everything else, every method (form POSTs reach route actions) → React Router SSR.
// Public pages (Cache-Control: public) are kept in the edge cache; see http/edge-cache.ts.
app.all("*", async (c) => {
  const { assets } = await loadBuild();
  return withEdgeCache(c.req.raw, c.executionCtx, assets.version, () => requestHandler(c.req.raw));
});

export default {
  fetch: app.fetch,
  async scheduled(controller, env) {
    await runScheduled(controller, env);
  },
} satisfies ExportedHandler<Env>;
