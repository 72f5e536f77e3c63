/**
 * Whole records for the auditor's export: every column of every row of a chain, read
 * by the few keys a chain is made of. Tables and key columns come from the fixed list below,
 * never from a request; values are bound in chunks under D1's 100-value limit.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../client";

/** The record tables of a batch's chain and the key each is read by. */
export const CHAIN_TABLES = {
  batches: ["id"],
  batch_origins: ["batch_id"],
  batch_lineage: ["parent_batch_id", "child_batch_id"],
  custody_events: ["batch_id"],
  purchases: ["batch_id"],
  batch_dispatches: ["batch_id"],
  batch_inspections: ["batch_id"],
  port_inspections: ["batch_id"],
  shipment_batches: ["batch_id"],
  order_allocations: ["batch_id"],
  inspection_requests: ["batch_id"],
  farmers: ["farmer_id"],
  land_plots: ["id"],
  plot_versions: ["plot_id"],
  plot_assessments: ["plot_id"],
  plot_visits: ["plot_id"],
  shipments: ["id"],
  export_permits: ["shipment_id"],
  certificates: ["subject_id"],
  record_versions: ["record_id"],
} as const;
export type ChainTable = keyof typeof CHAIN_TABLES;

const CHUNK = 90;

/** Every row of `table` whose key column is one of `values`, in rowid order, without duplicates. */
export async function recordsWhereIn(db: Database, table: ChainTable, values: readonly string[]) {
  const unique = [...new Set(values)];
  const seen = new Set<number>();
  const out: Record<string, unknown>[] = [];
  for (const column of CHAIN_TABLES[table]) {
    for (let i = 0; i < unique.length; i += CHUNK) {
      const chunk = unique.slice(i, i + CHUNK);
      const rows = await db.all<Record<string, unknown> & { __rowid: number }>(
        sql`SELECT rowid AS __rowid, * FROM ${sql.raw(`"${table}"`)} WHERE ${sql.raw(`"${column}"`)} IN (${sql.join(
          chunk.map((v) => sql`${v}`),
          sql`, `,
        )})`,
      );
      for (const { __rowid, ...row } of rows) {
        if (seen.has(__rowid)) continue;
        seen.add(__rowid);
        out.push({ ...row, __order: __rowid });
      }
    }
  }
  return out.sort((a, b) => (a.__order as number) - (b.__order as number)).map(({ __order, ...row }) => row);
}

/** Every batch that descends from this one, through any number of splits and merges. */
export async function descendantIds(db: Database, batchId: string): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`
    WITH RECURSIVE down(id) AS (
      SELECT child_batch_id FROM batch_lineage WHERE parent_batch_id = ${batchId}
      UNION
      SELECT l.child_batch_id FROM batch_lineage l JOIN down ON l.parent_batch_id = down.id
    )
    SELECT id FROM down LIMIT 500`);
  return rows.map((r) => r.id);
}

/** The audit rows about any of these records (by entity id), oldest first. */
export async function auditRowsOf(db: Database, entityIds: readonly string[]) {
  const unique = [...new Set(entityIds)];
  const out = new Map<number, Record<string, unknown>>();
  for (let i = 0; i < unique.length; i += CHUNK) {
    const chunk = unique.slice(i, i + CHUNK);
    const rows = await db.all<Record<string, unknown> & { id: number }>(
      sql`SELECT * FROM audit_log WHERE entity_id IN (${sql.join(
        chunk.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
    for (const row of rows) out.set(row.id, row);
  }
  return [...out.values()].sort((a, b) => (a.id as number) - (b.id as number));
}

/** An account's oversight entity type (donor | ngo | auditor), for the auditor-only export. */
export async function entityTypeOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.all<{ entityType: string | null }>(
    sql`SELECT entity_type AS entityType FROM users WHERE id = ${userId}`,
  );
  return row?.entityType ?? null;
}
