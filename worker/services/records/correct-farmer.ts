/**
 * Corrections of a farmer's details (ADR 031): a misspelt name or a wrong phone number
 * is corrected with a reason, never overwritten. The first correction stores the details as
 * registered (version 1, "original", by the registrar at registration); each correction adds the
 * next version pointing at the one it corrects, with who, when and why. The live farmer row (and
 * the farmer's sign-in account's name) take the new values; the audit row `farmer.correct` goes
 * in the same transaction.
 *
 * Who: the person who registered the farmer within 48 hours, DDGOTS or an office administrator
 * after that (worker/domain/corrections.ts `mayCorrect`). A farmer is not a batch: no export
 * lock — batches already exported keep pointing at the same farmer, and certificates issued
 * before keep the name they printed.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { findFarmer } from "#db/queries/farmers";
import { updateAccountName, updateFarmerDetails, versionBySubmission, versionsOf } from "#db/queries/record-versions";
import { can } from "#worker/auth/permissions";
import { nameKey } from "#worker/contracts/farmer";
import type { CorrectFarmerInput } from "#worker/contracts/records";
import { CORRECTION_MESSAGES, mayCorrect, REASON_MIN_LENGTH } from "#worker/domain/corrections";
import { isConcurrentChange } from "../batches/batch-common";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { correctionVersions } from "./correction-versions";

export const FARMER_DETAIL_FIELDS = [
  "firstName",
  "lastName",
  "gender",
  "dateOfBirth",
  "phone",
  "district",
  "community",
  "nationalId",
] as const;
type Details = Record<(typeof FARMER_DETAIL_FIELDS)[number], string | null>;
type DetailField = (typeof FARMER_DETAIL_FIELDS)[number];

/** The details a correction may leave blank: optional at registration too (worker/contracts/farmer.ts). */
export const BLANKABLE_FARMER_FIELDS: readonly DetailField[] = ["phone", "district", "nationalId"];
export const FARMER_FIELD_LABEL: Record<DetailField, string> = {
  firstName: "First name",
  lastName: "Last name",
  gender: "Gender",
  dateOfBirth: "Date of birth",
  phone: "Phone",
  district: "District",
  community: "Community",
  nationalId: "National ID",
};
export const BLANK_MESSAGES = {
  required: (label: string) => `${label} is required: it can be corrected, but not left blank`,
  unknown: (name: string) => `"${name}" is not a farmer detail that can be left blank (phone, district, nationalId)`,
} as const;

/** The refusal of a `clear` list naming a required or unknown detail, else null. */
function blankingError(clear: readonly string[]) {
  const errors: Record<string, string[]> = {};
  for (const name of clear) {
    if ((BLANKABLE_FARMER_FIELDS as readonly string[]).includes(name)) continue;
    const label = FARMER_FIELD_LABEL[name as DetailField];
    if (label) errors[name] = [BLANK_MESSAGES.required(label)];
    else errors.clear = [...(errors.clear ?? []), BLANK_MESSAGES.unknown(name)];
  }
  const messages = Object.values(errors).flat();
  return messages.length ? fail(400, messages[0]!, errors) : null;
}

/**
 * What a stale correction (409) carries beside its message: the version the server holds now and
 * its details, so the phone can show both and let the person choose (ADR 027).
 */
export type StaleFarmer = { rule: "stale_version"; currentVersion: number; current: Details };

/** A correction already stored under this submission (an outbox resend) answers what it stored. */
async function resent(
  db: ServiceDeps["db"],
  submissionId: string | undefined,
  farmer: { id: string; farmerId: string },
  actorId: string,
): Promise<Result<{ farmerId: string; version: number; created: boolean }> | null> {
  if (!submissionId) return null;
  const earlier = await versionBySubmission(db, submissionId);
  if (!earlier) return null;
  if (earlier.recordType !== "farmer" || earlier.recordId !== farmer.id || earlier.actorId !== actorId)
    return fail(409, "This submission was already used for another record");
  return ok({ farmerId: farmer.farmerId, version: earlier.version, created: false });
}

