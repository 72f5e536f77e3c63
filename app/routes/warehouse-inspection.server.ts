import { data } from "react-router";
import { dispatchOf } from "#db/queries/inspections";
import { InspectionSchema } from "#worker/contracts/inspections";
import { isGraded, REQUIRED_FIELDS } from "#worker/domain/inspections";
import { visibleBatchByCode } from "#worker/services/batches/read-batches";
import { inspectBatch } from "#worker/services/inspections/inspect-batch";
import { PRIVATE_PAGE_HEADERS, requireRole, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { recordReply } from "../lib/outbox-reply.server";
import { csrfRefusal } from "../lib/plain-reply.server";
import { batchHeading, notFound, shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/warehouse-inspection";

const TITLE = "Quality inspection";
/** The measurements typed as numbers: every graded commodity's fields but the yes/no smokyBeans. */
const NUMERIC = [...new Set([...REQUIRED_FIELDS.Cocoa, ...REQUIRED_FIELDS.Coffee])].filter((f) => f !== "smokyBeans");

/**
 * The inspection form of one batch at MY warehouse: measurements only; the grade is
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
      batch: batchHeading(batch),
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
  if (!(await verifyCsrf(session, form))) return csrfRefusal(form);
  return recordReply(
    request,
    form,
    { schema: InspectionSchema, numeric: NUMERIC },
    (input) => inspectBatch(params.batchCode, input, pageDeps(session)),
    {
      // The receipt: the inspection's id, the same for a resend.
      receipt: (v) => v.inspection.id,
      next: (v) => `/batches/${v.batch.batchCode}?recorded=${v.batch.status}`,
    },
  );
}
