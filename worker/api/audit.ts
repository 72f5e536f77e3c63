import { Hono } from "hono";
import { AuditFilterSchema } from "../contracts/audit";
import { readAuditTrail } from "../services/platform/audit-trail";
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
    const { entries, total } = await readAuditTrail({ filter, page, pageSize }, serviceDeps(c));
    return paged(c, "entries", entries, { page, pageSize, total });
  },
);
