/**
 * The reference layers as /api/eudr and the assessment page show them (./upload-layer.ts stores
 * them): the list, and a layer's original file from R2.
 */
import type { Database } from "#db/client";
import { findLayer, listLayers, type ReferenceLayerRow } from "#db/queries/reference-layers";
import { LAYER_KIND_LABEL } from "#worker/contracts/eudr";
import { fail, ok, type Result } from "../result";

export function layerView(l: ReferenceLayerRow) {
  return {
    id: l.id,
    kind: l.kind,
    kindLabel: LAYER_KIND_LABEL[l.kind as keyof typeof LAYER_KIND_LABEL] ?? l.kind,
    name: l.name,
    source: l.source,
    sourceDate: l.sourceDate,
    version: l.version,
    featureCount: l.featureCount,
    sample: l.sample,
    status: l.status,
    createdAt: l.createdAt,
  };
}

/** The active layers (`includeRetired`: the retired versions too), as shown. */
export async function listReferenceLayers(input: { includeRetired: boolean }, deps: { db: Database }) {
  return (await listLayers(deps.db, input)).map(layerView);
}

/** A layer's original GeoJSON file, with the name it is saved under. */
export async function layerFile(
  id: string,
  deps: { db: Database; r2: Pick<R2Bucket, "get"> },
): Promise<Result<{ body: ReadableStream; fileName: string }>> {
  const layer = await findLayer(deps.db, id);
  const object = layer ? await deps.r2.get(layer.r2Key) : null;
  if (!layer || !object) return fail(404, "No such layer");
  return ok({ body: object.body, fileName: `layer-${layer.kind}-${layer.version}.geojson` });
}
