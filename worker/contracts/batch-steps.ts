/**
 * The forms of a batch's page, one per step it records (`intent`), each with its contract. The
 * page parses the posted form with the step's schema and hands the result to `recordBatchStep`
 * (worker/services/batches/batch-steps.ts).
 */
import type { z } from "zod";
import { ComplianceSchema, DdsSchema, MergeFormSchema, SplitSchema, TransferSchema } from "./batches";
import { DispatchSchema } from "./inspections";
import { CorrectInspectionSchema, CorrectPurchaseSchema, VoidStepSchema } from "./records";

const SCHEMAS = {
  transfer: TransferSchema,
  split: SplitSchema,
  merge: MergeFormSchema,
  compliance: ComplianceSchema,
  dds: DdsSchema,
  dispatch: DispatchSchema,
  correct_purchase: CorrectPurchaseSchema,
  void_step: VoidStepSchema,
  correct_inspection: CorrectInspectionSchema,
} as const;

export type BatchIntent = keyof typeof SCHEMAS;
export type BatchStepInput = { [K in BatchIntent]: z.output<(typeof SCHEMAS)[K]> };

/** Each step's schema, typed by what it gives: `BATCH_STEP_SCHEMAS[intent]` parses to `BatchStepInput[intent]`. */
export const BATCH_STEP_SCHEMAS: { [K in BatchIntent]: z.ZodType<BatchStepInput[K]> } = SCHEMAS;

/** The step a posted form names; a form without a known one is the transfer form (the first on the page). */
export function batchIntentOf(value: unknown): BatchIntent {
  return typeof value === "string" && Object.hasOwn(BATCH_STEP_SCHEMAS, value) ? (value as BatchIntent) : "transfer";
}
