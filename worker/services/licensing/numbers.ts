/**
 * Sequential numbers of licences, permits, invoices, receipts and shipments, race-safe as the
 * certificate numbers are (worker/services/certificates/certificate-numbers.ts): the next serial
 * after the highest stored with the prefix; the column is UNIQUE, so two requests that pick the
 * same number cannot both store it: the loser's whole batch is rolled back and it tries the next.
 */
import type { Database } from "#db/client";
import { isNumberTaken, lastNumber } from "#db/queries/licensing";
import { MAX_ATTEMPTS } from "../certificates/certificate-numbers";

export type NumberKind = Parameters<typeof lastNumber>[1];

/** "LR-LIC-EXP-2026-", "LR-PMT-2026-", "LR-INV-2026-", "LR-RCP-2026-", "SHP-2026-". */
export function numberPrefix(kind: NumberKind, year: number, code?: string): string {
  switch (kind) {
    case "licence":
      return `LR-LIC-${code}-${year}-`;
    case "permit":
      return `LR-PMT-${year}-`;
    case "invoice":
      return `LR-INV-${year}-`;
    case "receipt":
      return `LR-RCP-${year}-`;
    case "shipment":
      return `SHP-${year}-`;
    case "order":
      return `ORD-${year}-`;
  }
}

/** The next number after the highest stored with `prefix` (six-digit serial). */
export async function nextNumber(db: Database, kind: NumberKind, prefix: string): Promise<string> {
  const last = await lastNumber(db, kind, prefix);
  const serial = last ? Number(/^(\d{6})/.exec(last.slice(prefix.length))?.[1] ?? 0) : 0;
  return `${prefix}${String(serial + 1).padStart(6, "0")}`;
}

/** Runs `write(number)` with the next number of `kind`, again with the next one while it was taken. */
export async function withNextNumber<T>(
  db: Database,
  kind: NumberKind,
  prefix: string,
  write: (number: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const number = await nextNumber(db, kind, prefix);
    try {
      return await write(number);
    } catch (error) {
      if (!isNumberTaken(error, kind)) throw error;
    }
  }
  throw new Error(`Could not number a ${kind} after ${MAX_ATTEMPTS} attempts`);
}
