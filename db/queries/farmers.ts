/**
 * The farmer registry's SQL. Every read path is served by an index; the plans were
 * checked with EXPLAIN QUERY PLAN (tests/worker/farmers.test.ts asserts them):
 *
 * - ID            farmers_farmer_id_unique (farmer_id = ?)
 * - phone         farmers_phone_idx (phone = ?)
 * - name prefix   MULTI-INDEX OR over farmers_name_key_idx and farmers_last_name_key_idx (range)
 * - county        farmers_county_name_key_idx (county = ?, already in name order)
 * - crop          farmer_crops (crop, farmer_id) / primary key (farmer_id, crop)
 * - national ID   no index in the schema yet: a scan (see registrationLookups).
 */
import { and, asc, count, desc, eq, exists, gte, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client";
import { auditLog, farmerCrops, farmers, users } from "../schema";
import { NOW_SQL } from "./clock";
import { normalizeLoginId } from "./users";

export type FarmerRow = typeof farmers.$inferSelect;
export type NewFarmer = typeof farmers.$inferInsert;

/** What the registry can be narrowed by; callers turn the search box into one of the first three. */
export type FarmerFilter = {
  /** Canonical FRM + 6 digits. */
  farmerId?: string;
  /** As stored: "+231 77 123 4567". */
  phone?: string;
  /** Lower case, single spaces: matched against the start of "first last" and of "last first". */
  namePrefix?: string;
  county?: string;
  crop?: string;
};

/** The smallest string above every string that starts with `prefix` (binary collation). */
function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

function conditions(db: Database, f: FarmerFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.farmerId) parts.push(eq(farmers.farmerId, f.farmerId));
  if (f.phone) parts.push(eq(farmers.phone, f.phone));
  if (f.namePrefix) {
    const end = prefixEnd(f.namePrefix);
    const byFirst = and(gte(farmers.nameKey, f.namePrefix), lt(farmers.nameKey, end));
    const byLast = and(gte(farmers.lastNameKey, f.namePrefix), lt(farmers.lastNameKey, end));
    // With a county, each branch carries it: the first then uses (county, name_key); the unary
    // plus keeps the planner from choosing the county index for the second branch, so it
    // searches last_name_key instead of reading the whole county.
    parts.push(
      f.county
        ? or(and(eq(farmers.county, f.county), byFirst), and(sql`+${farmers.county} = ${f.county}`, byLast))
        : or(byFirst, byLast),
    );
  } else if (f.county) {
    parts.push(eq(farmers.county, f.county));
  }
  if (f.crop) {
    const onlyCrop = !f.farmerId && !f.phone && !f.namePrefix && !f.county;
    const growers = db.select({ farmerId: farmerCrops.farmerId }).from(farmerCrops).where(eq(farmerCrops.crop, f.crop));
    parts.push(
      onlyCrop
        ? // Alone, the crop drives: its growers come off farmer_crops_crop_idx, bounded by the crop's size.
          inArray(farmers.farmerId, growers)
        : // With a narrower filter, each candidate is checked on the (farmer_id, crop) primary key.
          exists(
            db
              .select({ one: sql`1` })
              .from(farmerCrops)
              .where(and(eq(farmerCrops.farmerId, farmers.farmerId), eq(farmerCrops.crop, f.crop))),
          ),
    );
  }
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length ? and(...present) : undefined;
}

/** How other tables' queries name a farmer: internal id, FRM ID, name and county. */
export function farmerRefColumns() {
  return {
    id: farmers.id,
    farmerId: farmers.farmerId,
    firstName: farmers.firstName,
    lastName: farmers.lastName,
    county: farmers.county,
  };
}

export const FARMER_LIST_COLUMNS = {
  farmerId: farmers.farmerId,
  firstName: farmers.firstName,
  lastName: farmers.lastName,
  gender: farmers.gender,
  phone: farmers.phone,
  county: farmers.county,
  district: farmers.district,
  community: farmers.community,
  crops: farmers.crops,
  status: farmers.status,
  registrationDate: farmers.registrationDate,
  photoKey: farmers.photoKey,
};

/**
 * The two statements of one result page: the rows (name order; rowid breaks ties so pages
 * never overlap and the name index alone gives the order) and the total for the filter.
 * Exposed unexecuted so tests can EXPLAIN them.
 */
export function farmerSearchStatements(db: Database, filter: FarmerFilter, page: number, pageSize: number) {
  const where = conditions(db, filter);
  const rows = db
    .select(FARMER_LIST_COLUMNS)
    .from(farmers)
    .where(where)
    .orderBy(asc(farmers.nameKey), sql`${farmers}.rowid`)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const onlyCrop = filter.crop && !filter.farmerId && !filter.phone && !filter.namePrefix && !filter.county;
  // farmer_crops only ever holds rows of registered farmers (written in the same batch), so a
  // crop's total is a count over its covering index.
  const total = onlyCrop
    ? db.select({ n: count() }).from(farmerCrops).where(eq(farmerCrops.crop, filter.crop!))
    : db.select({ n: count() }).from(farmers).where(where);
  return { rows, total };
}

export type FarmerListItem = Awaited<ReturnType<typeof searchFarmers>>["rows"][number];

/** One page of the registry and the total matching `filter`, in one round trip. */
export async function searchFarmers(db: Database, filter: FarmerFilter, page: number, pageSize: number) {
  const { rows, total } = farmerSearchStatements(db, filter, page, pageSize);
  const [found, [sum]] = await db.batch([rows, total]);
  return { rows: found, total: sum?.n ?? 0 };
}

