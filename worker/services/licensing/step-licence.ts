/**
 * One step of a licence's lifecycle (the table is worker/domain/licensing.ts): submit,
 * review, recommend, approve, issue, suspend, reinstate, revoke. The role is checked first (403
 * naming who acts), then who may see the licence (404: an applicant only reaches their own), then
 * the order (409 naming the missing step). Issuing gives the licence its number and validity and
 * raises its fee invoice. Each step writes, in one batch: the guarded update, the step row, the
 * audit row and the notice to the applicant; a concurrent change rolls all of it back (409).
 */
import { findLicence, type LicenceRow, updateLicence } from "#db/queries/licensing";
import { holdTradeStatements, releaseTradeStatements } from "#db/queries/market-hub";
import { HOME_DASHBOARD } from "#worker/auth/roles";
import type { StepInput } from "#worker/contracts/licensing";
import { licenceFeeType } from "#worker/domain/fees";
import {
  canLicenceStep,
  LICENCE_CODE,
  LICENCE_HOLDER_ROLE,
  LICENCE_NOTICE,
  LICENCE_STEPS,
  LICENCE_TYPE_LABEL,
  type LicenceStep,
  type LicenceType,
  licenceValidity,
} from "#worker/domain/licensing";
import type { ServiceDeps } from "../deps";
import { fail, ok, type Result } from "../result";
import { mayReadLicence } from "./licensing-common";
import { stepRefusal, takeStep } from "./take-step";

export type LicenceStepResult = { licence: LicenceRow; invoiceNumber?: string };

export async function stepLicence(
  licenceId: string,
  step: LicenceStep,
  input: StepInput,
  deps: Pick<ServiceDeps, "db" | "actor" | "now">,
): Promise<Result<LicenceStepResult>> {
  const { db, actor } = deps;
  const now = deps.now();
  const def = LICENCE_STEPS[step];
  // The role first: a person who never takes this step learns who does, whatever the licence.
  const byRole = canLicenceStep(step, LICENCE_STEPS[step].from[0], actor.role);
  if (!byRole.ok) return fail(403, byRole.message);
  const licence = await findLicence(db, licenceId);
  if (!licence || !mayReadLicence(actor, licence)) return fail(404, "No licence with this id");
  // An applicant submits only their own application (office staff may submit one for them).
  if (step === "submit" && actor.role !== "office_admin" && licence.applicantId !== actor.id)
    return fail(404, "No licence with this id");
  const refusal = stepRefusal(canLicenceStep(step, licence.status, actor.role), def, input.reason);
  if (refusal) return refusal;

  const type = licence.type as LicenceType;
  const label = LICENCE_TYPE_LABEL[type];
  // Suspension or revocation holds the holder's open lots and offers, saying why; reinstating releases them (ADR 029).
  const held = `${label} ${licence.number ?? ""} is ${def.to}${input.reason ? `: ${input.reason}` : ""}`.replace(
    "  ",
    " ",
  );
  const trade =
    step === "suspend" || step === "revoke"
      ? [...holdTradeStatements(db, licence.applicantId, held)]
      : step === "reinstate"
        ? [...releaseTradeStatements(db, licence.applicantId)]
        : [];
  const result = await takeStep(
    {
      subjectType: "licence",
      record: licence,
      step,
      action: `licence.${step}`,
      def,
      reason: input.reason,
      update: (set) => updateLicence(db, licence.id, licence.version, set),
      holderId: licence.applicantId,
      notice: {
        titles: LICENCE_NOTICE,
        link: HOME_DASHBOARD[LICENCE_HOLDER_ROLE[type]],
        about: `Your ${label.toLowerCase()} application for ${licence.companyName}`,
      },
      extra: trade,
      // Issue: the number (LR-LIC-EXP-2026-000001), the validity, and the fee invoice.
      ...(step === "issue"
        ? {
            issue: {
              kind: "licence",
              code: LICENCE_CODE[type],
              validity: licenceValidity(now),
              feeType: licenceFeeType(type),
              named: (number: string) => `Your ${label.toLowerCase()} ${number}`,
            },
          }
        : {}),
    },
    { db, actor, now },
  );
  if (!result.ok) return result;
  const { after, ...issued } = result.value;
  return ok({ licence: after, ...issued });
}
