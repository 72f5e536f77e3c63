import { data } from "react-router";
import { dispatchOf } from "#db/queries/inspections";
import { InspectionSchema } from "#worker/contracts/inspections";
import { isGraded } from "#worker/domain/inspections";
import { visibleBatchByCode } from "#worker/services/batches/read-batches";
import { inspectBatch } from "#worker/services/inspections/inspect-batch";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { handleForm } from "../lib/page-form.server";
import { batchHeading, notFound, shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/warehouse-inspection";

const TITLE = "Quality inspection";

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
  return handleForm(request, {
    session,
    schema: InspectionSchema,
    run: (input) => inspectBatch(params.batchCode, input, pageDeps(session)),
    // The receipt: the inspection's id, the same for a resend.
    outbox: { receipt: (v) => v.inspection.id, repeated: (v) => v.repeated },
    done: (v) => `/batches/${v.batch.batchCode}?recorded=${v.batch.status}`,
  });
}
