import { Hono } from "hono";
import { checkHealth } from "../services/platform/check-health";
import { farmerMetrics } from "../services/registry/farmer-dashboard";
import { dashboardMetrics } from "../services/reports/dashboard-metrics";
import { eudrApi } from "./assessments";
import { assets } from "./assets";
import { auditApi } from "./audit";
import { auth } from "./auth";
import { batchesApi } from "./batches";
import { apiBodyLimit } from "./body-limits";
import { certificatesApi, certificateTestApi } from "./certificates";
import { demoApi } from "./demo";
import { openApiResponse } from "./docs";
import { onApiError, onApiNotFound } from "./errors";
import { exporterDeskApi } from "./exporter-desk";
import { farmersApi } from "./farmers";
import { hubApi } from "./hub";
import { importsApi } from "./imports";
import { inspectionsApi } from "./inspections";
import { plotFieldApi, visitQueueApi } from "./land-inspection";
import { feesApi, licencesApi, permitsApi } from "./licensing";
import { marketApi } from "./market";
import { messagesApi } from "./messages";
import { type ApiEnv, requireSession, serviceDeps } from "./middleware";
import { monitoringApi } from "./monitoring";
import { officeApi } from "./office";
import { ordersApi, shipmentsApi } from "./orders";
import { plotsApi } from "./plots";
import { notificationsApi, profileApi } from "./profile";
import { pushApi } from "./push";
import { qrApi } from "./qr";
import { recordsApi } from "./records";
import { reportsApi } from "./reports";
import { describe } from "./route-meta";
import { adminApi, usersApi } from "./users";

/** The `/api` application: one Hono sub-app per resource. */
export const api = new Hono<ApiEnv>()
  // 1 MiB for every body, read as it streams; upload routes apply their own limit (body-limits.ts).
  .use(apiBodyLimit)
  .get(
    "/docs",
    describe("This document: OpenAPI 3.1 (human reference: /api-reference)"),
    (c): Promise<Response> => openApiResponse(c, api.routes),
  )
  .get(
    "/health",
    describe("Health of the database, sessions and file storage", { 200: "OK", 503: "Degraded" }),
    async (c) => {
      const report = await checkHealth({ db: c.env.DB, kv: c.env.SESSIONS, r2: c.env.CERTS });
      c.header("Cache-Control", "no-store");
      return c.json(report, report.status === "ok" ? 200 : 503);
    },
  )
  // The bare response `npm run bench` compares page rendering against.
  .get("/hello", describe("The bare reply `npm run bench` compares pages against"), (c) => c.json({ hello: "world" }))
  .route("/assets", assets)
  .route("/", auth)
  .route("/users", usersApi)
  .route("/admin", adminApi)
  .route("/plots", plotsApi)
  .route("/plots", plotFieldApi)
  .route("/visit-queue", visitQueueApi)
  .route("/batches", batchesApi)
  .route("/qr", qrApi)
  .route("/eudr", eudrApi)
  .route("/farmers", farmersApi)
  .route("/audit", auditApi)
  .route("/imports", importsApi)
  .route("/demo", demoApi)
  .route("/test", certificateTestApi)
  .route("/certificates", certificatesApi)
  .route("/reports", reportsApi)
  .route("/inspections", inspectionsApi)
  .route("/profile", profileApi)
  .route("/notifications", notificationsApi)
  .route("/push", pushApi)
  .route("/market", marketApi)
  .route("/monitoring", monitoringApi)
  .route("/office", officeApi)
  .route("/licences", licencesApi)
  .route("/permits", permitsApi)
  .route("/fees", feesApi)
  .route("/messages", messagesApi)
  .route("/orders", ordersApi)
  .route("/shipments", shipmentsApi)
  .route("/exporter", exporterDeskApi)
  .route("/hub", hubApi)
  .route("/records", recordsApi)
  .get(
    "/dashboard/metrics",
    requireSession(),
    describe("The dashboard's figures, in the shape of docs/product.md §9 (the offline stand-in answers the same)"),
    async (c) => {
      const session = c.get("session");
      const { db } = serviceDeps(c);
      // A farmer gets her own counts: the endpoint answers for the caller.
      if (session.role === "farmer") return c.json(await farmerMetrics(session, { db }));
      return c.json(await dashboardMetrics(db));
    },
  );

api.onError(onApiError);
api.notFound(onApiNotFound);