function stale(farmer: Record<string, unknown>, currentVersion: number) {
  const current = Object.fromEntries(
    FARMER_DETAIL_FIELDS.map((f) => [f, (farmer[f] as string | null | undefined) ?? null]),
  ) as Details;
  const finding: StaleFarmer = { rule: "stale_version", currentVersion, current };
  return fail(409, CORRECTION_MESSAGES.stale, [finding]);
}

export async function correctFarmer(
  farmerId: string,
  input: CorrectFarmerInput,
  { db, actor, now }: Pick<ServiceDeps, "db" | "actor" | "now">,
): Promise<Result<{ farmerId: string; version: number; created: boolean }>> {
  if (!can(actor.role, "correctFarmerDetails"))
    return fail(403, "You do not have permission to correct a farmer's details");
  if (input.reason.trim().length < REASON_MIN_LENGTH)
    return fail(400, CORRECTION_MESSAGES.reason, { reason: [CORRECTION_MESSAGES.reason] });
  const blanking = blankingError(input.clear ?? []);
  if (blanking) return blanking;
  const id = farmerId.trim().toUpperCase();
  const found = await findFarmer(db, id);
  if (!found) return fail(404, `No farmer with ID ${id}`);
  const { farmer, registrar } = found;
  // The same submission again (a cut connection, an outbox retry): what it stored, nothing new.
  const again = await resent(db, input.submissionId, farmer, actor.id);
  if (again) return again;
  const at = now();
  const allowed = mayCorrect(actor, { recordedBy: farmer.registeredBy ?? "", recordedAt: farmer.createdAt }, at);
  if (!allowed.ok) return fail(403, allowed.message);

  const versions = await versionsOf(db, "farmer", farmer.id);
  const current = versions.at(-1);
  if (input.baseVersion !== undefined && input.baseVersion !== (current?.version ?? 1))
    return stale(farmer, current?.version ?? 1);
  const before = Object.fromEntries(FARMER_DETAIL_FIELDS.map((f) => [f, farmer[f] ?? null])) as Details;
  const after = { ...before };
  for (const f of FARMER_DETAIL_FIELDS) {
    const value = input[f];
    if (value !== undefined && value !== null && value !== "") after[f] = value;
  }
  // Leaving an optional detail blank wins over a value sent for it (the form keeps the old value typed).
  for (const f of input.clear ?? []) after[f as DetailField] = null;
  if (JSON.stringify(after) === JSON.stringify(before)) return fail(400, CORRECTION_MESSAGES.nothingChanged);

  const reason = input.reason.trim();
  const written = correctionVersions(db, {
    recordType: "farmer",
    recordId: farmer.id,
    batchId: null,
    current,
    before,
    after,
    reason,
    recordedBy: { actorId: farmer.registeredBy, actorRole: registrar?.role ?? null, createdAt: farmer.createdAt },
    actor,
    at: at.toISOString(),
    submissionId: input.submissionId ?? null,
  });
  const { version } = written;
  const firstName = after.firstName ?? farmer.firstName;
  const lastName = after.lastName ?? farmer.lastName;
  const statements: BatchItem<"sqlite">[] = [
    ...written.statements,
    updateFarmerDetails(db, farmer.id, {
      ...after,
      firstName,
      lastName,
      nameKey: nameKey(firstName, lastName),
      lastNameKey: nameKey(lastName, firstName),
    }),
    auditEntry(
      db,
      actor,
      "farmer.correct",
      "farmer",
      farmer.farmerId,
      { ...before, version: version - 1 },
      { ...after, version, reason },
    ),
  ];
  if (farmer.userId) statements.push(updateAccountName(db, farmer.userId, { firstName, lastName }));
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    if (!isConcurrentChange(error) && !String(error).includes("UNIQUE")) throw error;
    // The same submission sent twice at once: the one that won stored it.
    const raced = await resent(db, input.submissionId, farmer, actor.id);
    if (raced) return raced;
    // Two corrections at once collide on (record, version): the second is refused as a whole.
    const latest = await findFarmer(db, id);
    const newest = (await versionsOf(db, "farmer", farmer.id)).at(-1);
    return stale(latest?.farmer ?? farmer, newest?.version ?? version);
  }
  return ok({ farmerId: farmer.farmerId, version, created: true });
}
