/**
 * Reading D1/SQLite constraint failures, which arrive as error text (possibly wrapped as
 * `cause` by drizzle). Several writes rely on a unique index instead of check-then-insert:
 * a failure tells them another request won the race.
 */

/** The error's text and the text of its causes (a few levels deep). */
export function errorText(error: unknown): string {
  const parts: string[] = [];
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    parts.push(e instanceof Error ? e.message : String(e));
    e = (e as { cause?: unknown }).cause;
  }
  return parts.join(" ");
}

/** The "table.column" of a UNIQUE constraint failure, or null when the error is something else. */
export function uniqueViolation(error: unknown): string | null {
  return /UNIQUE constraint failed: ([\w.]+)/.exec(errorText(error))?.[1] ?? null;
}

/** A UNIQUE (or primary key) failure, on `column` when given (matched as text, e.g. "import_key"). */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  const text = errorText(error);
  return /UNIQUE constraint failed|PRIMARY KEY/i.test(text) && (!column || text.includes(column));
}

/**
 * A failure of one of the platform's stores rather than of the request: D1 overloaded or timed
 * out, KV or R2 unavailable, the connection to any of them lost (docs/fault-injection.md). The
 * person can only wait and try again; every write path is atomic or safely resumable, so a retry
 * never records anything twice.
 */
export function isStoreFailure(error: unknown): boolean {
  return /\bD1_(?:ERROR|EXEC_ERROR)\b|\bKV (?:GET|PUT|DELETE|LIST) failed\b|Network connection lost|\boverloaded\b|\btimed? ?out\b|\btimeout\b|internal error\. Please try again|\(100(?:01|43|58)\)/i.test(
    errorText(error),
  );
}

/**
 * Whether a write that failed with a store error landed all the same. A lost answer (a timeout
 * after the commit) leaves the writer unsure, so it reads back what the write would have stored:
 * `true` it is there, `false` it is not, `null` the read failed too (nobody can tell yet).
 */
export async function landedAnyway(error: unknown, readBack: () => Promise<boolean>): Promise<boolean | null> {
  if (!isStoreFailure(error)) return false;
  try {
    return await readBack();
  } catch {
    return null;
  }
}
