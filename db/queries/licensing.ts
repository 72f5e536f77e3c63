/**
 * SQL of licences, licensing steps and fees; shipments and export permits are in
 * ./shipments.ts. Writes are returned as statements for the caller's `db.batch()`, beside the
 * audit row and the notice; guarded writes make a concurrent change fail the whole batch (see
 * licensingSteps).
 */
import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import { errorText, isUniqueViolation } from "../errors";
import { exportPermits, feeInvoices, feePayments, licences, licensingSteps, orders, shipments, users } from "../schema";
import { NOW_SQL } from "./clock";
import { pageWithTotal } from "./paging";
import { partyColumns } from "./users";

export type LicenceRow = typeof licences.$inferSelect;
export type NewLicence = typeof licences.$inferInsert;
export type InvoiceRow = typeof feeInvoices.$inferSelect;
export type NewInvoice = typeof feeInvoices.$inferInsert;
export type PaymentRow = typeof feePayments.$inferSelect;
export type NewStep = typeof licensingSteps.$inferInsert;

// ── Numbers ────────────────────────────────────────────────────────────────────────────────

const NUMBERED: Record<
  "licence" | "permit" | "invoice" | "receipt" | "shipment" | "order",
  { table: SQLiteTable; column: SQLiteColumn }
> = {
  licence: { table: licences, column: licences.number },
  permit: { table: exportPermits, column: exportPermits.number },
  invoice: { table: feeInvoices, column: feeInvoices.number },
  receipt: { table: feePayments, column: feePayments.receiptNumber },
  shipment: { table: shipments, column: shipments.code },
  order: { table: orders, column: orders.code },
};

/** The highest number issued with `prefix` (e.g. "LR-LIC-EXP-2026-"), or null. */
export async function lastNumber(db: Database, kind: keyof typeof NUMBERED, prefix: string): Promise<string | null> {
  const { table, column } = NUMBERED[kind];
  const [row] = await db
    .select({ n: column })
    .from(table)
    .where(and(gte(column, prefix), lt(column, `${prefix}\uffff`)))
    .orderBy(desc(column))
    .limit(1);
  return (row?.n as string | null | undefined) ?? null;
}

const NUMBER_COLUMN: Record<keyof typeof NUMBERED, string> = {
  licence: "licences.number",
  permit: "export_permits.number",
  invoice: "fee_invoices.number",
  receipt: "fee_payments.receipt_number",
  shipment: "shipments.code",
  order: "orders.code",
};

/** A write refused because a number of `kind` was taken meanwhile (the caller takes the next one and retries). */
export function isNumberTaken(error: unknown, kind: keyof typeof NUMBERED): boolean {
  return errorText(error).includes(`UNIQUE constraint failed: ${NUMBER_COLUMN[kind]}`);
}

/** A step refused because the record changed since it was read (its guarded step row was NULL or taken). */
export function isStaleStep(error: unknown): boolean {
  return (
    /NOT NULL constraint failed: (licensing_steps\.subject_id|fee_payments\.invoice_id|fee_invoices\.subject_id)/i.test(
      errorText(error),
    ) ||
    isUniqueViolation(error, "licensing_steps") ||
    isUniqueViolation(error, "fee_payments.invoice_id") ||
    isUniqueViolation(error, "fee_invoices.subject_type")
  );
}

// ── Steps ──────────────────────────────────────────────────────────────────────────────────

/**
 * The step row, written only if the subject now has `row.version` (set by the guarded update
 * before it in the same batch): otherwise subject_id is NULL and the batch is rolled back.
 */
export function insertStepStatement(db: Database, row: NewStep) {
  const table = row.subjectType === "licence" ? licences : exportPermits;
  return db.insert(licensingSteps).values({
    ...row,
    subjectId: sql`(SELECT ${table.id} FROM ${table} WHERE ${table.id} = ${row.subjectId} AND ${table.version} = ${row.version})`,
  });
}

export async function stepsOf(db: Database, subjectType: "licence" | "permit", subjectId: string) {
  return db
    .select()
    .from(licensingSteps)
    .where(and(eq(licensingSteps.subjectType, subjectType), eq(licensingSteps.subjectId, subjectId)))
    .orderBy(licensingSteps.version);
}

// ── Licences ───────────────────────────────────────────────────────────────────────────────

export async function findLicence(db: Database, id: string): Promise<LicenceRow | null> {
  const [row] = await db.select().from(licences).where(eq(licences.id, id)).limit(1);
  return row ?? null;
}

export function insertLicence(db: Database, row: NewLicence) {
  return db.insert(licences).values(row);
}

/** Moves a licence on, only if it still has `version` (the step row after it checks that it did). */
export function updateLicence(db: Database, id: string, version: number, set: Partial<NewLicence>) {
  return db
    .update(licences)
    .set({ ...set, version: version + 1, updatedAt: NOW_SQL })
    .where(and(eq(licences.id, id), eq(licences.version, version)));
}

/** The applicant's licences of a type that are not revoked (newest first). */
export async function licencesOfApplicant(db: Database, applicantId: string, type?: string) {
  return db
    .select()
    .from(licences)
    .where(and(eq(licences.applicantId, applicantId), type ? eq(licences.type, type) : undefined))
    .orderBy(desc(licences.createdAt));
}

export type LicenceFilter = { applicantId?: string; status?: string; type?: string; page: number; pageSize: number };

