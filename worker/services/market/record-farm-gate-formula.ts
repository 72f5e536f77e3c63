/**
 * A new version of a commodity's farm-gate formula, stated by regulator staff. Old
 * versions stay as they were, with who stated them and when, so a past farm-gate price is always
 * computed with the formula in force on its date.
 */
import { isUniqueViolation } from "#db/errors";
import { type FarmGateFormulaRow, formulasOf, highestFormulaVersion, insertFormula } from "#db/queries/market";
import type { FarmGateFormulaInput } from "#worker/contracts/market";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { refuseUnlessPriceStaff } from "./market-common";

export async function recordFarmGateFormula(
  input: FarmGateFormulaInput & { isSample?: boolean },
  deps: Pick<ServiceDeps, "db" | "actor">,
): Promise<Result<{ formula: FarmGateFormulaRow }>> {
  const refused = refuseUnlessPriceStaff(deps.actor);
  if (refused) return refused;
  const { db, actor } = deps;
  const version = (await highestFormulaVersion(db, input.commodity)) + 1;
  const row = {
    id: crypto.randomUUID(),
    commodity: input.commodity,
    version,
    effectiveFrom: input.effectiveFrom,
    fobShareBp: input.fobShareBp,
    costsPerKgMinor: input.costsPerKgMinor,
    currency: "USD",
    basis: input.basis,
    isSample: input.isSample ?? false,
    createdBy: actor.id,
  };
  try {
    await db.batch([
      insertFormula(db, row),
      auditEntry(db, actor, "farm_gate_formula.record", "farm_gate_formula", row.id, null, row),
    ]);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return fail(409, "Someone stated a new version of this formula at the same moment: reload and try again");
  }
  const formula = (await formulasOf(db, input.commodity)).find((f) => f.id === row.id)!;
  return ok({ formula });
}
