/**
 * A SMALL, hand-drawn sample of reference layers for Liberia, one per kind, for the demo and the
 * tests. NOT AUTHORITATIVE: the outlines approximate real places (Sapo National Park in Sinoe,
 * forest blocks in Nimba and Grand Gedeh, cocoa country around Sanniquellie, a contract area in
 * Grand Bassa) but come from no official dataset. Every name and source says so, every layer is
 * stored with `sample: true`, and verdicts citing them carry a SAMPLE note.
 *
 * Designed so that the demo shows every verdict (see docs/decisions/008-risk-method.md):
 * - low: cocoa area present in 2020 (lon −8.70..−8.50, lat 7.10..7.30), the disturbed-before-2020
 *   patch near Zwedru, or anywhere inside the forest layer's extent but outside its blocks
 *   (e.g. lon −8.60, lat 6.60);
 * - high: the post-2020 disturbance patch in Nimba (lon −8.48..−8.40, lat 7.32..7.40) or
 *   anywhere in the Sapo outline;
 * - more information needed: forest in 2020 without other evidence (e.g. lon −8.85, lat 7.00),
 *   or outside the forest layer's extent (lon −8.95..−7.90, lat 5.15..7.46), e.g. Montserrado.
 *
 * This module has no extensionless runtime imports, so Node scripts can read SAMPLE_LAYERS.
 */
import type { Database } from "#db/client";
import type { LayerKind } from "#worker/domain/assess-risk";
import type { Actor } from "../platform/audit";

export const SAMPLE_LABEL = "SAMPLE — not authoritative";

type Ring = [number, number][];
const feature = (name: string, ring: Ring) => ({
  type: "Feature" as const,
  properties: { name: `${name} (${SAMPLE_LABEL})` },
  geometry: { type: "Polygon" as const, coordinates: [ring] },
});
const collection = (...features: ReturnType<typeof feature>[]) => ({ type: "FeatureCollection" as const, features });

export type SampleLayer = {
  kind: LayerKind;
  name: string;
  source: string;
  sourceDate: string;
  sample: true;
  geojson: ReturnType<typeof collection>;
};

const SOURCE = `${SAMPLE_LABEL}: hand-drawn approximation for demonstration and tests only; not derived from any official dataset`;

export const SAMPLE_LAYERS: SampleLayer[] = [
  {
    kind: "protected_area",
    name: `${SAMPLE_LABEL}: Sapo National Park (approximate outline)`,
    source: `${SOURCE} (for real use: the official boundary, e.g. WDPA / Forestry Development Authority)`,
    sourceDate: "2024-06-30",
    sample: true,
    geojson: collection(
      feature("Sapo National Park", [
        [-8.702114, 5.224381],
        [-8.514662, 5.201937],
        [-8.352108, 5.268845],
        [-8.301544, 5.412276],
        [-8.366931, 5.571308],
        [-8.548277, 5.598764],
        [-8.716392, 5.507119],
        [-8.748806, 5.351642],
        [-8.702114, 5.224381],
      ]),
    ),
  },
  {
    kind: "forest_2020",
    name: `${SAMPLE_LABEL}: Forest cover at end-2020 (Nimba, Grand Gedeh, Sinoe)`,
    source: `${SOURCE} (for real use: e.g. JRC Global Forest Cover 2020)`,
    sourceDate: "2020-12-31",
    sample: true,
    geojson: collection(
      feature("East Nimba forest block", [
        [-8.951207, 6.952418],
        [-8.352619, 6.948731],
        [-8.347205, 7.452166],
        [-8.948833, 7.455902],
        [-8.951207, 6.952418],
      ]),
      feature("Grand Gedeh forest block", [
        [-8.401377, 5.703116],
        [-7.902254, 5.698542],
        [-7.897611, 6.302845],
        [-8.398129, 6.305417],
        [-8.401377, 5.703116],
      ]),
      feature("Sapo forest block", [
        [-8.802211, 5.152307],
        [-8.251468, 5.148952],
        [-8.248315, 5.651784],
        [-8.799874, 5.654216],
        [-8.802211, 5.152307],
      ]),
    ),
  },
  {
    kind: "disturbance_after_2020",
    name: `${SAMPLE_LABEL}: Tree-cover disturbance 2021–2024 (Nimba patch)`,
    source: `${SOURCE} (for real use: e.g. RADD / GLAD alerts, JRC TMF)`,
    sourceDate: "2024-12-31",
    sample: true,
    geojson: collection(
      feature("Disturbance patch north-east of Sanniquellie", [
        [-8.482163, 7.321548],
        [-8.401226, 7.319873],
        [-8.399514, 7.401265],
        [-8.480937, 7.402981],
        [-8.482163, 7.321548],
      ]),
    ),
  },
  {
    kind: "disturbance_before_2020",
    name: `${SAMPLE_LABEL}: Forest disturbance 2001–2019 (Grand Gedeh patch)`,
    source: `${SOURCE} (for real use: e.g. Hansen Global Forest Change loss year ≤ 2019)`,
    sourceDate: "2019-12-31",
    sample: true,
    geojson: collection(
      feature("Old clearing south-west of Zwedru", [
        [-8.213441, 5.952276],
        [-8.102518, 5.950831],
        [-8.101207, 6.051694],
        [-8.211865, 6.053127],
        [-8.213441, 5.952276],
      ]),
    ),
  },
  {
    kind: "commodity_2020",
    name: `${SAMPLE_LABEL}: Cocoa present in 2020 (Nimba)`,
    source: `${SOURCE} (for real use: e.g. a 2020 cocoa map)`,
    sourceDate: "2020-12-31",
    sample: true,
    geojson: collection(
      feature("Cocoa farms around Sanniquellie", [
        [-8.701352, 7.101147],
        [-8.499206, 7.099518],
        [-8.498411, 7.301264],
        [-8.702589, 7.302433],
        [-8.701352, 7.101147],
      ]),
    ),
  },
  {
    kind: "forest_concession",
    name: `${SAMPLE_LABEL}: Forest management contract area (Grand Bassa)`,
    source: `${SOURCE} (for real use: the Forestry Development Authority's concession register)`,
    sourceDate: "2023-01-31",
    sample: true,
    geojson: collection(
      feature("Contract area in central Grand Bassa", [
        [-9.912573, 5.982214],
        [-9.601448, 5.979306],
        [-9.598812, 6.281775],
        [-9.909367, 6.284529],
        [-9.912573, 5.982214],
      ]),
    ),
  },
];

export type InstallSampleLayersDeps = { db: Database; r2: R2Bucket; actor: Actor | null };

/**
 * Uploads the sample layers through the same path as an administrator's upload. Idempotent: a
 * sample layer whose kind and name already have an active version is left as it is.
 */
export async function installSampleLayers(deps: InstallSampleLayersDeps) {
  const { uploadLayer } = await import("../eudr/upload-layer");
  const { listLayers } = await import("#db/queries/reference-layers");
  const active = await listLayers(deps.db);
  const installed: { id: string; kind: string; name: string; version: string }[] = [];
  const skipped: string[] = [];
  for (const layer of SAMPLE_LAYERS) {
    if (active.some((a) => a.kind === layer.kind && a.name === layer.name)) {
      skipped.push(layer.name);
      continue;
    }
    const result = await uploadLayer({ ...layer, geojson: JSON.stringify(layer.geojson, null, 1) }, deps.actor, deps);
    if (!result.ok) throw new Error(`Sample layer ${layer.name} was refused: ${result.message}`);
    const { id, kind, name, version } = result.value.layer;
    installed.push({ id, kind, name, version });
  }
  return { installed, skipped };
}
