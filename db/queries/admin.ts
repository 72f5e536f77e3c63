/**
 * SQL of the administrator's screens: the account list with search and paging, role and
 * county changes, the security counts and background jobs of the system health section, crop
 * yields, and the licences beside buyer and exporter accounts on the management pages.
 */
import { and, asc, count, desc, eq, gt, gte, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { assessmentJobs, authEvents, cropYields, importRuns, licences, loginThrottle, reports, users } from "../schema";
import { NOW_SQL } from "./clock";
import { pageWithTotal } from "./paging";

/** D1 binds at most 100 values per statement. */
const MAX_IN = 90;

export type UserFilter = {
  /** Part of the login ID, first or last name, or company (case-insensitive). */
  q?: string;
  roles?: readonly string[];
  active?: boolean;
  page: number;
  pageSize: number;
};

export const accountColumns = {
  id: users.id,
  loginId: users.loginId,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  county: users.county,
  companyName: users.companyName,
  department: users.department,
  active: users.active,
  mustChangePassword: users.mustChangePassword,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

/** Accounts matching the filter, by login ID; one page and the total. */
export async function listAccounts(db: Database, f: UserFilter) {
  const q = f.q?.trim();
  const pattern = q ? `%${q.replaceAll("\\", "\\\\").replaceAll("%", "\\%").replaceAll("_", "\\_")}%` : undefined;
  const where = and(
    f.roles?.length ? inArray(users.role, [...f.roles]) : undefined,
    f.active === undefined ? undefined : eq(users.active, f.active),
    pattern
      ? or(
          sql`${users.loginIdNormalized} LIKE upper(${pattern}) ESCAPE '\\'`,
          sql`${users.firstName} LIKE ${pattern} ESCAPE '\\'`,
          sql`${users.lastName} LIKE ${pattern} ESCAPE '\\'`,
          sql`${users.companyName} LIKE ${pattern} ESCAPE '\\'`,
        )
      : undefined,
  );
  const list = db.select(accountColumns).from(users).where(where).orderBy(asc(users.loginIdNormalized));
  const [items, total] = await pageWithTotal(db, list, { table: users, where }, f);
  return { items, total };
}

export type AccountRow = Awaited<ReturnType<typeof listAccounts>>["items"][number];

/** A new account, as a statement for the same batch as its audit row. */
export function insertAccountStatement(db: Database, row: typeof users.$inferInsert) {
  return db.insert(users).values(row);
}

export function setUserRoleStatement(db: Database, id: string, role: string) {
  return db.update(users).set({ role, updatedAt: NOW_SQL }).where(eq(users.id, id));
}

export function setUserCountyStatement(db: Database, id: string, county: string | null) {
  return db.update(users).set({ county, updatedAt: NOW_SQL }).where(eq(users.id, id));
}

// ── System health ────────────────────────────────────────────────────────────────────────────

/** Failed sign-ins (wrong password or unknown ID, and throttled attempts) since `sinceIso`. */
export async function failedLoginCount(db: Database, sinceIso: string) {
  const [row] = await db
    .select({ n: count() })
    .from(authEvents)
    .where(and(inArray(authEvents.event, ["login_failed", "login_throttled"]), gte(authEvents.createdAt, sinceIso)));
  return row?.n ?? 0;
}

/** Throttle keys locked at `nowMs` (ADR 006): `pair:` = an account from one address, `ip:` = an address. */
export async function lockedThrottleKeys(db: Database, nowMs: number) {
  return db
    .select({ key: loginThrottle.key, lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(gt(loginThrottle.lockedUntil, nowMs))
    .limit(1000);
}

/** Deactivated accounts (an administrator switched them off). */
export async function inactiveAccountCount(db: Database) {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.active, false));
  return row?.n ?? 0;
}

export type JobRow = { kind: string; id: string; status: string; updatedAt: string; detail: string };

/**
 * Background work still open: assessment jobs (queued/running), report builds (queued/building)
 * and bulk imports (running), oldest first.
 */
export async function openJobs(db: Database): Promise<JobRow[]> {
  const [assessments, builds, imports] = await Promise.all([
    db
      .select({
        id: assessmentJobs.id,
        status: assessmentJobs.status,
        updatedAt: assessmentJobs.updatedAt,
        scope: assessmentJobs.scope,
        done: assessmentJobs.done,
        total: assessmentJobs.total,
      })
      .from(assessmentJobs)
      .where(inArray(assessmentJobs.status, ["queued", "running"]))
      .orderBy(asc(assessmentJobs.updatedAt))
      .limit(50),
    db
      .select({ id: reports.id, status: reports.status, updatedAt: reports.updatedAt, kind: reports.kind })
      .from(reports)
      .where(inArray(reports.status, ["queued", "building"]))
      .orderBy(asc(reports.updatedAt))
      .limit(50),
    db
      .select({
        id: importRuns.id,
        status: importRuns.status,
        updatedAt: importRuns.updatedAt,
        fileName: importRuns.fileName,
        processed: importRuns.processed,
        total: importRuns.total,
      })
      .from(importRuns)
      .where(eq(importRuns.status, "running"))
      .orderBy(asc(importRuns.updatedAt))
      .limit(50),
  ]);
  return [
    ...assessments.map((j) => ({
      kind: "Risk assessment",
      id: j.id,
      status: j.status,
      updatedAt: j.updatedAt,
      detail: `${j.scope}: ${j.done} of ${j.total} plots`,
    })),
    ...builds.map((r) => ({ kind: "Report", id: r.id, status: r.status, updatedAt: r.updatedAt, detail: r.kind })),
    ...imports.map((i) => ({
      kind: "Bulk import",
      id: i.id,
      status: i.status,
      updatedAt: i.updatedAt,
      detail: `${i.fileName}: ${i.processed} of ${i.total} lines`,
    })),
  ].sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : 1));
}

/** Jobs open but untouched since `beforeIso`. */
export function isStuck(job: Pick<JobRow, "updatedAt">, beforeIso: string) {
  return job.updatedAt < beforeIso;
}

// ── Crop yields ──────────────────────────────────────────────────────────────────────────────

export async function cropYieldRows(db: Database) {
  return db.select().from(cropYields).orderBy(asc(cropYields.crop));
}

export async function findCropYield(db: Database, crop: string) {
  const [row] = await db.select().from(cropYields).where(eq(cropYields.crop, crop)).limit(1);
  return row ?? null;
}

/** Sets (or replaces) a crop's yield, as a statement for the batch with its audit row. */
export function upsertCropYieldStatement(db: Database, crop: string, gramsPerHectare: number, updatedBy: string) {
  return db
    .insert(cropYields)
    .values({ crop, gramsPerHectare, updatedBy })
    .onConflictDoUpdate({ target: cropYields.crop, set: { gramsPerHectare, updatedBy, updatedAt: NOW_SQL } });
}

// ── Licences beside accounts ─────────────────────────────────────────────────────────────────

/** Every licence of these applicants, latest first (chunked under D1's bind limit). */
export async function licencesOfApplicants(db: Database, applicantIds: string[]) {
  const out: (typeof licences.$inferSelect)[] = [];
  for (let i = 0; i < applicantIds.length; i += MAX_IN) {
    const part = applicantIds.slice(i, i + MAX_IN);
    out.push(
      ...(await db
        .select()
        .from(licences)
        .where(inArray(licences.applicantId, part))
        .orderBy(desc(licences.createdAt))),
    );
  }
  return out;
}
