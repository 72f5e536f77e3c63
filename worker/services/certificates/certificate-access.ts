/**
 * Who may download the certificates of which real subject. The route guard
 * (PERMISSIONS.readCertificates) lets the role in; this decides the subject:
 * - inspectors and regulator staff: any farmer, batch or shipment;
 * - a farmer: their own farmer certificates (the Farmer IDs their account stands for);
 * - a buyer or exporter: the batches and shipments they handled, by the same rule as the batch
 *   pages (worker/services/batches/read-batches.ts);
 * - everyone else (monitoring observers, field agents): none — observers get aggregate reports.
 * A subject a user may not see answers exactly like one that does not exist (404), so IDs and
 * codes cannot be probed.
 */
import type { Database } from "#db/client";
import { batchByCode, farmerIdsOfUser, isVisible } from "#db/queries/batches";
import { can } from "#worker/auth/permissions";
import { INSPECTORS, type Role } from "#worker/auth/roles";
import type { SubjectKind } from "#worker/domain/certificates/content";
import { normalizeSubjectId } from "#worker/domain/certificates/subjects";
import { batchVisibility, type Viewer } from "../batches/read-batches";

export function seesEverySubject(role: Role): boolean {
  return (INSPECTORS as readonly Role[]).includes(role) || can(role, "revokeCertificates");
}

/** The 404 message for a subject that does not exist or is not the user's. */
export function unknownSubjectMessage(kind: SubjectKind, id: string): string {
  const normalized = normalizeSubjectId(kind, id);
  return kind === "farmer" ? `No farmer with ID ${normalized}` : `No batch with code ${normalized}`;
}

/** May `viewer` download certificates of this real subject? */
export async function maySeeCertificatesOf(
  viewer: Viewer,
  kind: Exclude<SubjectKind, "test_farmer">,
  subjectId: string,
  deps: { db: Database },
): Promise<boolean> {
  if (!can(viewer.role, "readCertificates")) return false;
  if (seesEverySubject(viewer.role)) return true;
  const id = normalizeSubjectId(kind, subjectId);
  if (kind === "farmer") {
    if (viewer.role !== "farmer") return false;
    return (await farmerIdsOfUser(deps.db, viewer.id, viewer.loginId)).includes(id);
  }
  if (viewer.role !== "buyer" && viewer.role !== "exporter") return false;
  const batch = await batchByCode(deps.db, id);
  return !!batch && (await isVisible(deps.db, batch.id, batchVisibility(viewer)));
}
