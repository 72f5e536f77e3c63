/**
 * Registering a farmer: the registry row, one farmer_crops row per crop, the farmer's
 * sign-in account and the audit rows, all in ONE db.batch (one transaction), so a farmer never
 * exists without their account or their audit trail.
 *
 * Field data must never be duplicated: a registration carries a submission ID (the form's hidden
 * field, an offline client's UUID, or an importer's line key) stored as `importKey` (unique); a
 * repeat returns the farmer already made from it.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/client";
import { landedAnyway, uniqueViolation } from "#db/errors";
import {
  clearFarmerPhotoStatement,
  type FarmerRow,
  findFarmer,
  findFarmerAccount,
  findFarmerByImportKey,
  highestFarmerId,
  insertFarmerAccountStatement,
  insertFarmerCropsStatement,
  insertFarmerStatement,
  type NewFarmer,
  registrationLookups,
} from "#db/queries/farmers";
import { setPasswordStatement } from "#db/queries/users";
import { FARMER_MESSAGES, type FarmerInput, nameKey } from "#worker/contracts/farmer";
import { nextFarmerId } from "#worker/domain/farmer-id";
import { cleanPhoto } from "#worker/domain/photo-metadata";
import { hashPassword } from "../auth/password";
import type { AuditActor } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { type FarmerView, farmerView, photoKeyOf, type ViewSource } from "./farmer-view";

type Statement = BatchItem<"sqlite">;
export type Statements = [Statement, ...Statement[]];

/** The registration fields, already validated by FarmerSchema. */
export type FarmerFields = Omit<FarmerInput, "submissionId">;

// The view of a stored farmer lives in ./farmer-view; re-exported for the callers that import it from here.
export { type FarmerView, farmerSummary, farmerView, parseCrops, photoKeyOf } from "./farmer-view";

// No 0/O, 1/l/I: the inspector reads it out or writes it on a slip for the farmer.
const PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export const TEMPORARY_PASSWORD_LENGTH = 10;

/** A random temporary password (≈ 49 bits), shown once and stored only as its hash. */
export function generateTemporaryPassword(length = TEMPORARY_PASSWORD_LENGTH): string {
  const out: string[] = [];
  const limit = 256 - (256 % PASSWORD_ALPHABET.length); // rejection sampling: no modulo bias
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out.push(PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length]!);
    }
  }
  return out.join("");
}

export type PrepareContext = {
  db: Database;
  actor: AuditActor;
  farmerId: string;
  /** farmers.id (a UUID). */
  id: string;
  /** yyyy-mm-dd. */
  registrationDate: string;
  importKey?: string | null;
  photoKey?: string | null;
  /** The sign-in account to create with the farmer; omitted, the farmer has none (yet). */
  account?: { userId: string; passwordHash: string };
};

/**
 * Builds (does not run) the statements that register one farmer: farmer row, crop rows, account
 * and audit rows. Pure apart from drizzle's statement objects, so a bulk importer can put many
 * farmers' statements into its own batches. The caller picks the farmer ID and checks the
 * national ID; the unique indexes (farmer_id, import_key, login ID) still refuse any duplicate.
 */
export function prepareFarmer(
  fields: FarmerFields,
  ctx: PrepareContext,
): { record: NewFarmer; statements: Statements } {
  const { db, actor } = ctx;
  const record: NewFarmer = {
    id: ctx.id,
    farmerId: ctx.farmerId,
    userId: ctx.account?.userId ?? null,
    firstName: fields.firstName,
    lastName: fields.lastName,
    gender: fields.gender,
    dateOfBirth: fields.dateOfBirth,
    phone: fields.phone ?? null,
    county: fields.county,
    district: fields.district ?? null,
    community: fields.community,
    crops: JSON.stringify(fields.crops),
    nationalId: fields.nationalId ?? null,
    photoKey: ctx.photoKey ?? null,
    registrationDate: ctx.registrationDate,
    registeredBy: actor.id,
    status: "active",
    nameKey: nameKey(fields.firstName, fields.lastName),
    lastNameKey: nameKey(fields.lastName, fields.firstName),
    importKey: ctx.importKey ?? null,
  };
  const { nameKey: _n, lastNameKey: _l, ...snapshot } = record;
  const statements: Statements = [
    insertFarmerStatement(db, record),
    insertFarmerCropsStatement(db, ctx.farmerId, fields.crops),
    auditEntry(db, actor, "farmer.register", "farmer", ctx.farmerId, null, { ...snapshot, crops: fields.crops }),
  ];
  if (ctx.account) {
    statements.push(
      insertFarmerAccountStatement(db, {
        id: ctx.account.userId,
        farmerId: ctx.farmerId,
        firstName: fields.firstName,
        lastName: fields.lastName,
        county: fields.county,
        phone: fields.phone,
        passwordHash: ctx.account.passwordHash,
      }),
      auditEntry(db, actor, "user.create", "user", ctx.account.userId, null, {
        loginId: ctx.farmerId,
        role: "farmer",
        mustChangePassword: true,
      }),
    );
  }
  return { record, statements };
}

