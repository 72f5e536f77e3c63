/**
 * Inspection forms and API bodies: dispatch to a warehouse, warehouse intake, the
 * quality inspection (measurements only: the grade is computed by the server), and the port
 * (phytosanitary) inspection with its sign-off or refusal. Which measurements a commodity needs
 * is judged by the service, which knows the batch (worker/domain/inspections.ts).
 */
import { z } from "zod";
import { DISPOSITIONS } from "../domain/inspections";
import { parseKgToGrams } from "../domain/weight";
import { BATCH_MESSAGES, MAX_BATCH_KG } from "./batches";
import { optionalText } from "./optional-text";

export const INSPECTION_MESSAGES = {
  inspectorRequired: "Choose the warehouse to send the batch to",
  warehouseTooLong: "The warehouse name must be 120 characters or fewer",
  noteTooLong: "The note must be 500 characters or fewer",
  submissionId: "The form could not be matched to a submission. Reload the page and try again.",
  weightReceived: "Enter the weight received at the warehouse, in kg",
  weightTooLarge: `A batch can weigh at most ${MAX_BATCH_KG.toLocaleString("en-US")} kg`,
  place: "Enter the place (town or facility) where this step happened",
  placeTooLong: "The place must be 120 characters or fewer",
  percent: "Enter a percentage from 0 to 100, like 7.2",
  count: "Enter a whole number of 0 or more",
  smoky: "Say whether smoky beans were found",
  disposition: "Choose what happens to a rejected batch: returned to the buyer or destroyed",
  port: "Enter the port, like Freeport of Monrovia",
  container: "Enter the container number, like MSCU1234567 (4 letters and 7 digits)",
  seal: "Enter the seal number (3 to 20 letters or digits)",
  decision: "Choose sign off or refuse",
  refusalReason: "Give the reason for refusing (at least 10 characters)",
  treatmentDate: "Enter the treatment date, like 2026-03-14",
  textTooLong: "This must be 200 characters or fewer",
} as const;
const M = INSPECTION_MESSAGES;

const submissionId = z.uuid({ error: M.submissionId }).optional();
const percent = z.number({ error: M.percent }).min(0, M.percent).max(100, M.percent).optional();
const count = z.number({ error: M.count }).int(M.count).min(0, M.count).max(100_000, M.count).optional();

/** The buyer sends a batch to a warehouse (named by its warehouse inspector's account). */
export const DispatchSchema = z.object({
  warehouseInspectorId: z.string({ error: M.inspectorRequired }).trim().min(1, M.inspectorRequired).max(64),
  warehouse: optionalText(120, M.warehouseTooLong),
  note: optionalText(500, M.noteTooLong),
  submissionId,
});
export type DispatchInput = z.infer<typeof DispatchSchema>;

/** Intake at the warehouse: the weight received and where. */
export const ReceiveSchema = z.object({
  weightKg: z
    .number({ error: M.weightReceived })
    .positive(M.weightReceived)
    .max(MAX_BATCH_KG, M.weightTooLarge)
    .refine((v) => parseKgToGrams(String(v)) !== null, BATCH_MESSAGES.weightDecimals),
  location: z.string({ error: M.place }).trim().min(1, M.place).max(120, M.placeTooLong),
  note: optionalText(500, M.noteTooLong),
});
export type ReceiveInput = z.infer<typeof ReceiveSchema>;

/** What a quality inspection measures (cocoa or coffee; the service asks for what is missing). */
export const MeasurementsSchema = z.object({
  moisturePercent: percent,
  beanCountPer100g: count,
  mouldyPercent: percent,
  slatyPercent: percent,
  defectivePercent: percent,
  foreignMatterPercent: percent,
  smokyBeans: z.enum(["yes", "no"], { error: M.smoky }).optional(),
  defectsPer300g: count,
});

/** The quality inspection: the measurements, and where a rejected batch goes. */
export const InspectionSchema = MeasurementsSchema.extend({
  /** Only used when the grade is F: where the batch goes. */
  disposition: z.enum(DISPOSITIONS, { error: M.disposition }).optional(),
  location: optionalText(120, M.placeTooLong),
  note: optionalText(500, M.noteTooLong),
  submissionId,
});
export type InspectionInput = z.infer<typeof InspectionSchema>;

const shortText = optionalText(200, M.textTooLong);

/** The port (phytosanitary) inspection and its decision. */
export const PortInspectionSchema = z
  .object({
    port: z.string({ error: M.port }).trim().min(1, M.port).max(120, M.placeTooLong),
    containerNumber: z
      .string({ error: M.container })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{4}\d{7}$/, M.container),
    sealNumber: z
      .string({ error: M.seal })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{3,20}$/, M.seal),
    pestsFound: shortText,
    treatment: shortText,
    treatmentChemical: shortText,
    treatmentDate: z
      .string({ error: M.treatmentDate })
      .regex(/^\d{4}-\d{2}-\d{2}$/, M.treatmentDate)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    fumigationCertificateRef: optionalText(60, M.textTooLong),
    decision: z.enum(["sign_off", "refuse"], { error: M.decision }),
    refusalReason: optionalText(500, M.noteTooLong),
    submissionId,
  })
  .superRefine((v, ctx) => {
    if (v.decision === "refuse" && (v.refusalReason ?? "").length < 10)
      ctx.addIssue({ code: "custom", path: ["refusalReason"], message: M.refusalReason });
  });
export type PortInspectionInput = z.infer<typeof PortInspectionSchema>;
