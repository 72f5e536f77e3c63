import { data } from "react-router";
import { ownedBatches, shipmentsOfExporter } from "#db/queries/exporter-desk";
import { InspectionRequestSchema } from "#worker/contracts/exporter-desk";
import { cancelInspectionRequest, requestInspection } from "#worker/services/exporter/inspection-requests";
import { inspectionRequestsFor } from "#worker/services/exporter/read-inspection-requests";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { flashRef } from "../lib/flash.server";
import { handleForm, NO_FIELDS } from "../lib/page-form.server";
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
  const deps = pageDeps(session);
  if (form.get("intent") === "cancel")
    return handleForm(request, {
      session,
      form,
      schema: NO_FIELDS,
      run: () => cancelInspectionRequest(String(form.get("id") ?? ""), deps),
      refusal: "message",
      done: (v) => `${PATH}?cancelled=${encodeURIComponent(v.request.subjectCode)}`,
    });
  return handleForm(request, {
    session,
    form,
    schema: InspectionRequestSchema,
    run: (input) => requestInspection(input, deps),
    done: (v) => `${PATH}?requested=${encodeURIComponent(v.request.subjectCode)}`,
  });
}
