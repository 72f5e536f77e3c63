/**
 * D1 binds at most 100 values per statement: a long `IN (…)` list is split into parts under that
 * limit, never truncated. IDS_PER_STATEMENT leaves room for the statement's other bound values.
 */
export const IDS_PER_STATEMENT = 90;

export function chunks<T>(items: readonly T[], size: number = IDS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Runs `select` once per part of the distinct `ids` (in parallel) and joins the rows. */
export async function selectInParts<T, R>(
  ids: readonly T[],
  select: (part: T[]) => Promise<R[]>,
  size: number = IDS_PER_STATEMENT,
): Promise<R[]> {
  if (!ids.length) return [];
  return (await Promise.all(chunks([...new Set(ids)], size).map(select))).flat();
}
