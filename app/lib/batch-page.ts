/**
 * What a batch's page hands to its sections and forms (app/components/batch/): the loader's data
 * (app/routes/batch-details.server.ts) and the action's answer. Types only, so the components
 * depend on this and not on the route that renders them.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { ShellUser } from "#app/components/work-shell";
import type { BatchIntent } from "#worker/contracts/batch-steps";
import type { BatchPage } from "#worker/services/batches/read-batch-page";
import type { BatchView } from "#worker/services/batches/read-batches";

type CustodyView = BatchView["custody"][number];

/** A correction form's field: name, label and, for words rather than numbers, the "text" keyboard. */
export type CorrectionField = [string, string] | [string, string, "text"];

/** A correction form this user may use on this batch (ADR 031), its texts made on the server. */
export type CorrectionSpec = {
  intent: BatchIntent;
  title: string;
  submit: string;
  hidden: Record<string, string>;
  fields: CorrectionField[];
  values: Record<string, string>;
  hint: string;
};

/** One version of a corrected record as the history table prints it. */
export type VersionRow = { key: string; cells: string[] };

export type BatchPageData = {
  user: ShellUser;
  /** What the last post recorded (`?recorded=`), announced above the summary. */
  recorded: string | null;
  staffLinks: boolean;
  auditorExport: boolean;
  batch: Pick<
    BatchView["batch"],
    | "batchCode"
    | "commodity"
    | "hsCode"
    | "weightKg"
    | "grade"
    | "harvestDate"
    | "status"
    | "complianceStatus"
    | "complianceReason"
    | "county"
    | "volumeFlag"
    | "volumeNote"
    | "derivedBy"
    | "ddsReference"
    | "ddsVerification"
    | "createdAt"
  >;
  origins: BatchView["origins"];
  hiddenOrigins: number;
  custody: (Pick<
    CustodyView,
    | "id"
    | "batchCode"
    | "fromStatus"
    | "toStatus"
    | "actorRole"
    | "occurredAt"
    | "latitude"
    | "longitude"
    | "location"
    | "weightInKg"
    | "weightOutKg"
    | "note"
    | "voidedAt"
    | "voidReason"
  > & { actorName: string | null })[];
  lineage: BatchView["lineage"];
  eligibility: BatchView["eligibility"];
  actions: BatchView["actions"];
  inspection: BatchPage["inspection"];
  versions: VersionRow[];
  correctionForms: CorrectionSpec[];
  dispatch: { warehouses: { id: string; label: string }[]; submissionId: string } | null;
};

/** The action's answer to a form that failed: which form, and conform's reply for it. */
export type BatchActionData = { intent: BatchIntent; result: SubmissionResult<string[]> } | undefined;
export type FormResult = SubmissionResult<string[]> | undefined;
