/**
 * The fee invoice a licence or permit raises when it is issued, at the amount of the fee
 * schedule (worker/domain/fees.ts) on that day. The issuing service writes it in its own batch.
 */
import type { NewInvoice } from "#db/queries/licensing";
import { dueOn, FEE_SCHEDULE, type FeeType } from "#worker/domain/fees";
import { isoDay } from "#worker/domain/licensing";

export function invoiceRow(args: {
  number: string;
  payerId: string;
  subjectType: "licence" | "permit" | "inspection";
  subjectId: string;
  feeType: FeeType;
  now: Date;
}): NewInvoice & { dueOn: string } {
  const fee = FEE_SCHEDULE[args.feeType];
  const issuedOn = isoDay(args.now);
  return {
    id: crypto.randomUUID(),
    number: args.number,
    payerId: args.payerId,
    subjectType: args.subjectType,
    subjectId: args.subjectId,
    feeType: args.feeType,
    amountMinor: fee.amountMinor,
    currency: fee.currency,
    issuedOn,
    dueOn: dueOn(issuedOn),
    status: "billed",
  };
}
