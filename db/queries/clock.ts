/**
 * The database's clock, as the ISO text every timestamp column keeps (UTC with milliseconds):
 * `updatedAt: NOW_SQL` stamps a row when the statement runs, not when it was built.
 */
import { sql } from "drizzle-orm";

export const NOW_SQL = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
