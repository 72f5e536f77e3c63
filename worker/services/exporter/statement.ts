/**
 * The exporter's payment statement over a date range: fee payments of their invoices and
 * their payments for purchased stock, totals per currency (worker/domain/receipts/statement.ts),
 * as CSV or PDF. An exporter gets only their own; nobody else has a statement here.
 */
import { feePaymentsOfPayer, listStockPayments } from "#db/queries/exporter-desk";
import { accountById } from "#db/queries/licensing";
import type { StatementQuery } from "#worker/contracts/exporter-desk";
import { FEE_TYPE_LABEL, type FeeType } from "#worker/domain/fees";
import type { Currency } from "#worker/domain/money";
import { renderStatement } from "#worker/domain/receipts/render-statement";
import { buildStatement, type Statement, statementCsv } from "#worker/domain/receipts/statement";
import type { ServiceDeps } from "../deps";
import { fail, ok, type Result } from "../result";

export async function statementFor(
  range: StatementQuery,
  { db, actor }: Pick<ServiceDeps, "db" | "actor">,
): Promise<Result<Statement>> {
  if (actor.role !== "exporter") return fail(403, "Only an exporter has a payment statement here");
  const [account, fees, stock] = await Promise.all([
    accountById(db, actor.id),
    feePaymentsOfPayer(db, actor.id, range.from, range.to),
    listStockPayments(db, { payerId: actor.id, from: range.from, to: range.to }, 5000),
  ]);
  return ok(
    buildStatement(
      range,
      {
        name: account ? `${account.firstName} ${account.lastName}`.trim() || account.loginId : actor.id,
        loginId: account?.loginId ?? actor.id,
      },
      [
        ...fees.map((f) => ({
          paidOn: f.paidOn,
          kind: "fee" as const,
          description: `${FEE_TYPE_LABEL[f.feeType as FeeType] ?? f.feeType}, invoice ${f.invoiceNumber}`,
          reference: f.reference,
          receiptNumber: f.receiptNumber,
          amountMinor: f.amountMinor,
          currency: f.currency as Currency,
        })),
        ...stock.map((p) => ({
          paidOn: p.paidOn,
          kind: "stock" as const,
          description: `Purchased stock: ${(JSON.parse(p.batchCodes) as string[]).join(", ")}`,
          reference: p.reference,
          receiptNumber: p.receiptNumber,
          amountMinor: p.amountMinor,
          currency: p.currency as Currency,
        })),
      ],
    ),
  );
}

export async function statementFile(
  range: StatementQuery,
  format: "csv" | "pdf",
  deps: Pick<ServiceDeps, "db" | "actor" | "now">,
): Promise<Result<{ body: string | Uint8Array; contentType: string; fileName: string }>> {
  const s = await statementFor(range, deps);
  if (!s.ok) return s;
  const fileName = `statement-${range.from}-to-${range.to}.${format}`;
  if (format === "csv") return ok({ body: statementCsv(s.value), contentType: "text/csv; charset=utf-8", fileName });
  return ok({ body: await renderStatement(s.value, deps.now()), contentType: "application/pdf", fileName });
}