/** One farmer with the name and login of whoever registered them. */
export async function findFarmer(db: Database, farmerId: string) {
  const [row] = await db
    .select({
      farmer: farmers,
      registrar: { firstName: users.firstName, lastName: users.lastName, loginId: users.loginId, role: users.role },
    })
    .from(farmers)
    .leftJoin(users, eq(users.id, farmers.registeredBy))
    .where(eq(farmers.farmerId, farmerId))
    .limit(1);
  return row ?? null;
}

export async function findFarmerByImportKey(db: Database, importKey: string) {
  const [row] = await db.select().from(farmers).where(eq(farmers.importKey, importKey)).limit(1);
  return row ?? null;
}

const ID_RANGE = { low: "FRM000000", high: "FRM999999", glob: "FRM[0-9][0-9][0-9][0-9][0-9][0-9]" };

/**
 * The highest FRM+6-digit ID among farmers and among accounts (a farmer account can exist
 * before its registry row, e.g. the demo farmers). Two index range scans from the top.
 */
function highestIdStatements(db: Database) {
  return [
    db
      .select({ id: farmers.farmerId })
      .from(farmers)
      .where(
        and(
          gte(farmers.farmerId, ID_RANGE.low),
          lte(farmers.farmerId, ID_RANGE.high),
          sql`${farmers.farmerId} GLOB ${ID_RANGE.glob}`,
        ),
      )
      .orderBy(desc(farmers.farmerId))
      .limit(1),
    db
      .select({ id: users.loginIdNormalized })
      .from(users)
      .where(
        and(
          gte(users.loginIdNormalized, ID_RANGE.low),
          lte(users.loginIdNormalized, ID_RANGE.high),
          sql`${users.loginIdNormalized} GLOB ${ID_RANGE.glob}`,
        ),
      )
      .orderBy(desc(users.loginIdNormalized))
      .limit(1),
  ] as const;
}

function highestOf(...ids: (string | undefined)[]): string | null {
  return (
    ids
      .filter((id): id is string => Boolean(id))
      .sort()
      .at(-1) ?? null
  );
}

export async function highestFarmerId(db: Database): Promise<string | null> {
  const [a, b] = await db.batch(highestIdStatements(db));
  return highestOf(a[0]?.id, b[0]?.id);
}

/**
 * What registering one farmer needs to know first, in one round trip: a farmer already made
 * from this submission, a farmer already holding this national ID, and the highest ID issued.
 * The national ID lookup uses farmers_national_id_unique (migration 0004).
 */
export async function registrationLookups(db: Database, keys: { importKey?: string; nationalId?: string }) {
  const none = db.select().from(farmers).where(sql`0`).limit(1);
  const [byKey, byNationalId, a, b] = await db.batch([
    keys.importKey ? db.select().from(farmers).where(eq(farmers.importKey, keys.importKey)).limit(1) : none,
    keys.nationalId
      ? db.select({ farmerId: farmers.farmerId }).from(farmers).where(eq(farmers.nationalId, keys.nationalId)).limit(1)
      : db.select({ farmerId: farmers.farmerId }).from(farmers).where(sql`0`).limit(1),
    ...highestIdStatements(db),
  ]);
  return {
    existing: byKey[0] ?? null,
    nationalIdHolder: byNationalId[0]?.farmerId ?? null,
    highestId: highestOf(a[0]?.id, b[0]?.id),
  };
}

/** The INSERT of a farmer row, to run in the caller's batch. */
export function insertFarmerStatement(db: Database, row: NewFarmer) {
  return db.insert(farmers).values(row);
}

/** One farmer_crops row per crop (2 parameters each: far below D1's 100 per statement). */
export function insertFarmerCropsStatement(db: Database, farmerId: string, crops: readonly string[]) {
  return db.insert(farmerCrops).values(crops.map((crop) => ({ farmerId, crop })));
}

export type NewFarmerAccount = {
  id: string;
  farmerId: string;
  firstName: string;
  lastName: string;
  county: string;
  phone?: string | null;
  passwordHash: string;
};

/** The farmer's sign-in account (login ID = farmer ID), which must change its password first. */
export function insertFarmerAccountStatement(db: Database, a: NewFarmerAccount) {
  return db.insert(users).values({
    id: a.id,
    loginId: a.farmerId,
    loginIdNormalized: normalizeLoginId(a.farmerId),
    role: "farmer",
    firstName: a.firstName,
    lastName: a.lastName,
    county: a.county,
    phone: a.phone ?? null,
    passwordHash: a.passwordHash,
    mustChangePassword: true,
  });
}

/** The account behind a farmer (for re-issuing a temporary password that was never used). */
export async function findFarmerAccount(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      mustChangePassword: users.mustChangePassword,
      lastLoginAt: users.lastLoginAt,
      active: users.active,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export function clearFarmerPhotoStatement(db: Database, farmerId: string) {
  return db.update(farmers).set({ photoKey: null, updatedAt: NOW_SQL }).where(eq(farmers.farmerId, farmerId));
}

/**
 * A farmer's history, newest first: changes to the registry row and to their sign-in account
 * (audit_log_entity_idx for each branch), with who made them.
 */
export async function farmerHistory(db: Database, farmerId: string, userId: string | null, limit = 100) {
  const ofFarmer = and(eq(auditLog.entityType, "farmer"), eq(auditLog.entityId, farmerId));
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entityType: auditLog.entityType,
      actorRole: auditLog.actorRole,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorLoginId: users.loginId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(userId ? or(ofFarmer, and(eq(auditLog.entityType, "user"), eq(auditLog.entityId, userId))) : ofFarmer)
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

/** Links a farmer to the sign-in account issued for them. */
export function setFarmerUserStatement(db: Database, farmerId: string, userId: string) {
  return db
    .update(farmers)
    .set({ userId, updatedAt: NOW_SQL })
    .where(and(eq(farmers.farmerId, farmerId), isNull(farmers.userId)));
}
