import { z } from "zod";

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-11-21")
  .optional()
  .or(z.literal("").transform(() => undefined));
const text = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => v || undefined);

/** Filters of the audit trail (page query string and GET /api/audit). */
export const AuditFilterSchema = z.object({
  entityType: text,
  entityId: text,
  actorId: text,
  from: day,
  to: day,
  page: z.coerce.number().int().min(1).catch(1),
  pageSize: z.coerce.number().int().min(1).max(200).catch(50),
});
