/** Corrections and voids (ADR 031): the forms on the batch page and the API bodies. */
import { z } from "zod";
import { CORRECTION_MESSAGES, REASON_MIN_LENGTH } from "../domain/corrections";
import { CHAIN } from "../domain/custody";
import { CURRENCIES, parseMinor } from "../domain/money";
import { parseKgToGrams } from "../domain/weight";
import { makeFarmerSchema } from "./farmer";
import { INSPECTION_MESSAGES, MeasurementsSchema, PortInspectionSchema } from "./inspections";

const reason = z
  .string({ error: CORRECTION_MESSAGES.reason })
  .trim()
  .min(REASON_MIN_LENGTH, CORRECTION_MESSAGES.reason)
  .max(500, "Keep the reason under 500 characters");

const PRICE_MESSAGE = "Enter the price per kg, like 2.50 (at most 2 decimals)";

export const CorrectPurchaseSchema = z
  .object({
    weightKg: z
      .number({ error: "Enter the weight in kilograms" })
      .positive("Enter the weight in kilograms")
      .max(1_000_000, "A batch weighs at most 1,000,000 kg")
      .refine((v) => parseKgToGrams(String(v)) !== null, "Give the weight to the gram at most (3 decimals)")
      .optional(),
    moisturePct: z
      .number({ error: "Enter the moisture in %" })
      .min(0)
      .max(100, "Moisture is between 0 and 100 %")
      .optional(),
    paymentReference: z.string().trim().max(80, "Keep the payment reference under 80 characters").optional(),
    /** The price per kg as it should have been ("2.50" or 2.5): integer minor units on the server. */
    pricePerKg: z
      .union([z.string(), z.number()], { error: PRICE_MESSAGE })
      .transform((v) => parseMinor(String(v)))
      .refine((v) => v !== null && v > 0 && v <= 10_000_000, PRICE_MESSAGE)
      .transform((v) => v!)
      .optional(),
    currency: z.enum(CURRENCIES, { error: "Choose the currency: USD or LRD" }).optional(),
    reason,
    /** The version the corrector saw (1 = as first recorded): a correction based on stale data is refused. */
    baseVersion: z.number().int().min(1).optional(),
  })
  .transform(({ weightKg, moisturePct, pricePerKg, ...rest }) => ({
    ...rest,
    pricePerKgMinor: pricePerKg,
    weightG: weightKg === undefined ? undefined : parseKgToGrams(String(weightKg))!,
    moistureTenthPct: moisturePct === undefined ? undefined : Math.round(moisturePct * 10),
  }));
export type CorrectPurchaseInput = z.infer<typeof CorrectPurchaseSchema>;

export const VoidStepSchema = z.object({
  toStatus: z.enum(CHAIN.slice(1) as [string, ...string[]], { error: "Choose the step to void" }),
  reason,
});
export type VoidStepInput = z.infer<typeof VoidStepSchema>;

/**
 * A correction of a farmer's details (ADR 031), with the registration form's own rules for each
 * field. A field left out stays as it is; the county is not corrected here (a farmer who moved is
 * re-assigned, which changes who inspects them — not a correction).
 */
export const CorrectFarmerSchema = makeFarmerSchema()
  .pick({
    firstName: true,
    lastName: true,
    gender: true,
    dateOfBirth: true,
    phone: true,
    district: true,
    community: true,
    nationalId: true,
  })
  .partial()
  .extend({
    /**
     * Optional details to leave blank (phone, district, national ID), e.g. a number that was never
     * the farmer's. A required detail named here is refused (it can be corrected, not blanked).
     */
    clear: z.array(z.string().max(40), { error: "List the details to leave blank" }).max(8).optional(),
    reason,
    /** The version the corrector saw (1 = as registered): a correction based on stale data is refused. */
    baseVersion: z.coerce.number().int().min(1).optional(),
    /** The device's UUID for this correction (offline outbox, ADR 027): a resend stores nothing new. */
    submissionId: z
      .uuid({ error: "The form could not be matched to a submission. Reload the page and try again." })
      .optional(),
  });
export type CorrectFarmerInput = z.infer<typeof CorrectFarmerSchema>;

/**
 * A correction of the batch's warehouse inspection (ADR 031): the measurements that were wrong
 * (the others stay as recorded), with a reason. The grade is computed again on the server.
 */
export const CorrectInspectionSchema = MeasurementsSchema.extend({
  reason,
  /** The version the corrector saw (1 = as first recorded): a correction based on stale data is refused. */
  baseVersion: z.number().int().min(1).optional(),
});
export type CorrectInspectionInput = z.infer<typeof CorrectInspectionSchema>;

/**
 * A correction of the batch's latest port (phytosanitary) inspection (ADR 031): the record as it
 * should have been — port, container, seal, findings, treatment and the decision — with a reason.
 * Findings left blank are "none" (as when recording). A changed decision moves the batch: a
 * refusal corrected to a sign-off lets it on to the port step; a sign-off corrected to a refusal
 * takes the port step back and holds the batch.
 */
export const CorrectPortInspectionSchema = z
  .object({
    ...PortInspectionSchema.shape,
    reason,
    /** The version the corrector saw (1 = as first recorded): a correction based on stale data is refused. */
    baseVersion: z.coerce.number().int().min(1).optional(),
  })
  .omit({ submissionId: true })
  .superRefine((v, ctx) => {
    if (v.decision === "refuse" && (v.refusalReason ?? "").length < 10)
      ctx.addIssue({ code: "custom", path: ["refusalReason"], message: INSPECTION_MESSAGES.refusalReason });
  });
export type CorrectPortInspectionInput = z.infer<typeof CorrectPortInspectionSchema>;
