import { and, count, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../client";
import { authEvents, users } from "../schema";
import { NOW_SQL } from "./clock";

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const normalizeLoginId = (loginId: string) => loginId.trim().toUpperCase();

/** An account as other people see it: its login ID, name and company (exporter desk, licensing). */
export const partyColumns = {
  id: users.id,
  loginId: users.loginId,
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: users.companyName,
};

export async function findUserByLoginId(db: Database, loginId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.loginIdNormalized, normalizeLoginId(loginId)))
    .limit(1);
  return row ?? null;
}

/** Farmers may sign in with their registered phone number too. */
export async function findFarmerByPhone(db: Database, phone: string) {
  const digits = phone.replace(/[^\d]/g, "");
  if (digits.length < 7) return null;
  const rows = await db
    .select()
    .from(users)
    .where(
      sql`${users.role} = 'farmer' AND replace(replace(replace(${users.phone}, ' ', ''), '-', ''), '+', '') = ${digits}`,
    )
    .limit(2);
  return rows.length === 1 ? rows[0]! : null;
}

export async function findUserById(db: Database, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function markLogin(
  db: Database,
  id: string,
  patch: Partial<Pick<UserRow, "passwordHash" | "county" | "phone" | "companyName">> = {},
) {
  await db
    .update(users)
    .set({
      ...patch,
      lastLoginAt: NOW_SQL,
      updatedAt: NOW_SQL,
    })
    .where(eq(users.id, id));
}

export type AuthEvent = typeof authEvents.$inferInsert;

export async function logAuthEvent(db: Database, event: AuthEvent) {
  await db.insert(authEvents).values(event);
}

/** A new password hash for an account; `mustChangePassword` when it is a temporary one. */
export function setPasswordStatement(db: Database, userId: string, passwordHash: string, mustChangePassword: boolean) {
  return db.update(users).set({ passwordHash, mustChangePassword, updatedAt: NOW_SQL }).where(eq(users.id, userId));
}

/** Active farmer accounts (the dashboards' "active farmers" tile). */
export async function activeFarmerCount(db: Database) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "farmer"), eq(users.active, true)));
  return row?.n ?? 0;
}

/** Switches an account on or off, as a statement for the same `db.batch()` as its audit row. */
export function setUserActiveStatement(db: Database, id: string, active: boolean) {
  return db.update(users).set({ active, updatedAt: NOW_SQL }).where(eq(users.id, id));
}

/** Active accounts of `role`, leaving out `exceptId` (the last-administrator guard). */
export async function countActiveWithRole(db: Database, role: string, exceptId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, role), eq(users.active, true), ne(users.id, exceptId)));
  return row?.n ?? 0;
}
