import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { ComplianceForm } from "#app/components/batch/compliance-form";
import { CorrectionForm } from "#app/components/batch/correction-form";
import { VersionHistory } from "#app/components/batch/corrections";
import { CustodyTimeline } from "#app/components/batch/custody-timeline";
import { DdsForm } from "#app/components/batch/dds-form";
import { DispatchForm } from "#app/components/batch/dispatch-form";
import { InspectionSection } from "#app/components/batch/inspection-section";
import { Lineage } from "#app/components/batch/lineage";
import { OriginsTable } from "#app/components/batch/origins-table";
import { MergeForm, SplitForm } from "#app/components/batch/split-merge-forms";
import { TransferForm } from "#app/components/batch/transfer-form";
import { serverComponent } from "#app/lib/lazy-in-browser";
import { staticMarkup } from "#app/lib/static-markup.server";

import { batchByCode } from "#db/queries/batches";
import { latestInspectionOf } from "#db/queries/inspections";
import { purchaseOfBatch } from "#db/queries/purchases";
import { can } from "#worker/auth/permissions";
import type { Session } from "#worker/auth/session";
import {
  type ComplianceInput,
  ComplianceSchema,
  DdsSchema,
  MergeFormSchema,
  SplitSchema,
  TransferSchema,
} from "#worker/contracts/batches";
import { DispatchSchema } from "#worker/contracts/inspections";
import { CorrectInspectionSchema, CorrectPurchaseSchema, VoidStepSchema } from "#worker/contracts/records";
import { certifyBatch } from "#worker/services/batches/certify-batch";
import { mergeBatches } from "#worker/services/batches/merge-batch";
import { readBatch } from "#worker/services/batches/read-batches";
import { recordDds } from "#worker/services/batches/record-dds";
import { splitBatch } from "#worker/services/batches/split-batch";
import { transferBatch } from "#worker/services/batches/transfer-batch";
import { dispatchBatch } from "#worker/services/inspections/dispatch-batch";
import { inspectionsOfBatch, warehouseChoices } from "#worker/services/inspections/read-inspections";
import { correctInspection } from "#worker/services/records/correct-inspection";
import { correctPurchase, voidCustodyStep } from "#worker/services/records/correct-records";
import { versionsForBatchId } from "#worker/services/records/read-versions";
import type { Result } from "#worker/services/result";
import { BATCH_TITLES } from "../content/batches";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS, requireRole, verifyCsrf } from "../lib/auth.server";
import { type Corrections, correctionForms, versionRow } from "../lib/batch-corrections.server";
import { pageDeps } from "../lib/deps.server";
import { failureReply, fieldErrorsOf, formReply } from "../lib/form-reply.server";
import { notFound, shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/batch-details";

// The forms the page loads lazily in the browser render inline here (app/lib/lazy-in-browser.tsx).
serverComponent("TransferForm", TransferForm);
serverComponent("ComplianceForm", ComplianceForm);
serverComponent("DdsForm", DdsForm);
serverComponent("DispatchForm", DispatchForm);
serverComponent("SplitForm", SplitForm);
serverComponent("MergeForm", MergeForm);
serverComponent("CorrectionForm", CorrectionForm);

export const INTENTS = [
  "transfer",
  "split",
  "merge",
  "compliance",
  "dds",
  "dispatch",
  "correct_purchase",
  "void_step",
  "correct_inspection",
] as const;
export type Intent = (typeof INTENTS)[number];
export type BatchPageData = Awaited<ReturnType<typeof batchPage>>;

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireRole(request, "readBatches", BATCH_TITLES.details);
  const page = await batchPage(request, params.batchCode, session);
  return data({ ...page, html: sectionsHtml(page) }, { headers: PRIVATE_PAGE_HEADERS });
}

/**
 * The sections below the summary only show what the server knows (no form, nothing to click but
 * links): they are rendered to HTML here and never ship their code to the phone, which keeps the
 * page within the 130 KiB first-load budget however many sections a reader sees.
 */
function sectionsHtml(d: BatchPageData): Record<"inspection" | "origins" | "custody" | "lineage" | "versions", string> {
  return {
    inspection: staticMarkup(InspectionSection, { inspection: d.inspection }),
    origins: staticMarkup(OriginsTable, { d }),
    custody: staticMarkup(CustodyTimeline, { d }),
    lineage: staticMarkup(Lineage, { d }),
    versions: staticMarkup(VersionHistory, { d }),
  };
}

