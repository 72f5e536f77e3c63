import { data } from "react-router";
import { utcMinute } from "#app/lib/dates";
import { latestPortInspectionOf, latestSignedOffPortInspectionOf } from "#db/queries/inspections";
import { PortInspectionSchema } from "#worker/contracts/inspections";
import { CorrectPortInspectionSchema } from "#worker/contracts/records";
import { mayCorrect } from "#worker/domain/corrections";
import { visibleBatchByCode } from "#worker/services/batches/read-batches";
import { getOrIssueCertificate } from "#worker/services/certificates/issue-certificate";
import { portInspectBatch } from "#worker/services/inspections/port-inspect";
import { correctPortInspection } from "#worker/services/records/correct-port-inspection";
import { type RecordVersionView, versionsForBatchId } from "#worker/services/records/read-versions";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { handleForm, NO_FIELDS } from "../lib/page-form.server";
import { portSummary } from "../lib/port-summary";
import { versionBy, versionHead } from "../lib/record-versions.server";
import { batchHeading, notFound, shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/port-inspection";

const TITLE = "Port inspection";

/**
 * The port (phytosanitary) inspection of one batch: the record and its sign-off or
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
  const [signed, latest, allVersions] = await Promise.all([
    latestSignedOffPortInspectionOf(db, [batch.id]),
    latestPortInspectionOf(db, [batch.id]),
    versionsForBatchId(batch.id, { db }),
  ]);
  // Corrections (ADR 031): the inspector who recorded it, within 48 hours, until export.
  const versions = allVersions.filter((v) => v.recordType === "port_inspection" && v.recordId === latest?.id);
  const canCorrect =
    !!latest &&
    batch.status !== "exported" &&
    mayCorrect(
      { id: session.id, role: session.role },
      { recordedBy: latest.inspectorId, recordedAt: latest.createdAt },
      new Date(),
    ).ok;
  return data(
    {
      user: await shellUser(session),
      batch: batchHeading(batch),
      signed: signed && { containerNumber: signed.containerNumber, sealNumber: signed.sealNumber, port: signed.port },
      issued: new URL(request.url).searchParams.get("issued"),
      corrected: new URL(request.url).searchParams.has("corrected"),
      latest: latest && {
        values: {
          port: latest.port,
          containerNumber: latest.containerNumber,
          sealNumber: latest.sealNumber,
          pestsFound: latest.pestsFound ?? "",
          treatment: latest.treatment ?? "",
          treatmentChemical: latest.treatmentChemical ?? "",
          treatmentDate: latest.treatmentDate ?? "",
          fumigationCertificateRef: latest.fumigationCertificateRef ?? "",
          decision: latest.outcome === "signed_off" ? "sign_off" : "refuse",
          refusalReason: latest.refusalReason ?? "",
        },
        summary: portSummary(latest as unknown as Record<string, unknown>),
        inspectedAt: utcMinute(latest.inspectedAt),
      },
      canCorrect,
      currentVersion: versions.at(-1)?.version ?? 1,
      versions: versions.map(portVersionRow),
      submissionId: crypto.randomUUID(),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireRole(request, "inspectPort", TITLE);
  const form = await request.formData();
  const code = params.batchCode.toUpperCase();
  const deps = pageDeps(session);
  if (form.get("intent") === "correct_port")
    // "Correct this port inspection" (ADR 031): a new version with its reason, the old one kept.
    return handleForm(request, {
      session,
      form,
      schema: CorrectPortInspectionSchema,
      run: (input) => correctPortInspection(code, input, deps),
      done: (v) => `/port-inspector-dashboard/inspect/${code}?corrected=${v.version}`,
    });
  if (form.get("intent") === "phytosanitary")
    return handleForm(request, {
      session,
      form,
      schema: NO_FIELDS,
      run: () =>
        getOrIssueCertificate(
          { type: "phytosanitary", subjectType: "batch", subjectId: code },
          { ...deps, verifyBaseUrl: new URL(request.url).origin },
        ),
      done: () => `/port-inspector-dashboard/inspect/${code}?issued=1`,
    });
  return handleForm(request, {
    session,
    form,
    schema: PortInspectionSchema,
    run: (input) => portInspectBatch(code, input, deps),
    // The receipt: the inspection's id, the same for a resend.
    outbox: { receipt: (v) => v.inspection.id, repeated: (v) => v.repeated },
    done: (_v, input) =>
      `/batches/${code}?recorded=${input.decision === "sign_off" ? "port_inspected" : "port_refused"}`,
  });
}

function portVersionRow(v: RecordVersionView) {
  return {
    key: String(v.version),
    head: versionHead(v),
    what: portSummary(v.data),
    by: versionBy(v),
    reason: v.reason,
  };
}
