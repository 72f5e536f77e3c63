import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sessionAs } from "./factories";
import { call } from "./helpers";

const square = (lon: number, lat: number, d = 0.000903) => [
  [lon, lat],
  [+(lon + d).toFixed(6), lat],
  [+(lon + d).toFixed(6), +(lat + d).toFixed(6)],
  [lon, +(lat + d).toFixed(6)],
  [lon, lat],
];

async function validate(body: unknown, cookie?: string) {
  return call("/api/plots/validate", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

describe("POST /api/plots/validate", () => {
  it("needs a signed-in inspector, field agent or regulator", async () => {
    expect((await validate({ type: "Point", coordinates: [-9.472311, 6.995412] })).status).toBe(401);
    const farmer = await sessionAs("farmer");
    expect((await validate({ type: "Point", coordinates: [-9.472311, 6.995412] }, farmer.cookie)).status).toBe(403);
  });

  it("answers { success, valid, areaHectares, errors, warnings } and stores nothing", async () => {
    const { cookie } = await sessionAs("land_inspector");
    const res = await validate(
      { type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [square(-9.472311, 6.995412)] } },
      cookie,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { valid: boolean; areaHectares: number; errors: unknown[]; warnings: unknown[] };
    expect(Object.keys(body).sort()).toEqual(["areaHectares", "errors", "success", "valid", "warnings"]);
    expect(body.valid).toBe(true);
    expect(body.areaHectares).toBeCloseTo(1, 1);
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM land_plots").first<{ n: number }>();
    expect(stored!.n).toBe(0);
  });

  it("reports each broken rule by name", async () => {
    const { cookie } = await sessionAs("field_agent");
    const line = await (
      await validate(
        {
          geojson: {
            type: "LineString",
            coordinates: [
              [-9.472311, 6.995412],
              [-9.471311, 6.995412],
            ],
          },
        },
        cookie,
      )
    ).json();
    expect(line).toMatchObject({ valid: false, errors: [{ rule: "no-linestring" }] });
    const point = await (
      await validate(
        { geometry: { type: "Point", coordinates: [-9.472311, 6.995412] }, declaredAreaHectares: 7 },
        cookie,
      )
    ).json();
    expect((point as { errors: { rule: string }[] }).errors.map((e) => e.rule)).toContain("point-over-4ha");
  });

  it("finds a double claim against a registered plot of another farmer", async () => {
    const geometry = { type: "Polygon", coordinates: [square(-9.472311, 6.995412)] };
    await env.DB.prepare(
      "INSERT INTO land_plots (id, plot_code, farmer_id, geometry, geometry_type, area_hectares, min_lon, min_lat, max_lon, max_lat, validation_state) VALUES ('p1','PLT-000001','farmer-a',?,'Polygon',1,-9.472311,6.995412,-9.471408,6.996315,'valid')",
    )
      .bind(JSON.stringify(geometry))
      .run();
    const { cookie } = await sessionAs("ddgots");
    const shifted = { type: "Polygon", coordinates: [square(-9.471911, 6.995412)] };
    const body = (await (await validate({ geojson: shifted, farmerId: "farmer-b" }, cookie)).json()) as {
      valid: boolean;
      errors: { rule: string; message: string }[];
    };
    expect(body.valid).toBe(false);
    expect(body.errors[0]!.rule).toBe("overlap");
    expect(body.errors[0]!.message).toContain("PLT-000001");
  });

  it("refuses a body that is not GeoJSON with a clear message", async () => {
    const { cookie } = await sessionAs("dg");
    const res = await validate({ hello: 1 }, cookie);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: "Send a GeoJSON geometry or Feature (in the body, or as `geojson`)",
    });
  });
});