/** What the batch page shows, before its display sections are rendered (`BatchPageData`). */
export async function batchPage(request: Request, batchCode: string, session: Session) {
  const view = await readBatch(batchCode, session, pageDeps());
  if (!view) notFound(`No batch with code ${batchCode.toUpperCase()}`, { href: "/batches", label: "Back to batches" });
  const { batch } = view;
  // Inspections: the buyer who holds the batch sends it to a warehouse while it is still
  // with them, and everyone who sees the batch sees its inspection — a rejection with why.
  const { db } = pageDeps();
  const row = await batchByCode(db, batch.batchCode);
  const inspections = row ? await inspectionsOfBatch(db, row, new Date()) : null;
  const canDispatch = session.role === "buyer" && row?.holderId === session.id && row.status === "purchased";
  // ADR 031: corrections with reasons, and every version of the corrected records.
  const versions = row ? await versionsForBatchId(row.id, { db }) : [];
  const purchase = row ? await purchaseOfBatch(db, row.id) : null;
  const correcting = can(session.role, "correctRecords") && !!row && row.status !== "exported";
  const supervisor = session.role === "ddgots" || session.role === "office_admin";
  const purchaseVersions = versions.filter((v) => v.recordType === "purchase");
  const inspected = row && correcting ? await latestInspectionOf(db, [row.id]) : null;
  const inspectionVersions = versions.filter((v) => v.recordType === "batch_inspection");
  const tenth = (v: number | null) => (v === null ? "" : String(v / 10));
  const corrections: Corrections = {
    inspection:
      inspected && (supervisor || inspected.inspectorId === session.id)
        ? {
            version: inspectionVersions.at(-1)?.version ?? 1,
            hint: "At least 10 characters; the grade is computed again",
            fields: (inspected.commodity === "Cocoa"
              ? [
                  ["moisturePercent", "Moisture (%)"],
                  ["beanCountPer100g", "Bean count per 100 g"],
                  ["mouldyPercent", "Mouldy beans (%)"],
                  ["slatyPercent", "Slaty beans (%)"],
                  ["defectivePercent", "Insect-damaged, germinated or flat (%)"],
                  ["foreignMatterPercent", "Foreign matter (%)"],
                ]
              : [
                  ["moisturePercent", "Moisture (%)"],
                  ["defectsPer300g", "Defects per 300 g"],
                  ["foreignMatterPercent", "Foreign matter (%)"],
                ]) as [string, string][],
            values: {
              moisturePercent: tenth(inspected.moistureTenthPct),
              beanCountPer100g: inspected.beanCountPer100g === null ? "" : String(inspected.beanCountPer100g),
              mouldyPercent: tenth(inspected.mouldyTenthPct),
              slatyPercent: tenth(inspected.slatyTenthPct),
              defectivePercent: tenth(inspected.defectiveTenthPct),
              foreignMatterPercent: tenth(inspected.foreignMatterTenthPct),
              defectsPer300g: inspected.defectsPer300g === null ? "" : String(inspected.defectsPer300g),
            },
          }
        : null,
    purchase: correcting && !!purchase && (supervisor || purchase.buyerId === session.id),
    purchaseVersion: purchaseVersions.at(-1)?.version ?? 1,
    voidStep:
      correcting && row && !["harvested", "purchased", "split", "merged", "rejected"].includes(row.status)
        ? row.status
        : null,
  };
  return {
    user: await shellUser(session),
    recorded: new URL(request.url).searchParams.get("recorded"),
    staffLinks: can(session.role, "readRegistry"),
    // The auditor's export (ZIP) for regulator staff; the service also admits auditors.
    auditorExport: can(session.role, "exportAuditRecords"),
    batch: {
      batchCode: batch.batchCode,
      commodity: batch.commodity,
      hsCode: batch.hsCode,
      weightKg: batch.weightKg,
      grade: batch.grade,
      harvestDate: batch.harvestDate,
      status: batch.status,
      complianceStatus: batch.complianceStatus,
      complianceReason: batch.complianceReason,
      county: batch.county,
      volumeFlag: batch.volumeFlag,
      volumeNote: batch.volumeNote,
      derivedBy: batch.derivedBy,
      ddsReference: batch.ddsReference,
      ddsVerification: batch.ddsVerification,
      createdAt: batch.createdAt,
    },
    origins: view.origins,
    hiddenOrigins: view.hiddenOrigins,
    custody: view.custody.map((e) => ({
      id: e.id,
      batchCode: e.batchCode,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      actorRole: e.actorRole,
      actorName: e.actorFirstName == null ? null : `${e.actorFirstName} ${e.actorLastName}`.trim(),
      occurredAt: e.occurredAt,
      latitude: e.latitude,
      longitude: e.longitude,
      location: e.location,
      weightInKg: e.weightInKg,
      weightOutKg: e.weightOutKg,
      note: e.note,
      voidedAt: e.voidedAt,
      voidReason: e.voidReason,
    })),
    lineage: view.lineage,
    eligibility: view.eligibility,
    actions: view.actions,
    inspection: inspections && {
      dispatch: inspections.dispatch && {
        warehouse: inspections.dispatch.warehouse,
        dispatchedAt: inspections.dispatch.dispatchedAt,
      },
      quality: inspections.quality,
    },
    versions: versions.map(versionRow),
    correctionForms: correctionForms(corrections),
    dispatch: canDispatch ? { warehouses: await warehouseChoices(db), submissionId: crypto.randomUUID() } : null,
  };
}

