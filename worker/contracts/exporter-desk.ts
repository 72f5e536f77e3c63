/**
 * Bodies and queries of the exporter's desk: inspection requests, their handling by
 * inspectors, payments for purchased stock and the statement. Pages validate with the same schemas.
 */
import { z } from "zod";
import { CURRENCIES, parseMinor } from "../domain/money";
import { optionalText } from "./optional-text";

export const EXPORTER_DESK_MESSAGES = {
  kind: "Choose the inspection: warehouse or port",
  subject: "Enter one of your batch codes (like LR-COC-2026-000001) or shipment codes (like SHP-2026-000001)",
  preferredDate: "Enter the preferred date, like 2026-03-14",
  scheduledFor: "Enter the inspection date, like 2026-03-14",
  noteTooLong: "The note must be 500 characters or fewer",
  payee: "Enter the buyer ID of the buyer or cooperative you paid",
  batchCodes: "Enter the batch codes the payment is for, separated by commas",
  amount: "Enter the amount paid, like 1250.00",
  currency: "Choose the currency: USD or LRD",
  reference: "Enter the payment reference from the bank or mobile-money receipt (4 to 64 characters)",
  paidOn: "Enter the payment date, like 2026-03-14",
  date: "Enter a date like 2026-03-14",
  range: "The end date must be on or after the start date",
} as const;
const M = EXPORTER_DESK_MESSAGES;

const isoDate = (message: string) => z.string({ error: message }).regex(/^\d{4}-\d{2}-\d{2}$/, message);

export const INSPECTION_REQUEST_KINDS = ["warehouse", "port"] as const;
/** A request for an inspection of one of my batches or shipments. */
export const InspectionRequestSchema = z.object({
  kind: z.enum(INSPECTION_REQUEST_KINDS, { error: M.kind }),
  subjectCode: z
    .string({ error: M.subject })
    .trim()
    .toUpperCase()
    .regex(/^(LR-[A-Z]{3}-\d{4}-\d{6}(-[A-Z0-9]+)*|SHP-\d{4}-\d{6})$/, M.subject),
  preferredDate: isoDate(M.preferredDate),
  note: optionalText(500, M.noteTooLong),
  submissionId: z.string().uuid().optional(),
});
export type InspectionRequestInput = z.infer<typeof InspectionRequestSchema>;

/** An inspector takes a request with the date they will inspect. */
export const ScheduleInspectionSchema = z.object({
  scheduledFor: isoDate(M.scheduledFor),
  note: optionalText(500, M.noteTooLong),
  baseVersion: z.coerce.number().int().min(1).optional(),
});
export type ScheduleInspectionInput = z.infer<typeof ScheduleInspectionSchema>;

/** An inspector marks a request done (the inspection itself is recorded on its own form). */
export const CompleteInspectionSchema = z.object({
  note: optionalText(500, M.noteTooLong),
  baseVersion: z.coerce.number().int().min(1).optional(),
});
export type CompleteInspectionInput = z.infer<typeof CompleteInspectionSchema>;

/** A payment for purchased stock, recorded with its reference (recorded-reference adapter, ADR 021). */
export const StockPaymentSchema = z.object({
  payeeLoginId: z.string({ error: M.payee }).trim().min(3, M.payee).max(64, M.payee),
  batchCodes: z
    .string({ error: M.batchCodes })
    .transform((s) => [
      ...new Set(
        s
          .split(/[\s,;]+/)
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().regex(/^LR-[A-Z]{3}-\d{4}-\d{6}(-[A-Z0-9]+)*$/, M.batchCodes))
        .min(1, M.batchCodes)
        .max(50, M.batchCodes),
    ),
  /** As typed ("1,250.75"); the service reads it into minor units with parseMinor. */
  amount: z
    .string({ error: M.amount })
    .trim()
    .refine((s) => (parseMinor(s) ?? 0) > 0, M.amount),
  currency: z.enum(CURRENCIES, { error: M.currency }),
  reference: z.string({ error: M.reference }).trim().min(4, M.reference).max(64, M.reference),
  paidOn: isoDate(M.paidOn),
  note: optionalText(500, M.noteTooLong),
  submissionId: z.string().uuid().optional(),
});
export type StockPaymentInput = z.infer<typeof StockPaymentSchema>;

/** A statement's date range (both days included). */
export const StatementQuerySchema = z
  .object({ from: isoDate(M.date), to: isoDate(M.date) })
  .refine((r) => r.to >= r.from, { message: M.range, path: ["to"] });
export type StatementQuery = z.infer<typeof StatementQuerySchema>;
