import { data, redirect } from "react-router";
import { latestSignedOffPortInspectionOf } from "#db/queries/inspections";
import { PortInspectionSchema } from "#worker/contracts/inspections";
import { gramsToKg } from "#worker/domain/weight";
import { visibleBatchByCode } from "#worker/services/batches/read-batches";
import { getOrIssueCertificate } from "#worker/services/certificates/issue-certificate";
import { portInspectBatch } from "#worker/services/inspections/port-inspect";
import { PRIVATE_PAGE_HEADERS, requireRole, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { OUTBOX_HEADER } from "../lib/outbox-light";
import { receiptHeaders, refusalHeaders } from "../lib/outbox-reply.server";
import { failureReplyOf, formObject, typedValues, zodReply } from "../lib/plain-reply.server";
import { notFound, shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/port-inspection";

const TITLE = "Port inspection";
const CSRF_FAILED = "The form could not be verified. Please reload the page and try again.";

/**
 * The port (phytosanitary) inspection of one batch (issue 13): the record and its sign-off or
 * refusal; once signed off, issuing the phytosanitary certificate from the record.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireRole(request, "inspectPort", TITLE);
  const { db } = pageDeps();
  const batch = await visibleBatchByCode(db, params.batchCode, session);
  if (!batch || !["warehouse_inspected", "port_inspected", "exported"].includes(batch.status))
    notFound(`No batch with code ${params.batchCode.toUpperCase()} awaiting port inspection`, {
      href: "/port-inspector-dashboard",
      label: "Back to the port queue",
    });
  const signed = await latestSignedOffPortInspectionOf(db, [batch.id]);
  return data(
    {
      user: await shellUser(session),
      batch: {
        batchCode: batch.batchCode,
        commodity: batch.commodity,
        weightKg: gramsToKg(batch.weightG),
        status: batch.status,
      },
      signed: signed && { containerNumber: signed.containerNumber, sealNumber: signed.sealNumber, port: signed.port },
      issued: new URL(request.url).searchParams.get("issued"),
      submissionId: crypto.randomUUID(),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireRole(request, "inspectPort", TITLE);
  const form = await request.formData();
  if (!(await verifyCsrf(session, form)))
    return data(
      { reply: { formErrors: [CSRF_FAILED], values: typedValues(form) } },
      { status: 403, headers: PRIVATE_PAGE_HEADERS },
    );
  const code = params.batchCode.toUpperCase();
  if (form.get("intent") === "phytosanitary") {
    const issued = await getOrIssueCertificate(
      { type: "phytosanitary", subjectType: "batch", subjectId: code },
      { ...pageDeps(session), verifyBaseUrl: new URL(request.url).origin },
    );
    if (!issued.ok)
      return data(
        { reply: { formErrors: [issued.message], values: typedValues(form) } },
        { status: issued.status, headers: PRIVATE_PAGE_HEADERS },
      );
    throw redirect(`/port-inspector-dashboard/inspect/${code}?issued=1`, { headers: PRIVATE_PAGE_HEADERS });
  }
  const parsed = PortInspectionSchema.safeParse(formObject(form, []));
  if (!parsed.success) {
    // The page shows the messages by the fields; the offline outbox reads them from the headers (ADR 027).
    const reply = zodReply(parsed.error, form);
    return data({ reply }, { status: 400, headers: refusalHeaders(reply.formErrors[0], reply.errors) });
  }
  const result = await portInspectBatch(code, parsed.data, pageDeps(session));
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
  throw redirect(
    `/batches/${code}?recorded=${parsed.data.decision === "sign_off" ? "port_inspected" : "port_refused"}`,
    {
      headers: PRIVATE_PAGE_HEADERS,
    },
  );
}