type Reply = SubmissionResult<string[]>;
const answer = (intent: Intent, result: Reply, status: number) =>
  data({ intent, result }, { status, headers: PRIVATE_PAGE_HEADERS });

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireRole(request, "readBatches", BATCH_TITLES.details);
  const formData = await request.formData();
  const intent = (INTENTS as readonly string[]).includes(String(formData.get("intent")))
    ? (formData.get("intent") as Intent)
    : "transfer";
  const schema = {
    transfer: TransferSchema,
    split: SplitSchema,
    merge: MergeFormSchema,
    compliance: ComplianceSchema,
    dds: DdsSchema,
    dispatch: DispatchSchema,
    correct_purchase: CorrectPurchaseSchema,
    void_step: VoidStepSchema,
    correct_inspection: CorrectInspectionSchema,
  }[intent];
  const submission = parseWithZod(formData, { schema });
  if (!(await verifyCsrf(session, formData)))
    return answer(intent, submission.reply({ formErrors: [CSRF_FAILED] }), 403);
  if (submission.status !== "success") return answer(intent, submission.reply(), 400);

  const code = params.batchCode;
  const deps = pageDeps(session);
  const v = submission.value as Record<string, unknown>;
  let outcome: Result<unknown>;
  let next = `/batches/${code.toUpperCase()}?recorded=${intent}`;
  /** 403 for a role without the permission a step needs: "You do not have permission to <what>". */
  const refuse = (what: string) =>
    answer(intent, submission.reply({ formErrors: [`You do not have permission to ${what}`] }), 403);
  switch (intent) {
    case "transfer":
      outcome = await transferBatch(code, v as never, deps);
      if (outcome.ok) next = `/batches/${code.toUpperCase()}?recorded=${String(v.toStatus)}`;
      break;
    case "split":
      outcome = await splitBatch(code, v as never, deps);
      break;
    case "merge": {
      const form = v as { withCodes: string[]; location?: string; note?: string };
      const merged = await mergeBatches(
        { batchCodes: [code.toUpperCase(), ...form.withCodes], location: form.location, note: form.note },
        deps,
      );
      outcome = merged;
      if (merged.ok) next = `/batches/${merged.value.merged.batchCode}?recorded=merge`;
      else {
        const errors = fieldErrorsOf(merged);
        if (errors?.batchCodes) errors.withCodes = errors.batchCodes;
      }
      break;
    }
    case "compliance":
      if (!can(session.role, "certifyBatches")) return refuse("decide on a batch's compliance");
      outcome = await certifyBatch(code, v as ComplianceInput, deps);
      if (outcome.ok) next = `/batches/${code.toUpperCase()}?recorded=${String(v.decision)}`;
      break;
    case "dds":
      outcome = await recordDds(code, v as never, deps);
      break;
    case "dispatch":
      outcome = await dispatchBatch(code, v as never, deps);
      break;
    case "correct_purchase":
      if (!can(session.role, "correctRecords")) return refuse("correct records");
      outcome = await correctPurchase(code, v as never, deps);
      break;
    case "correct_inspection":
      if (!can(session.role, "correctRecords")) return refuse("correct records");
      outcome = await correctInspection(code, v as never, deps);
      break;
    case "void_step":
      if (!can(session.role, "correctRecords")) return refuse("void records");
      outcome = await voidCustodyStep(code, v as never, deps);
      break;
  }
  return formReply(
    outcome,
    () => next,
    (failure) => ({ intent, result: failureReply(submission, failure) }),
  );
}
