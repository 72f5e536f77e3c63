import { data, redirect } from "react-router";
import { dispatchOf } from "#db/queries/inspections";
import { InspectionSchema } from "#worker/contracts/inspections";
import { isGraded } from "#worker/domain/inspections";
import { gramsToKg } from "#worker/domain/weight";
import { visibleBatchByCode } from "#worker/services/batches/read-batches";
import { inspectBatch } from "#worker/services/inspections/inspect-batch";
import { PRIVATE_PAGE_HEADERS, requireRole, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { OUTBOX_HEADER } from "../lib/outbox-light";
import { receiptHeaders, refusalHeaders } from "../lib/outbox-reply.server";
import { failureReplyOf, formObject, typedValues, zodReply } from "../lib/plain-reply.server";
import { notFound, shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/warehouse-inspection";

const TITLE = "Quality inspection";
const NUMERIC = [
  "moisturePercent",
  "beanCountPer100g",
  "mouldyPercent",
  "slatyPercent",
  "defectivePercent",
  "foreignMatterPercent",
  "defectsPer300g",
];

/**
 * The inspection form of one batch at MY warehouse (issue 13): measurements only; the grade is
 * computed by the server (inspectBatch). A batch sent to another warehouse is not found.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireRole(request, "inspectWarehouse", TITLE);
  const { db } = pageDeps();
  const batch = await visibleBatchByCode(db, params.batchCode, session);
  const dispatch = batch ? await dispatchOf(db, batch.id) : null;
  if (!batch || dispatch?.warehouseInspectorId !== session.id)
    notFound(`No batch with code ${params.batchCode.toUpperCase()} in your intake queue`, {
      href: "/warehouse-inspector-dashboard",
      label: "Back to the intake queue",
    });
  return data(
    {
      user: await shellUser(session),
      batch: {
        batchCode: batch.batchCode,
        commodity: batch.commodity,
        weightKg: gramsToKg(batch.weightG),
        status: batch.status,
      },
      graded: isGraded(batch.commodity),
      warehouse: dispatch?.warehouse ?? "",
      submissionId: crypto.randomUUID(),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireRole(request, "inspectWarehouse", TITLE);
  const form = await request.formData();
  if (!(await verifyCsrf(session, form)))
    return data(
      {
        reply: {
          formErrors: ["The form could not be verified. Please reload the page and try again."],
          values: typedValues(form),
        },
      },
      { status: 403, headers: PRIVATE_PAGE_HEADERS },
    );
  const parsed = InspectionSchema.safeParse(formObject(form, NUMERIC));
  if (!parsed.success) {
    // The page shows the messages by the fields; the offline outbox reads them from the headers (ADR 027).
    const reply = zodReply(parsed.error, form);
    return data({ reply }, { status: 400, headers: refusalHeaders(reply.formErrors[0], reply.errors) });
  }
  const result = await inspectBatch(params.batchCode, parsed.data, pageDeps(session));
  if (!result.ok)
    return data(
      { reply: failureReplyOf(result, form) },
      { status: result.status, headers: refusalHeaders(result.message, failureReplyOf(result, form).errors) },
    );
  // The outbox reads the receipt (the inspection's id, the same for a resend) and needs no page after it.
  if (request.headers.get(OUTBOX_HEADER))
    return data(
      { reply: { formErrors: [], errors: {}, values: typedValues(form) } },
      { status: result.value.repeated ? 200 : 201, headers: receiptHeaders(result.value.inspection.id) },
    );
  throw redirect(`/batches/${result.value.batch.batchCode}?recorded=${result.value.batch.status}`, {
    headers: PRIVATE_PAGE_HEADERS,
  });
}
