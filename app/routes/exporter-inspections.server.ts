import { data, redirect } from "react-router";
import { ownedBatches, shipmentsOfExporter } from "#db/queries/exporter-desk";
import { InspectionRequestSchema } from "#worker/contracts/exporter-desk";
import { cancelInspectionRequest, requestInspection } from "#worker/services/exporter/inspection-requests";
import { inspectionRequestsFor } from "#worker/services/exporter/read-inspection-requests";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS, requireRole, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { flashRef } from "../lib/flash.server";
import { failureReplyOf, formObject, typedValues, zodReply } from "../lib/plain-reply.server";
import { shellUser } from "../lib/work-page.server";

const TITLE = "Inspections";
const PATH = "/exporter/inspections";

/** /exporter/inspections: request inspections of my batches and shipments; their outcome. */
export async function loader({ request }: { request: Request }) {
  const session = await requireRole(request, "requestInspections", TITLE);
  const deps = pageDeps(session);
  const [requests, batches, shipments] = await Promise.all([
    inspectionRequestsFor(deps),
    ownedBatches(deps.db, session.id, 100),
    shipmentsOfExporter(deps.db, session.id),
  ]);
  const url = new URL(request.url);
  return data(
    {
      user: await shellUser(session),
      done: { requested: flashRef(url, "requested"), cancelled: flashRef(url, "cancelled") },
      today: deps.now().toISOString().slice(0, 10),
      subjects: [...batches.map((b) => b.batchCode), ...shipments.map((s) => s.code)],
      requests,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request }: { request: Request }) {
  const session = await requireRole(request, "requestInspections", TITLE);
  const form = await request.formData();
  const refuse = (reply: ReturnType<typeof typedReply>, status: number) =>
    data({ reply }, { status, headers: PRIVATE_PAGE_HEADERS });
  const typedReply = (formErrors: string[]) => ({ formErrors, errors: {}, values: typedValues(form) });
  if (!(await verifyCsrf(session, form))) return refuse(typedReply([CSRF_FAILED]), 403);
  if (form.get("intent") === "cancel") {
    const result = await cancelInspectionRequest(String(form.get("id") ?? ""), pageDeps(session));
    if (!result.ok) return refuse(typedReply([result.message]), result.status);
    throw redirect(`${PATH}?cancelled=${encodeURIComponent(result.value.request.subjectCode)}`);
  }
  const parsed = InspectionRequestSchema.safeParse(formObject(form, []));
  if (!parsed.success)
    return data({ reply: zodReply(parsed.error, form) }, { status: 400, headers: PRIVATE_PAGE_HEADERS });
  const result = await requestInspection(parsed.data, pageDeps(session));
  if (!result.ok)
    return data({ reply: failureReplyOf(result, form) }, { status: result.status, headers: PRIVATE_PAGE_HEADERS });
  throw redirect(`${PATH}?requested=${encodeURIComponent(result.value.request.subjectCode)}`);
}
