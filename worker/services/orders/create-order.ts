/**
 * An exporter records a contract with an EU buyer: buyer and country, commodity and HS
 * code, quantity (grams), price per tonne (minor units + currency), incoterm and delivery window.
 * It gets the next ORD-<year>-<serial> code.
 */
import { insertOrder, type OrderRow } from "#db/queries/orders";
import type { OrderCreateInput } from "#worker/contracts/orders";
import type { ServiceDeps } from "../deps";
import { numberPrefix, withNextNumber } from "../licensing/numbers";
import { requireLicence } from "../licensing/require-licence";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { ONLY_EXPORTER } from "./order-access";

export async function createOrder(
  input: OrderCreateInput,
  deps: Pick<ServiceDeps, "db" | "actor" | "now">,
): Promise<Result<{ order: OrderRow }>> {
  const { db, actor } = deps;
  if (actor.role !== "exporter") return fail(403, ONLY_EXPORTER);
  const now = deps.now();
  const unlicensed = await requireLicence(db, actor, "order", input.commodity, now);
  if (unlicensed) return unlicensed;
  const order = await withNextNumber(db, "order", numberPrefix("order", now.getUTCFullYear()), async (code) => {
    const row: OrderRow = {
      id: crypto.randomUUID(),
      code,
      exporterId: actor.id,
      ...input,
      status: "open",
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    await db.batch([insertOrder(db, row), auditEntry(db, actor, "order.create", "order", code, null, row)]);
    return row;
  });
  return ok({ order });
}
