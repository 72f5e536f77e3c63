import { data } from "react-router";
import { auditEntityTypes, listAudit } from "#db/queries/audit-log";
import { AuditFilterSchema } from "#worker/contracts/audit";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/audit-log";

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireRole(request, "readAudit", "the audit trail");
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = AuditFilterSchema.safeParse(query);
  const filter = parsed.success ? parsed.data : AuditFilterSchema.parse({});
  const errors = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ field: String(i.path[0]), message: i.message }));
  const { page, pageSize, ...where } = filter;
  const { db } = pageDeps();
  const [{ rows, total }, types] = await Promise.all([listAudit(db, where, page, pageSize), auditEntityTypes(db)]);
  return data(
    {
      user: await shellUser(session),
      query: Object.fromEntries(Object.entries(query).filter(([k]) => k !== "page")) as Record<string, string>,
      errors,
      entries: rows,
      types,
      page,
      pageSize,
      total,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}
