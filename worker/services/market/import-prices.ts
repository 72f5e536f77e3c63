/**
 * World prices imported from a CSV by regulator staff, line by line as in the bulk
 * import (worker/services/registry/bulk-import.ts): every line is stored or reported with its
 * line number and reason; a bad line stores nothing, the good lines are stored. Re-importing a
 * file stores nothing twice (price_points_series_date_source_unique): lines already stored with
 * the same price are counted as "already stored"; a different price for a stored date and
 * source is reported, never overwritten. Price files are small (≤ 5000 lines), so this runs in
 * the request, unlike the registry import.
 */
import { isUniqueViolation } from "#db/errors";
import { insertPricePoint, type PricePointRow, pricePointsBetween } from "#db/queries/market";
import { fieldErrors } from "#worker/contracts/field-errors";
import { type PricePointInput, PricePointSchema } from "#worker/contracts/market";
import { type PriceLineError, parsePriceCsv } from "#worker/domain/price-rows";
import type { AuditActor, ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { ok, type Result } from "../result";
import { refuseUnlessPriceStaff } from "./market-common";
import { duplicateOutcome } from "./record-price";

export const MAX_PRICE_FILE_BYTES = 1024 * 1024;
/** Lines per D1 batch (two statements each: the point and its audit row). */
const CHUNK = 50;

export type PriceImportReport = {
  fileName: string;
  /** Lines of prices in the file. */
  total: number;
  stored: number;
  /** Already stored with the same price (a re-import). */
  alreadyStored: number;
  failed: number;
  errors: PriceLineError[];
};

type Valid = { line: number; value: PricePointInput };

export async function importPrices(
  file: { fileName: string; text: string; isSample?: boolean; createdBy?: string },
  deps: Pick<ServiceDeps, "db"> & { actor: AuditActor },
): Promise<Result<PriceImportReport>> {
  const refused = deps.actor.role === "system" ? null : refuseUnlessPriceStaff(deps.actor);
  if (refused) return refused;
  const { db, actor } = deps;
  const parsed = parsePriceCsv(file.text);
  const errors: PriceLineError[] = [...parsed.errors];
  const total = parsed.lines.length + parsed.errors.filter((e) => e.line > 1).length;

  // 1. The contract's rules, line by line; a key repeated inside the file is reported.
  const valid: Valid[] = [];
  const seen = new Map<string, number>();
  for (const { line, value } of parsed.lines) {
    const result = PricePointSchema.safeParse(value);
    if (!result.success) {
      errors.push({ line, reason: [...new Set(Object.values(fieldErrors(result.error)).flat())].join("; ") });
      continue;
    }
    const key = `${result.data.commodity}|${result.data.date}|${result.data.source.toLowerCase()}`;
    const first = seen.get(key);
    if (first) {
      errors.push({ line, reason: `Repeats the commodity, date and source of line ${first}` });
      continue;
    }
    seen.set(key, line);
    valid.push({ line, value: result.data });
  }

  // 2. What is stored already (one query over the file's dates).
  let alreadyStored = 0;
  const fresh: Valid[] = [];
  if (valid.length) {
    const dates = valid.map((v) => v.value.date).sort();
    const stored = await pricePointsBetween(
      db,
      [...new Set(valid.map((v) => v.value.commodity))],
      dates[0]!,
      dates[dates.length - 1]!,
    );
    const byKey = new Map<string, PricePointRow>(stored.map((p) => [`${p.commodity}|${p.date}|${p.source}`, p]));
    for (const v of valid) {
      const existing = byKey.get(`${v.value.commodity}|${v.value.date}|${v.value.source}`);
      if (!existing) fresh.push(v);
      else {
        const outcome = duplicateOutcome(existing, v.value);
        if (outcome.same) alreadyStored++;
        else errors.push({ line: v.line, reason: outcome.reason });
      }
    }
  }

  // 3. The new lines, a chunk per transaction, each point with its audit row.
  let storedCount = 0;
  for (let i = 0; i < fresh.length; i += CHUNK) {
    const chunk = fresh.slice(i, i + CHUNK);
    const statements = chunk.flatMap(({ line, value }) => {
      const row = {
        id: crypto.randomUUID(),
        ...value,
        isSample: file.isSample ?? false,
        createdBy: file.createdBy ?? actor.id,
      };
      return [
        insertPricePoint(db, row),
        auditEntry(db, actor, "price_point.import", "price_point", row.id, null, {
          ...row,
          file: file.fileName.slice(0, 200),
          line,
        }),
      ];
    });
    try {
      await db.batch(statements as [(typeof statements)[0], ...(typeof statements)[0][]]);
      storedCount += chunk.length;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Someone stored some of these at the same moment: nothing of this chunk was kept.
      for (const { line } of chunk) {
        errors.push({
          line,
          reason: "Not stored: another import stored prices for these dates at the same time; import the file again",
        });
      }
    }
  }

  errors.sort((a, b) => a.line - b.line);
  return ok({
    fileName: file.fileName,
    total,
    stored: storedCount,
    alreadyStored,
    failed: errors.filter((e) => e.line > 1).length,
    errors,
  });
}
