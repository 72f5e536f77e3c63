/**
 * Upload of a reference layer (docs/eudr-rules.md "convergence of evidence"; ADR 008): layers are data,
 * not code. The original file goes to R2, its features are indexed by bounding box in
 * layer_features, and a new upload of the same kind + name becomes a new version while the
 * previous one is retired (kept, because past verdicts cite it).
 */
import type { Database } from "#db/client";
import {
  deleteLayerFeatures,
  insertFeatureStatements,
  insertLayerStatement,
  layerVersions,
  type NewLayerFeature,
  type ReferenceLayerRow,
  retireLayersStatement,
  runBatch,
} from "#db/queries/reference-layers";
import { type AreaGeometry, LAYER_KINDS, type LayerKind } from "#worker/domain/assess-risk";
import type { AuditActor } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";

export type LayerIssue = { feature?: number; message: string };
export type ParsedLayerFeature = {
  name: string | null;
  geometry: AreaGeometry;
  bbox: [number, number, number, number];
};

/** Issues listed one by one before the rest are summarised, so a bad file gives a readable answer. */
const MAX_LISTED_ISSUES = 20;
/** Statements per D1 batch while indexing a large layer. */
const STATEMENTS_PER_BATCH = 50;

const isNumberPair = (v: unknown): v is [number, number] =>
  Array.isArray(v) && (v.length === 2 || v.length === 3) && v.every((n) => typeof n === "number" && Number.isFinite(n));

function checkRing(ring: unknown, where: string, issues: string[]): [number, number][] | null {
  if (!Array.isArray(ring) || !ring.every(isNumberPair)) {
    issues.push(`${where}: every position must be a [longitude, latitude] pair of numbers`);
    return null;
  }
  if (ring.length < 4)
    issues.push(`${where}: a ring needs at least 4 positions (3 corners and the closing point); it has ${ring.length}`);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1]))
    issues.push(`${where}: the ring is not closed — the last position must repeat the first`);
  if (ring.some(([lon, lat]) => lon < -180 || lon > 180 || lat < -90 || lat > 90)) {
    issues.push(
      `${where}: coordinates are outside WGS84 (longitude −180..180, latitude −90..90) — GeoJSON is [longitude, latitude] in EPSG:4326`,
    );
  }
  return ring.map(([lon, lat]) => [lon, lat]);
}

/**
 * Parses and checks a layer file: a GeoJSON FeatureCollection of Polygon / MultiPolygon
 * features (RFC 7946, WGS84, [lon, lat]). Holes are allowed here: unlike a plot sent to the EU
 * information system, a forest map may have clearings. Returns the features with their bounding
 * boxes, or one message per faulty feature (numbered from 1, as a person counts).
 */
export function parseLayerGeoJson(
  input: unknown,
): { ok: true; features: ParsedLayerFeature[] } | { ok: false; message: string; errors: LayerIssue[] } {
  let value = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch (error) {
      return {
        ok: false,
        message: "The layer file is not valid JSON",
        errors: [{ message: error instanceof Error ? error.message : String(error) }],
      };
    }
  }
  const fc = value as { type?: unknown; features?: unknown } | null;
  if (!fc || typeof fc !== "object" || fc.type !== "FeatureCollection") {
    const found = fc && typeof fc === "object" && typeof fc.type === "string" ? ` (found ${fc.type})` : "";
    return { ok: false, message: `A reference layer must be a GeoJSON FeatureCollection${found}`, errors: [] };
  }
  if (!Array.isArray(fc.features) || fc.features.length === 0) {
    return { ok: false, message: "The FeatureCollection has no features", errors: [] };
  }
  const errors: LayerIssue[] = [];
  const features: ParsedLayerFeature[] = [];
  fc.features.forEach((raw: unknown, i: number) => {
    const n = i + 1;
    const f = raw as {
      type?: unknown;
      geometry?: { type?: unknown; coordinates?: unknown } | null;
      properties?: Record<string, unknown> | null;
    } | null;
    if (!f || typeof f !== "object" || f.type !== "Feature") {
      errors.push({ feature: n, message: `Feature ${n}: is not a GeoJSON Feature` });
      return;
    }
    const props = f.properties ?? {};
    const nameValue = props.name ?? props.NAME ?? props.Name;
    const name = typeof nameValue === "string" && nameValue.trim() ? nameValue.trim().slice(0, 200) : null;
    const label = `Feature ${n}${name ? ` (${name})` : ""}`;
    if (!f.geometry || typeof f.geometry !== "object") {
      errors.push({ feature: n, message: `${label}: has no geometry` });
      return;
    }
    const type = f.geometry.type;
    if (type !== "Polygon" && type !== "MultiPolygon") {
      errors.push({
        feature: n,
        message: `${label}: ${String(type)} geometries are not accepted — a reference layer holds Polygon or MultiPolygon features only`,
      });
      return;
    }
    const polygons = (type === "Polygon" ? [f.geometry.coordinates] : f.geometry.coordinates) as unknown;
    const issues: string[] = [];
    const clean: [number, number][][][] = [];
    if (!Array.isArray(polygons) || polygons.length === 0) issues.push(`${label}: the geometry has no coordinates`);
    else
      polygons.forEach((rings: unknown, p) => {
        const where = type === "Polygon" ? label : `${label}, polygon ${p + 1}`;
        if (!Array.isArray(rings) || rings.length === 0) {
          issues.push(`${where}: no rings`);
          return;
        }
        const checked = rings.map((ring, r) => checkRing(ring, r === 0 ? where : `${where}, hole ${r}`, issues));
        if (checked.every(Boolean)) clean.push(checked as [number, number][][]);
      });
    if (issues.length) {
      for (const message of issues) errors.push({ feature: n, message });
      return;
    }
    const all = clean.flat(2);
    const bbox: [number, number, number, number] = [
      Math.min(...all.map((p) => p[0])),
      Math.min(...all.map((p) => p[1])),
      Math.max(...all.map((p) => p[0])),
      Math.max(...all.map((p) => p[1])),
    ];
    const geometry: AreaGeometry = type === "Polygon" ? { type, coordinates: clean[0]! } : { type, coordinates: clean };
    features.push({ name, geometry, bbox });
  });
  if (errors.length) {
    const listed = errors.slice(0, MAX_LISTED_ISSUES);
    if (errors.length > MAX_LISTED_ISSUES)
      listed.push({ message: `… and ${errors.length - MAX_LISTED_ISSUES} more problem(s)` });
    const bad = new Set(errors.map((e) => e.feature)).size;
    return {
      ok: false,
      message: `The layer was not stored: ${bad} of ${fc.features.length} feature(s) are not valid`,
      errors: listed,
    };
  }
  return { ok: true, features };
}

