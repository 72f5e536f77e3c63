import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../client";
import { layerFeatures, referenceLayers } from "../schema";
import { NOW_SQL } from "./clock";

export type ReferenceLayerRow = typeof referenceLayers.$inferSelect;
export type NewReferenceLayer = typeof referenceLayers.$inferInsert;
export type NewLayerFeature = typeof layerFeatures.$inferInsert;

/** D1 allows 100 bound parameters per statement: layer_features rows carry 7 each. */
const FEATURE_ROWS_PER_INSERT = Math.floor(100 / 7);

/** Runs statements as one D1 batch (one transaction); nothing to do for an empty list. */
export async function runBatch(db: Database, statements: BatchItem<"sqlite">[]) {
  if (!statements.length) return [];
  return db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/** Active layers first, newest first: what the page and GET /eudr/layers list. */
export async function listLayers(db: Database, { includeRetired = false } = {}) {
  return db
    .select()
    .from(referenceLayers)
    .where(includeRetired ? undefined : eq(referenceLayers.status, "active"))
    .orderBy(asc(referenceLayers.status), asc(referenceLayers.kind), desc(referenceLayers.createdAt));
}

/** Every version of one layer (same kind and name), newest first. */
export async function layerVersions(db: Database, kind: string, name: string) {
  return db
    .select()
    .from(referenceLayers)
    .where(and(eq(referenceLayers.kind, kind), eq(referenceLayers.name, name)))
    .orderBy(desc(referenceLayers.createdAt));
}

export async function findLayer(db: Database, id: string) {
  const [row] = await db.select().from(referenceLayers).where(eq(referenceLayers.id, id)).limit(1);
  return row ?? null;
}

/** Insert statements for a layer's features, ≤ 100 bound parameters each. */
export function insertFeatureStatements(db: Database, rows: NewLayerFeature[]) {
  const statements = [];
  for (let i = 0; i < rows.length; i += FEATURE_ROWS_PER_INSERT) {
    statements.push(db.insert(layerFeatures).values(rows.slice(i, i + FEATURE_ROWS_PER_INSERT)));
  }
  return statements;
}

export function insertLayerStatement(db: Database, layer: NewReferenceLayer) {
  return db.insert(referenceLayers).values(layer);
}

/** Retires the active versions of (kind, name): they stay for the evidence of past verdicts. */
export function retireLayersStatement(db: Database, kind: string, name: string) {
  return db
    .update(referenceLayers)
    .set({ status: "retired", updatedAt: NOW_SQL })
    .where(and(eq(referenceLayers.kind, kind), eq(referenceLayers.name, name), eq(referenceLayers.status, "active")));
}

/** Cleans up features of an upload that failed before its layer row was written. */
export async function deleteLayerFeatures(db: Database, layerId: string) {
  await db.delete(layerFeatures).where(eq(layerFeatures.layerId, layerId));
}

/**
 * Where each active layer has data: the union of its features' bounding boxes. A layer is
 * evidence for a plot only inside this extent (worker/domain/assess-risk.ts).
 */
export async function activeLayersWithExtent(db: Database) {
  return db
    .select({
      id: referenceLayers.id,
      kind: referenceLayers.kind,
      name: referenceLayers.name,
      source: referenceLayers.source,
      sourceDate: referenceLayers.sourceDate,
      version: referenceLayers.version,
      sample: referenceLayers.sample,
      minLon: sql<number>`min(${layerFeatures.minLon})`,
      minLat: sql<number>`min(${layerFeatures.minLat})`,
      maxLon: sql<number>`max(${layerFeatures.maxLon})`,
      maxLat: sql<number>`max(${layerFeatures.maxLat})`,
    })
    .from(referenceLayers)
    .innerJoin(layerFeatures, eq(layerFeatures.layerId, referenceLayers.id))
    .where(eq(referenceLayers.status, "active"))
    .groupBy(referenceLayers.id)
    .orderBy(asc(referenceLayers.kind), asc(referenceLayers.name));
}

export type CandidateFeature = {
  id: number;
  layerId: string;
  geometry: string;
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
};
