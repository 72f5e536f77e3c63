/**
 * The reply shapes every /api route shares (worker/api/reply.ts), as zod schemas: the OpenAPI
 * document (worker/api/openapi.ts) publishes them, and clients can parse replies with them.
 */
import { z } from "zod";

/** `{ success: false, message, errors? }`: messages per field, or a list of rule findings. */
export const ApiErrorSchema = z
  .object({
    success: z.literal(false),
    message: z.string(),
    errors: z.union([z.record(z.string(), z.array(z.string())), z.array(z.record(z.string(), z.unknown()))]).optional(),
  })
  .meta({ description: "The one error shape of /api" });

/** `{ success: true, ...payload }`. */
export const ApiSuccessSchema = z
  .looseObject({ success: z.literal(true) })
  .meta({ description: "The one success shape of /api: `success: true` next to the payload's fields" });

/** Lists: `{ success: true, <items>: [...], page, pageSize, total, pageCount }`. */
export const ApiPageSchema = z
  .looseObject({
    success: z.literal(true),
    page: z.int().min(1),
    pageSize: z.int().min(1),
    total: z.int().min(0),
    pageCount: z.int().min(1),
  })
  .meta({ description: "The one paging shape of /api: the items under their own name, then where the list stands" });
