/**
 * The one way a list is paged (the kit's pagination on every list page and `paged` API reply): the
 * rows of one page, newest or first as the list orders them, and how many rows the filter matches
 * in all, read together in one round trip (a D1 batch).
 */
import { count, type SQL } from "drizzle-orm";
import type { SQLiteSelect, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";

export type PageRequest = { page: number; pageSize: number };

/**
 * Page `page` of `list` (a select, already filtered and ordered) and the count of the `table`
 * rows matching `where` (the list's own filter).
 */
export async function pageWithTotal<T extends SQLiteSelect>(
  db: Database,
  list: { $dynamic(): T },
  counted: { table: SQLiteTable; where: SQL | undefined },
  { page, pageSize }: PageRequest,
): Promise<[rows: Awaited<T>, total: number]> {
  const [rows, [total]] = await db.batch([
    list
      .$dynamic()
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(counted.table).where(counted.where),
  ]);
  return [rows as Awaited<T>, total?.n ?? 0];
}