export async function listLicences(db: Database, f: LicenceFilter) {
  const where = and(
    f.applicantId ? eq(licences.applicantId, f.applicantId) : undefined,
    f.status ? eq(licences.status, f.status) : undefined,
    f.type ? eq(licences.type, f.type) : undefined,
  );
  const list = db.select().from(licences).where(where).orderBy(desc(licences.updatedAt), desc(licences.id));
  const [items, total] = await pageWithTotal(db, list, { table: licences, where }, f);
  return { items, total };
}

export async function accountById(db: Database, id: string) {
  const [row] = await db
    .select({ ...partyColumns, role: users.role, county: users.county })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

// ── Fees ───────────────────────────────────────────────────────────────────────────────────

/**
 * An invoice for a licence or permit, written only if the subject now holds `subjectNumber`
 * (set by the issuing update in the same batch): a failed issue never leaves an invoice behind.
 */
export function insertInvoiceStatement(db: Database, row: NewInvoice, subjectNumber: string) {
  const table = row.subjectType === "licence" ? licences : exportPermits;
  return db.insert(feeInvoices).values({
    ...row,
    subjectId: sql`(SELECT ${table.id} FROM ${table} WHERE ${table.id} = ${row.subjectId} AND ${table.number} = ${subjectNumber})`,
  });
}

export async function findInvoice(db: Database, id: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(feeInvoices).where(eq(feeInvoices.id, id)).limit(1);
  return row ?? null;
}

export async function invoiceOfSubject(db: Database, subjectType: string, subjectId: string) {
  const [row] = await db
    .select()
    .from(feeInvoices)
    .where(and(eq(feeInvoices.subjectType, subjectType), eq(feeInvoices.subjectId, subjectId)))
    .limit(1);
  return row ?? null;
}

export async function listInvoices(
  db: Database,
  f: { payerId?: string; status?: string; page: number; pageSize: number },
) {
  const where = and(
    f.payerId ? eq(feeInvoices.payerId, f.payerId) : undefined,
    f.status ? eq(feeInvoices.status, f.status) : undefined,
  );
  const list = db
    .select({ invoice: feeInvoices, receiptNumber: feePayments.receiptNumber, reference: feePayments.reference })
    .from(feeInvoices)
    .leftJoin(feePayments, eq(feePayments.invoiceId, feeInvoices.id))
    .where(where)
    .orderBy(desc(feeInvoices.issuedOn), desc(feeInvoices.number));
  const [items, total] = await pageWithTotal(db, list, { table: feeInvoices, where }, f);
  return {
    items: items.map((r) => ({ ...r.invoice, receiptNumber: r.receiptNumber, paymentReference: r.reference })),
    total,
  };
}

/** Marks a billed invoice paid (no change if it is not billed any more: the payment row then fails). */
export function markInvoicePaid(db: Database, id: string) {
  return db
    .update(feeInvoices)
    .set({ status: "paid", updatedAt: NOW_SQL })
    .where(and(eq(feeInvoices.id, id), eq(feeInvoices.status, "billed")));
}

/** The payment, written only if its invoice is now paid (see markInvoicePaid); one per invoice. */
export function insertPaymentStatement(db: Database, row: typeof feePayments.$inferInsert) {
  return db.insert(feePayments).values({
    ...row,
    invoiceId: sql`(SELECT ${feeInvoices.id} FROM ${feeInvoices} WHERE ${feeInvoices.id} = ${row.invoiceId} AND ${feeInvoices.status} = 'paid')`,
  });
}

export async function paymentOfInvoice(db: Database, invoiceId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(feePayments).where(eq(feePayments.invoiceId, invoiceId)).limit(1);
  return row ?? null;
}

export type TotalsFilter = { from?: string; to?: string };

const within = (column: SQLiteColumn, f: TotalsFilter): SQL | undefined =>
  and(f.from ? gte(column, f.from) : undefined, f.to ? lt(column, `${f.to}\uffff`) : undefined);

/**
 * Fee totals by month (YYYY-MM), fee type and currency: billed (invoices issued in the month, not
 * cancelled), outstanding (of those, still billed) and paid (payments received in the month).
 */
export async function feeTotalsRows(db: Database, f: TotalsFilter) {
  const billed = await db
    .select({
      month: sql<string>`substr(${feeInvoices.issuedOn}, 1, 7)`,
      feeType: feeInvoices.feeType,
      currency: feeInvoices.currency,
      billedMinor: sql<number>`coalesce(sum(${feeInvoices.amountMinor}), 0)`,
      outstandingMinor: sql<number>`coalesce(sum(CASE WHEN ${feeInvoices.status} = 'billed' THEN ${feeInvoices.amountMinor} ELSE 0 END), 0)`,
      invoices: count(),
    })
    .from(feeInvoices)
    .where(and(sql`${feeInvoices.status} <> 'cancelled'`, within(feeInvoices.issuedOn, f)))
    .groupBy(sql`1`, feeInvoices.feeType, feeInvoices.currency);
  const paid = await db
    .select({
      month: sql<string>`substr(${feePayments.paidOn}, 1, 7)`,
      feeType: feeInvoices.feeType,
      currency: feePayments.currency,
      paidMinor: sql<number>`coalesce(sum(${feePayments.amountMinor}), 0)`,
      payments: count(),
    })
    .from(feePayments)
    .innerJoin(feeInvoices, eq(feeInvoices.id, feePayments.invoiceId))
    .where(within(feePayments.paidOn, f))
    .groupBy(sql`1`, feeInvoices.feeType, feePayments.currency);
  return { billed, paid };
}