export type RegisterFarmerInput = FarmerInput & {
  /** Optional photo, already checked for type and size (FarmerFormSchema). */
  photo?: { body: Blob | ArrayBuffer; contentType: string };
  /**
   * false: register without a sign-in account for now — a record sent later by the offline outbox,
   * whose answer (with the temporary password) nobody reads. Hashing a password nobody will ever
   * see cost ~200 ms of CPU per record (ADR 004); the login is issued from the farmer's page
   * ("Issue a login") when the agent is with the farmer. Default true.
   */
  login?: boolean;
};

export type RegisterFarmerDeps = {
  db: Database;
  actor: AuditActor;
  /** Where photos go (the CERTS R2 bucket). */
  photos?: Pick<R2Bucket, "put"> & Partial<Pick<R2Bucket, "delete">>;
  now?: () => Date;
  newId?: () => string;
  newPassword?: () => string;
  hash?: (secret: string) => Promise<string>;
};

export type RegisteredFarmer = {
  /** false: this submission had already registered the farmer; nothing new was stored. */
  created: boolean;
  farmer: FarmerView;
  /** Shown once; null when a repeat cannot safely issue one (the farmer has signed in). */
  temporaryPassword: string | null;
  /** Set when a photo was sent but could not be stored. */
  photoError?: string;
};

/** How many times a new ID is tried when another registration took the same one meanwhile. */
const ID_ATTEMPTS = 5;

/**
 * Registers one farmer and their account (first sign-in must change the password).
 * New ID = the highest FRM+6-digit ID issued + 1, retried on a unique conflict. A national ID
 * already registered is refused naming the farmer who holds it. A repeated `submissionId`
 * returns the farmer it created instead of a duplicate.
 */
export async function registerFarmer(
  input: RegisterFarmerInput,
  deps: RegisterFarmerDeps,
): Promise<Result<RegisteredFarmer>> {
  const { db, actor } = deps;
  const { submissionId, photo, login = true, ...fields } = input;
  const lookups = await registrationLookups(db, {
    importKey: submissionId,
    nationalId: fields.nationalId ?? undefined,
  });
  if (lookups.existing) return repeated(lookups.existing, deps, login);
  if (lookups.nationalIdHolder) {
    const message = FARMER_MESSAGES.duplicateNationalId(lookups.nationalIdHolder);
    return fail(409, message, { nationalId: [message] });
  }

  const newId = deps.newId ?? (() => crypto.randomUUID());
  const temporaryPassword = login ? (deps.newPassword ?? generateTemporaryPassword)() : null;
  const passwordHash = temporaryPassword ? await (deps.hash ?? hashPassword)(temporaryPassword) : null;
  const registrationDate = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
  let farmerId = nextFarmerId(lookups.highestId);

  for (let attempt = 1; attempt <= ID_ATTEMPTS; attempt++) {
    const { record, statements } = prepareFarmer(fields, {
      db,
      actor,
      farmerId,
      id: newId(),
      registrationDate,
      importKey: submissionId ?? null,
      photoKey: photo ? photoKeyOf(farmerId) : null,
      ...(passwordHash ? { account: { userId: newId(), passwordHash } } : {}),
    });
    try {
      await db.batch(statements);
    } catch (error) {
      // A lost answer (a timeout after the commit): the farmer is stored, so the photo still goes
      // with it, rather than a resend finding a row whose photo was never put.
      const landed = await landedAnyway(error, async () => (await findFarmer(db, farmerId))?.farmer.id === record.id);
      if (landed) return registered(record);
      const index = uniqueViolation(error);
      if (index === "farmers.import_key" && submissionId) {
        // The same submission won a race with this one: answer with its farmer.
        const existing = await findFarmerByImportKey(db, submissionId);
        if (existing) return repeated(existing, deps, login);
      }
      if (index === "farmers.national_id" && fields.nationalId) {
        // Another registration of the same person won the race (unique index, migration 0004).
        const again = await registrationLookups(db, { nationalId: fields.nationalId });
        if (again.nationalIdHolder) {
          const message = FARMER_MESSAGES.duplicateNationalId(again.nationalIdHolder);
          return fail(409, message, { nationalId: [message] });
        }
      }
      if ((index === "farmers.farmer_id" || index === "users.login_id_normalized") && attempt < ID_ATTEMPTS) {
        // Another registration took this ID meanwhile: take the next free one.
        const highest = await highestFarmerId(db);
        farmerId = nextFarmerId(highest && highest > farmerId ? highest : farmerId);
        continue;
      }
      throw error;
    }
    return registered(record);
  }
  throw new Error(`No free farmer ID after ${ID_ATTEMPTS} attempts`);

  /** The answer once the farmer's batch is stored: the photo goes next (its row names it already). */
  async function registered(record: NewFarmer): Promise<Result<RegisteredFarmer>> {
    const photoError = photo ? await storePhoto(farmerId, photo, deps) : undefined;
    const stored: ViewSource = {
      farmerId,
      firstName: record.firstName,
      lastName: record.lastName,
      gender: record.gender ?? null,
      dateOfBirth: record.dateOfBirth ?? null,
      phone: record.phone ?? null,
      county: record.county,
      district: record.district ?? null,
      community: record.community ?? null,
      crops: record.crops ?? "[]",
      nationalId: record.nationalId ?? null,
      photoKey: photoError ? null : (record.photoKey ?? null),
      registrationDate: record.registrationDate,
      registeredBy: record.registeredBy ?? null,
      status: record.status ?? "active",
    };
    return ok({ created: true, farmer: farmerView(stored), temporaryPassword, ...(photoError ? { photoError } : {}) });
  }
}

