import type { Context } from "hono";
import { packageCollection, serializeEudrGeoJson } from "../domain/eudr-geojson";
import { exportGeoJson } from "../services/eudr/export-geojson";
import { type ApiEnv, serviceDeps } from "./middleware";
import { apiError, reply, success } from "./reply";

/**
 * GET /api/eudr/export (docs/eudr-rules.md, ADR 008): the DDS-ready GeoJSON of a farmer, batch or list of
 * plots. A large scope is cut into packages; `?part=n` answers one, `?manifest=1` lists them.
 */
export async function eudrExport(c: Context<ApiEnv>) {
  const q = c.req.query();
  const plotIds = (q.plotIds ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const result = await exportGeoJson(
    { farmerId: q.farmerId, batchCode: q.batchCode ?? q.shipment, plotIds: plotIds.length ? plotIds : null },
    serviceDeps(c),
  );
  if (!result.ok) return reply(c, result);
  const exported = result.value;
  const count = exported.packages.length;
  c.header("Cache-Control", "private, no-store");
  c.header("X-Package-Count", String(count));
  if (q.manifest === "1") {
    const base = new URL(c.req.url);
    base.searchParams.delete("manifest");
    return success(c, {
      ...exported.manifest,
      packages: exported.manifest.packages.map((p) => {
        base.searchParams.set("part", String(p.part));
        return { ...p, url: `${base.pathname}${base.search}` };
      }),
    });
  }
  const part = q.part === undefined ? 1 : Number(q.part);
  if (!Number.isInteger(part) || part < 1 || part > count) {
    return apiError(c, 404, `Package ${q.part} does not exist: this export has ${count} package(s), numbered from 1`);
  }
  const pkg = exported.packages[part - 1]!;
  const slug = `${exported.label}-${pkg.commodity}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  c.header("X-Package-Part", String(part));
  c.header("X-Package-Commodity", pkg.commodity);
  c.header("Content-Type", "application/geo+json; charset=utf-8");
  c.header("Content-Disposition", `attachment; filename="eudr-${slug}-part-${part}-of-${count}.geojson"`);
  return c.body(serializeEudrGeoJson(packageCollection(pkg)));
}
