/**
 * The office's document and correspondence register (ADR 025): what a document is, its
 * reference number, and the work-queue transitions. Pure: no I/O.
 *
 *   received ──assign──▶ assigned ──start──▶ in_progress ──close──▶ closed
 *                 ▲ (assign again: hand it to someone else, while not closed)
 */
import { OFFICE_DEPARTMENT_LABEL, OFFICE_DEPARTMENTS } from "../auth/roles";

export type OfficeDepartment = (typeof OFFICE_DEPARTMENTS)[number];
export const isDepartment = (v: unknown): v is OfficeDepartment =>
  typeof v === "string" && (OFFICE_DEPARTMENTS as readonly string[]).includes(v);
export { OFFICE_DEPARTMENT_LABEL, OFFICE_DEPARTMENTS };

export const DOCUMENT_KINDS = ["incoming_letter", "outgoing_letter", "licence_file", "inspection_report"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABEL: Record<DocumentKind, string> = {
  incoming_letter: "Incoming letter",
  outgoing_letter: "Outgoing letter",
  licence_file: "Licence file",
  inspection_report: "Inspection report",
};
const KIND_CODE: Record<DocumentKind, string> = {
  incoming_letter: "IN",
  outgoing_letter: "OUT",
  licence_file: "LIC",
  inspection_report: "INSP",
};

export const DOCUMENT_STATUSES = ["received", "assigned", "in_progress", "closed"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const DOCUMENT_STATUS_LABEL: Record<DocumentStatus, string> = {
  received: "Received",
  assigned: "Assigned",
  in_progress: "In progress",
  closed: "Closed",
};

export const DOCUMENT_STEPS = ["assign", "start", "close"] as const;
export type DocumentStep = (typeof DOCUMENT_STEPS)[number];
/** Which statuses each step starts from, and where it leads. */
export const STEP_RULES: Record<DocumentStep, { from: readonly DocumentStatus[]; to: DocumentStatus }> = {
  assign: { from: ["received", "assigned", "in_progress"], to: "assigned" },
  start: { from: ["assigned"], to: "in_progress" },
  close: { from: ["in_progress"], to: "closed" },
};

export const OFFICE_MESSAGES = {
  notFound: "No register document with this reference, or it is not in your department's queue",
  stale: "This document was changed by someone else meanwhile: reload it and try again",
  assignee: "Choose an office administrator of this department",
  onlyAssignee: "Only the person it is assigned to can do this",
  title: "Enter a title of 3 to 200 characters",
  kind: "Choose the kind of document",
  counterparty: "The sender or addressee may be at most 200 characters",
  noFile: "Choose a file to attach",
} as const;

/** 409 message naming the missing step, or null when `step` may follow `status`. */
export function stepRefusal(step: DocumentStep, status: DocumentStatus): string | null {
  if (STEP_RULES[step].from.includes(status)) return null;
  if (status === "closed") return "This document is closed: nothing more can be done with it";
  if (step === "start") return "Assign the document first: work starts once it is assigned";
  return "Start work on the document first: only a document in progress can be closed";
}

/** "LACRA-IN-2026-" — the prefix of a kind's reference numbers in a year; a six-digit serial follows. */
export const referencePrefix = (kind: DocumentKind, year: number) => `LACRA-${KIND_CODE[kind]}-${year}-`;

/** The register's page size. */
export const REGISTER_PAGE_SIZE = 20;