async function storePhoto(
  farmerId: string,
  photo: NonNullable<RegisterFarmerInput["photo"]>,
  deps: RegisterFarmerDeps,
) {
  try {
    if (!deps.photos) throw new Error("no photo storage configured");
    // Only the re-assembled image is stored: no EXIF (GPS), comments or trailing data.
    const bytes = photo.body instanceof ArrayBuffer ? photo.body : await photo.body.arrayBuffer();
    const clean = cleanPhoto(new Uint8Array(bytes));
    if (!clean) throw new Error(`not a clean ${photo.contentType} image`);
    await deps.photos.put(photoKeyOf(farmerId), clean.bytes, {
      httpMetadata: { contentType: clean.contentType, contentDisposition: "inline" },
    });
    return undefined;
  } catch (error) {
    console.error("farmer photo upload failed", farmerId, error);
    // A put whose answer was lost may have stored the object: it goes with the row's reference.
    await deps.photos?.delete?.(photoKeyOf(farmerId)).catch(() => undefined);
    // The row must not point at a photo that is not there.
    await deps.db.batch([
      clearFarmerPhotoStatement(deps.db, farmerId),
      auditEntry(
        deps.db,
        deps.actor,
        "farmer.clear_photo",
        "farmer",
        farmerId,
        { photoKey: photoKeyOf(farmerId) },
        { photoKey: null },
      ),
    ]);
    return "The farmer was registered, but the photo could not be stored.";
  }
}

/**
 * The same submission again (double submit, offline retry): the farmer it already created. If
 * the answer that carried the temporary password may have been lost and the account has never
 * been used, the registering inspector gets a fresh one (the earlier one stops working).
 */
async function repeated(
  existing: FarmerRow,
  deps: RegisterFarmerDeps,
  login: boolean,
): Promise<Result<RegisteredFarmer>> {
  const { db, actor } = deps;
  let temporaryPassword: string | null = null;
  // An outbox resend (login false) has nobody to show a new password to: nothing is reissued.
  if (login && existing.userId && existing.registeredBy === actor.id) {
    const account = await findFarmerAccount(db, existing.userId);
    if (account?.active && account.mustChangePassword && !account.lastLoginAt) {
      temporaryPassword = (deps.newPassword ?? generateTemporaryPassword)();
      const passwordHash = await (deps.hash ?? hashPassword)(temporaryPassword);
      await db.batch([
        setPasswordStatement(db, account.id, passwordHash, true),
        auditEntry(db, actor, "user.reissue_password", "user", account.id, null, {
          loginId: existing.farmerId,
          reason: "registration submitted again",
        }),
      ]);
    }
  }
  return ok({ created: false, farmer: farmerView(existing), temporaryPassword });
}
