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
import { BATCH_TITLES } from "#app/content/batches";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS, requireRole, verifyCsrf } from "#app/lib/auth.server";
import { correctionForms, versionRow } from "#app/lib/batch-corrections.server";
import type { BatchActionData, BatchPageData } from "#app/lib/batch-page";
import { pageDeps } from "#app/lib/deps.server";
import { failureReply, formReply } from "#app/lib/form-reply.server";
import { serverComponent } from "#app/lib/lazy-in-browser";
import { staticMarkup } from "#app/lib/static-markup.server";
import { notFound, shellUser } from "#app/lib/work-page.server";
import { can } from "#worker/auth/permissions";
import type { Session } from "#worker/auth/session";
import { BATCH_STEP_SCHEMAS, type BatchIntent, batchIntentOf } from "#worker/contracts/batch-steps";
import { recordBatchStep } from "#worker/services/batches/batch-steps";
import { readBatchPage } from "#worker/services/batches/read-batch-page";
import type { Route } from "./+types/batch-details";

// The forms the page loads lazily in the browser render inline here (app/lib/lazy-in-browser.tsx).
serverComponent("TransferForm", TransferForm);
serverComponent("ComplianceForm", ComplianceForm);
serverComponent("DdsForm", DdsForm);
serverComponent("DispatchForm", DispatchForm);
serverComponent("SplitForm", SplitForm);
serverComponent("MergeForm", MergeForm);
serverComponent("CorrectionForm", CorrectionForm);

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

/** What the batch page shows, before its display sections are rendered. */
async function batchPage(request: Request, batchCode: string, session: Session): Promise<BatchPageData> {
  const page = await readBatchPage(batchCode, session, pageDeps());
  if (!page) notFound(`No batch with code ${batchCode.toUpperCase()}`, { href: "/batches", label: "Back to batches" });
  const { batch, ...view } = page.view;
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
    inspection: page.inspection,
    versions: page.versions.map(versionRow),
    correctionForms: correctionForms(page.corrections),
    dispatch: page.warehouses ? { warehouses: page.warehouses, submissionId: crypto.randomUUID() } : null,
  };
}

const answer = (reply: NonNullable<BatchActionData>, status: number) =>
  data(reply, { status, headers: PRIVATE_PAGE_HEADERS });

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireRole(request, "readBatches", BATCH_TITLES.details);
  const formData = await request.formData();
  return recordStep(batchIntentOf(formData.get("intent")), formData, session, params.batchCode);
}

/** Parses the form of step `intent` with its contract, checks the CSRF token, and records the step. */
async function recordStep<K extends BatchIntent>(intent: K, formData: FormData, session: Session, batchCode: string) {
  const submission = parseWithZod(formData, { schema: BATCH_STEP_SCHEMAS[intent] });
  if (!(await verifyCsrf(session, formData)))
    return answer({ intent, result: submission.reply({ formErrors: [CSRF_FAILED] }) }, 403);
  if (submission.status !== "success") return answer({ intent, result: submission.reply() }, 400);
  const outcome = await recordBatchStep(intent, batchCode, submission.value, pageDeps(session));
  return formReply(
    outcome,
    (done) => `/batches/${done.batchCode}?recorded=${done.recorded}`,
    (failure): NonNullable<BatchActionData> => ({ intent, result: failureReply(submission, failure) }),
  );
}
