/**
 * The office's document register (ADR 025): one zod schema per form, shared by the
 * page actions and /api/office.
 */
import { z } from "zod";
import {
  DOCUMENT_KINDS,
  DOCUMENT_STATUSES,
  DOCUMENT_STEPS,
  OFFICE_MESSAGES as M,
  OFFICE_DEPARTMENTS,
} from "../domain/office";
import { optionalText } from "./optional-text";

export const RegisterDocumentSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: M.kind }),
  title: z.string({ error: M.title }).trim().min(3, M.title).max(200, M.title),
  counterparty: optionalText(200, M.counterparty),
  licenceId: optionalText(80, "Unknown licence"),
});
export type RegisterDocumentInput = z.infer<typeof RegisterDocumentSchema>;

export const DocumentStepSchema = z.object({
  step: z.enum(DOCUMENT_STEPS, { error: "Choose assign, start or close" }),
  assigneeId: optionalText(80, M.assignee),
  /** The version the user saw: a step based on an older one is refused (409). */
  baseVersion: z.coerce.number().int().positive().optional(),
});
export type DocumentStepInput = z.infer<typeof DocumentStepSchema>;

export const RegisterQuerySchema = z.object({
  department: z.enum(OFFICE_DEPARTMENTS).optional(),
  status: z.enum(DOCUMENT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type RegisterQuery = z.infer<typeof RegisterQuerySchema>;
