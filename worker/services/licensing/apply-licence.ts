/**
 * A licence application, created as a draft: by the applicant for itself (a buyer or
 * exporter account, for the licence of its own role) or by office staff for a named buyer or
 * exporter account. One application at a time: while a licence of the same type is open (not
 * revoked, and not an issued licence that has run out) a new one is refused.
 */
import { accountById, insertLicence, type LicenceRow, licencesOfApplicant } from "#db/queries/licensing";
import { HOME_DASHBOARD, ROLE_LABEL, type Role } from "#worker/auth/roles";
import type { LicenceApplyInput } from "#worker/contracts/licensing";
import { canApply, isoDay, LICENCE_HOLDER_ROLE, LICENCE_TYPE_LABEL } from "#worker/domain/licensing";
import type { ServiceDeps } from "../deps";
import { fail, ok, type Result } from "../result";
import { stepStatements } from "./licensing-common";

export async function applyForLicence(
  input: LicenceApplyInput,
  deps: Pick<ServiceDeps, "db" | "actor" | "now">,
): Promise<Result<{ licence: LicenceRow }>> {
  const { db, actor } = deps;
  const now = deps.now();
  const allowed = canApply(actor.role);
  if (!allowed.ok) return fail(403, allowed.message);
  const holderRole = LICENCE_HOLDER_ROLE[input.type];

  let applicantId: string;
  if (actor.role === "office_admin") {
    if (!input.applicantId)
      return fail(400, "Choose the account the licence is for", {
        applicantId: ["Choose the account the licence is for"],
      });
    applicantId = input.applicantId;
  } else {
    // An applicant applies for itself, for the licence of its own role: an id in the body is ignored.
    if (actor.role !== holderRole)
      return fail(
        403,
        `A ${ROLE_LABEL[actor.role as Role]} cannot apply for an ${LICENCE_TYPE_LABEL[input.type].toLowerCase()}: only a ${ROLE_LABEL[holderRole]} can`,
      );
    applicantId = actor.id;
  }
  const applicant = await accountById(db, applicantId);
  if (!applicant || applicant.role !== holderRole)
    return fail(400, `No ${ROLE_LABEL[holderRole]} account with this id`, {
      applicantId: [`Choose a ${ROLE_LABEL[holderRole]} account`],
    });

  const today = isoDay(now);
  const open = (await licencesOfApplicant(db, applicantId, input.type)).find(
    (l) => l.status !== "revoked" && !(l.status === "issued" && l.validUntil != null && l.validUntil < today),
  );
  if (open)
    return fail(
      409,
      `This account already has an ${LICENCE_TYPE_LABEL[input.type].toLowerCase()} ${open.number ? `(${open.number}) ` : ""}that is ${open.status}: a new application can be made once it has run out or been revoked`,
    );

  const licence: LicenceRow = {
    id: crypto.randomUUID(),
    number: null,
    type: input.type,
    applicantId,
    status: "draft",
    companyName: input.companyName,
    county: input.county ?? applicant.county ?? null,
    note: input.note ?? null,
    createdBy: actor.id,
    validFrom: null,
    validUntil: null,
    statusReason: null,
    version: 1,
    commodities: input.commodities?.length ? JSON.stringify([...new Set(input.commodities)]) : null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await db.batch([
    insertLicence(db, licence),
    ...stepStatements(db, {
      actor,
      subjectType: "licence",
      before: null,
      after: licence,
      step: "create",
      action: "licence.create",
      notice: {
        userId: applicantId,
        title: "Licence application started",
        body: `A draft application for an ${LICENCE_TYPE_LABEL[input.type].toLowerCase()} for ${input.companyName} was created. Submit it when it is complete.`,
        link: HOME_DASHBOARD[holderRole],
      },
      now,
    }),
  ]);
  return ok({ licence });
}
