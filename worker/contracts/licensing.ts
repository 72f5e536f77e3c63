/**
 * Licence, export-permit and fee bodies and queries of /api. Which step a body moves a
 * record through is in the URL; the rules of each step are in worker/domain/licensing.ts.
 */
import { z } from "zod";
import { EUDR_COMMODITIES } from "../domain/commodities";
import { INVOICE_STATUSES } from "../domain/fees";
import { LICENCE_STATUSES, LICENCE_TYPES, PERMIT_STATUSES } from "../domain/licensing";
import { optionalText } from "./optional-text";

export const LICENSING_MESSAGES = {
  type: "Choose the licence: exporter or buyer",
  applicant: "Choose the account the licence is for",
  company: "Enter the business name as it will appear on the licence (2 to 120 characters)",
  noteTooLong: "The note must be 500 characters or fewer",
  reason: "Give the reason (10 to 500 characters)",
  shipment: "Enter the shipment code, like SHP-2026-000001",
  reference: "Enter the payment reference from the bank or mobile-money receipt (4 to 64 characters)",
  paidOn: "Enter the payment date, like 2026-03-14",
  date: "Enter a date like 2026-03-14",
} as const;
const M = LICENSING_MESSAGES;

const isoDate = (message: string) => z.string({ error: message }).regex(/^\d{4}-\d{2}-\d{2}$/, message);

/** A new licence application (a draft). `applicantId`: office staff name the account; applicants apply for themselves. */
export const LicenceApplySchema = z.object({
  type: z.enum(LICENCE_TYPES, { error: M.type }),
  applicantId: z.string({ error: M.applicant }).trim().min(1, M.applicant).max(64, M.applicant).optional(),
  companyName: z.string({ error: M.company }).trim().min(2, M.company).max(120, M.company),
  county: optionalText(60),
  note: optionalText(500, M.noteTooLong),
  /** The commodities the licence is for; none named = every commodity (ADR 029). */
  commodities: z
    .array(z.enum(Object.keys(EUDR_COMMODITIES) as [string, ...string[]], { error: "Choose a listed commodity" }))
    .max(10)
    .optional(),
});
export type LicenceApplyInput = z.infer<typeof LicenceApplySchema>;

/** The body of a step; suspending, reinstating and revoking need a reason (checked by the service). */
export const StepSchema = z.object({
  reason: z.string({ error: M.reason }).trim().min(10, M.reason).max(500, M.reason).optional(),
});
export type StepInput = z.infer<typeof StepSchema>;

export const ReasonSchema = z.object({
  reason: z.string({ error: M.reason }).trim().min(10, M.reason).max(500, M.reason),
});

const page = z.coerce.number().int().min(1).max(10_000).catch(1);
const pageSize = z.coerce.number().int().min(1).max(100).catch(25);
const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).optional().catch(undefined);

export const LicenceListSchema = z.object({
  status: oneOf(LICENCE_STATUSES),
  type: oneOf(LICENCE_TYPES),
  page,
  pageSize,
});
export type LicenceListInput = z.infer<typeof LicenceListSchema>;

/** The exporter requests a permit for one of their shipments. */
export const PermitRequestSchema = z.object({
  shipmentCode: z
    .string({ error: M.shipment })
    .trim()
    .toUpperCase()
    .regex(/^SHP-\d{4}-\d{6}$/, M.shipment),
  note: optionalText(500, M.noteTooLong),
});
export type PermitRequestInput = z.infer<typeof PermitRequestSchema>;

export const PermitListSchema = z.object({ status: oneOf(PERMIT_STATUSES), page, pageSize });
export type PermitListInput = z.infer<typeof PermitListSchema>;

export const InvoiceListSchema = z.object({ status: oneOf(INVOICE_STATUSES), page, pageSize });
export type InvoiceListInput = z.infer<typeof InvoiceListSchema>;

/** A payment, recorded with the payer's reference (the recorded-reference gateway, ADR 021). */
export const PaymentSchema = z.object({
  reference: z.string({ error: M.reference }).trim().min(4, M.reference).max(64, M.reference),
  paidOn: isoDate(M.paidOn).optional(),
});
export type PaymentInput = z.infer<typeof PaymentSchema>;

/** The DDGAF totals: an optional date range (YYYY-MM-DD, both days included). */
export const FeeTotalsSchema = z.object({
  from: isoDate(M.date).optional().catch(undefined),
  to: isoDate(M.date).optional().catch(undefined),
});
export type FeeTotalsInput = z.infer<typeof FeeTotalsSchema>;