export type UploadLayerInput = {
  kind: LayerKind;
  name: string;
  source: string;
  /** ISO yyyy-mm-dd: the date the data describes. */
  sourceDate: string;
  /** The FeatureCollection, as text (stored byte for byte in R2) or as parsed JSON. */
  geojson: unknown;
  sample?: boolean;
};
export type UploadLayerDeps = { db: Database; r2: R2Bucket; now?: () => Date };
/** The stored layer, and the versions of the same kind and name it retired. */
export type UploadedLayer = { layer: ReferenceLayerRow; retiredVersions: string[] };

/** R2 key of a layer's original file. */
export const layerR2Key = (layerId: string) => `layers/${layerId}.geojson`;

/**
 * Stores a layer: original file in R2 (`layers/<id>.geojson`), one layer_features row per
 * feature with its bounding box, and the layer row itself. The features are written first (in
 * batches, as a large layer can exceed one batch); the layer row, the retirement of the older
 * version and the audit row then go in one batch, so the new version becomes active at once.
 */
export async function uploadLayer(
  input: UploadLayerInput,
  actor: AuditActor | null,
  deps: UploadLayerDeps,
): Promise<Result<UploadedLayer>> {
  if (!(LAYER_KINDS as readonly string[]).includes(input.kind))
    return fail(400, `Unknown layer kind "${input.kind}": use one of ${LAYER_KINDS.join(", ")}`, []);
  const parsed = parseLayerGeoJson(input.geojson);
  if (!parsed.ok) return fail(400, parsed.message, parsed.errors);

  const { db } = deps;
  const id = crypto.randomUUID();
  const previous = await layerVersions(db, input.kind, input.name);
  const version = `v${previous.length + 1}`;
  const r2Key = layerR2Key(id);
  const text = typeof input.geojson === "string" ? input.geojson : JSON.stringify(input.geojson);
  await deps.r2.put(r2Key, text, {
    httpMetadata: { contentType: "application/geo+json" },
    customMetadata: {
      kind: input.kind,
      name: input.name,
      version,
      sourceDate: input.sourceDate,
      sample: String(Boolean(input.sample)),
    },
  });

  const rows: NewLayerFeature[] = parsed.features.map((f) => ({
    layerId: id,
    name: f.name,
    geometry: JSON.stringify(f.geometry),
    minLon: f.bbox[0],
    minLat: f.bbox[1],
    maxLon: f.bbox[2],
    maxLat: f.bbox[3],
  }));
  const layer: ReferenceLayerRow = {
    id,
    kind: input.kind,
    name: input.name,
    source: input.source,
    sourceDate: input.sourceDate,
    version,
    r2Key,
    featureCount: rows.length,
    sample: Boolean(input.sample),
    status: "active",
    uploadedBy: actor?.id ?? null,
    createdAt: (deps.now?.() ?? new Date()).toISOString(),
    updatedAt: (deps.now?.() ?? new Date()).toISOString(),
  };
  const retiredVersions = previous.filter((p) => p.status === "active").map((p) => p.version);
  try {
    const featureStatements = insertFeatureStatements(db, rows);
    for (let i = 0; i < featureStatements.length; i += STATEMENTS_PER_BATCH) {
      await runBatch(db, featureStatements.slice(i, i + STATEMENTS_PER_BATCH));
    }
    const { r2Key: _key, ...auditAfter } = layer;
    await runBatch(db, [
      retireLayersStatement(db, input.kind, input.name),
      insertLayerStatement(db, layer),
      auditEntry(
        db,
        actor,
        "reference_layer.upload",
        "reference_layer",
        id,
        retiredVersions.length ? { retiredVersions } : null,
        auditAfter,
      ),
    ]);
  } catch (error) {
    // Never leave half a layer behind: its features are useless without the layer row.
    await deleteLayerFeatures(db, id).catch(() => {});
    await deps.r2.delete(r2Key).catch(() => {});
    throw error;
  }
  return ok({ layer, retiredVersions });
}
