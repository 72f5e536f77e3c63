import { Hono } from "hono";
import { listAudit } from "#db/queries/audit-log";
import { AuditFilterSchema } from "../contracts/audit";
import { type ApiEnv, requirePermission, serviceDeps } from "./middleware";
import { paged } from "./reply";
import { describe } from "./route-meta";
import { query } from "./validate";

/** GET /api/audit: the audit trail, for regulators and the system administrator. */
export const auditApi = new Hono<ApiEnv>().get(
  "/",
  requirePermission("readAudit"),
  describe("The audit trail, newest first, filtered and paged"),
  query(AuditFilterSchema, "Invalid filter"),
  async (c) => {
    const { page, pageSize, ...filter } = c.req.valid("query");
    const { rows, total } = await listAudit(serviceDeps(c).db, filter, page, pageSize);
    const entries = rows.map((r) => ({
      ...r,
      before: r.before ? JSON.parse(r.before) : null,
      after: r.after ? JSON.parse(r.after) : null,
    }));
    return paged(c, "entries", entries, { page, pageSize, total });
  },
);
