import { Hono } from "hono";
import { listAudit } from "#db/queries/audit-log";
import { PERMISSIONS } from "../auth/permissions";
import { AuditFilterSchema } from "../contracts/audit";
import { apiError } from "./errors";
import { type ApiEnv, requireApiRole } from "./middleware";

/** GET /api/audit: the audit trail, for regulators and the system administrator. */
export const auditApi = new Hono<ApiEnv>().get("/", requireApiRole(...PERMISSIONS.readAudit), async (c) => {
  const parsed = AuditFilterSchema.safeParse(c.req.query());
  if (!parsed.success) {
    return apiError(
      c,
      400,
      "Invalid filter",
      Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), [i.message]])),
    );
  }
  const { page, pageSize, ...filter } = parsed.data;
  const { rows, total } = await listAudit(c.get("db"), filter, page, pageSize);
  return c.json({
    entries: rows.map((r) => ({
      ...r,
      before: r.before ? JSON.parse(r.before) : null,
      after: r.after ? JSON.parse(r.after) : null,
    })),
    page,
    pageSize,
    total,
  });
});
