/**
 * No body at all gets a 5xx from /api/plots/validate, POST /api/plots,
 * the import or the plot form. Deep nesting, huge arrays, wrong types and random JSON, with
 * fixed fast-check seeds so any failure reproduces.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { sessionAs } from "./factories";
import { bearer, call, postForm } from "./helpers";
import { csrfOf } from "./html";

let inspector: Awaited<ReturnType<typeof sessionAs>>;
let csrf = "";

beforeAll(async () => {
  await env.DB.prepare(
    "INSERT INTO farmers (id, farmer_id, first_name, last_name, county, registration_date, name_key, last_name_key) VALUES ('f-fuzz', 'FRM100009', 'Fuzz', 'Test', 'Bong County', '2025-01-15', 'fuzz test', 'test fuzz')",
  ).run();
  inspector = await sessionAs("land_inspector");
  const html = await (await call("/create-land-plot", { headers: { Cookie: inspector.cookie } })).text();
  csrf = csrfOf(html);
});

const json = (path: string, body: string) =>
  call(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${inspector.token}` },
    body,
  });

const deep = (n: number, open = "[", close = "]") => `${open.repeat(n)}${close.repeat(n)}`;

/** Hand-picked hostile bodies: each once, to every endpoint. */
const HOSTILE = [
  `{"type":"Polygon","coordinates":${deep(10_000)}}`,
  `{"geojson":{"type":"Polygon","coordinates":${deep(5_000)}}}`,
  `{"type":"Feature","properties":${deep(3_000, '{"a":', "}").replace(/\}+$/, (m) => `1${m}`)},"geometry":null}`,
  `{"type":"Polygon","coordinates":[[${Array.from({ length: 40_000 }, (_, i) => `[-9.4${String(i).padStart(5, "0")}1,7.000001]`).join(",")}]]}`,
  `{"type":"MultiPolygon","coordinates":[${Array.from({ length: 2_000 }, () => "[[[-9.1,7.1],[-9.2,7.1],[-9.2,7.2],[-9.1,7.1]]]").join(",")}]}`,
  '{"type":"Polygon","coordinates":[[[-9.472311,6.995412],[-9.471408,6.995412],[-9.471408,6.996315],[-9.472311,6.995412]],null,5,"x",[[1]]]}',
  '{"type":"Point","coordinates":"-9.4,7.0"}',
  '{"type":"Point","coordinates":[null,null]}',
  '{"type":"Point","coordinates":[1e999,-1e999]}',
  '{"type":"GeometryCollection","geometries":[{"type":"GeometryCollection","geometries":[]}]}',
  '{"type":"FeatureCollection","features":[{"type":"FeatureCollection","features":[]}]}',
  '{"type":"Feature","properties":"nope","geometry":{"type":"Point","coordinates":[-9.472311,6.995412]}}',
  '{"type":"Feature","properties":{"Area":{"x":1}},"geometry":{"type":"MultiPoint","coordinates":[[],[1],[1,2,3,4]]}}',
  '{"farmerId":"FRM100009","crop":"Cocoa","plantingYear":2010,"submissionId":"fuzz-0001","geometry":{"type":"Polygon","coordinates":[[[-9.472311,6.995412],[-9.471408,6.995412],[-9.471408,6.996315],[-9.472311,6.996315]],[[0,0]]]}}',
  '{"farmerId":"FRM100009","crop":"Cocoa","plantingYear":2010,"submissionId":"fuzz-0002","declaredAreaHectares":"5","geometry":{"type":"Point","coordinates":[-9.472311,6.995412]}}',
  '{"farmerId":"FRM100009","crop":"Cocoa","plantingYear":2010,"submissionId":"fuzz-0003","county":"Atlantis","geometry":{"type":"MultiPoint","coordinates":[[-9.472311,6.995412],[-9.462311,6.995412]]}}',
  "[]",
  "null",
  '"text"',
  "12",
  "{",
];

/** Random JSON and GeoJSON-shaped values with wrong types in every place. */
const anyValue = fc.jsonValue({ maxDepth: 6 });
const coordinates = fc.oneof(
  anyValue,
  fc.array(
    fc.array(fc.array(fc.oneof(fc.double(), fc.integer(), fc.constant(null), fc.string()), { maxLength: 4 }), {
      maxLength: 6,
    }),
    { maxLength: 3 },
  ),
);
const geoJsonish = fc.record(
  {
    type: fc.constantFrom(
      "Point",
      "MultiPoint",
      "Polygon",
      "MultiPolygon",
      "GeometryCollection",
      "Feature",
      "FeatureCollection",
      "LineString",
      5,
    ),
    coordinates,
    geometry: fc.oneof(anyValue, fc.record({ type: fc.constantFrom("Point", "Polygon"), coordinates })),
    geometries: fc.array(anyValue, { maxLength: 3 }),
    features: fc.array(anyValue, { maxLength: 2 }),
    properties: anyValue,
    farmerId: fc.oneof(fc.constant("FRM100009"), anyValue),
    crop: fc.oneof(fc.constant("Cocoa"), anyValue),
    plantingYear: fc.oneof(fc.constant(2010), anyValue),
    submissionId: fc.oneof(fc.uuid(), anyValue),
    declaredAreaHectares: anyValue,
    county: anyValue,
  },
  { requiredKeys: [] },
);
const bodies = fc.oneof(
  anyValue.map((v) => JSON.stringify(v)),
  geoJsonish.map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
);

async function formPost(coordinatesText: string, captureMode: string) {
  return postForm(
    "/create-land-plot",
    inspector.cookie,
    {
      csrf,
      submissionId: crypto.randomUUID(),
      farmerId: "FRM100009",
      crop: "Cocoa",
      plantingYear: "2010",
      captureMode,
      declaredAreaHectares: "1",
      coordinates: coordinatesText,
    },
    { "CF-Connecting-IP": "10.91.0.2" },
  );
}

async function importFile(text: string, fileName: string) {
  const res = await call(`/api/imports?fileName=${fileName}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${inspector.token}`, "Content-Type": "text/plain" },
    body: text,
  });
  if (res.status !== 202) return [res.status];
  const { run } = (await res.json()) as { run: { id: string } };
  const more = await bearer(inspector.token, `/api/imports/${run.id}/continue`, "POST");
  return [res.status, more.status];
}

describe("no body gets a 5xx", () => {
  it("hostile bodies on /api/plots/validate and POST /api/plots", async () => {
    for (const body of HOSTILE) {
      for (const path of ["/api/plots/validate", "/api/plots"]) {
        const res = await json(path, body);
        expect({ path, body: body.slice(0, 80), status: res.status }).toMatchObject({
          status: expect.toSatisfy((s: number) => s < 500),
        });
      }
    }
  });

  it("random bodies on /api/plots/validate and POST /api/plots", async () => {
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        for (const path of ["/api/plots/validate", "/api/plots"])
          expect((await json(path, body)).status).toBeLessThan(500);
      }),
      { seed: 4242, numRuns: 120 },
    );
  });

  it("the plot form, typed lines and pasted GeoJSON", async () => {
    for (const body of HOSTILE.slice(0, 13)) expect((await formPost(body, "polygon")).status).toBeLessThan(500);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          bodies,
          fc
            .array(fc.tuple(fc.double(), fc.double()), { maxLength: 30 })
            .map((ps) => ps.map(([a, b]) => `${a}, ${b}`).join("\n")),
        ),
        fc.constantFrom("point", "polygon", "x"),
        async (text, mode) => {
          expect((await formPost(text, mode)).status).toBeLessThan(500);
        },
      ),
      { seed: 4343, numRuns: 60 },
    );
  });

  it("the import, CSV and GeoJSON", async () => {
    const header = "first_name,last_name,county,latitude,longitude,geometry,area_hectares";
    const files: [string, string][] = [
      [
        `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"first_name":"A","last_name":"B","county":"Bong"},"geometry":{"type":"Polygon","coordinates":${deep(5_000)}}}]}`,
        "deep.geojson",
      ],
      [`{"type":"FeatureCollection","features":${deep(10_000)}}`, "deeper.geojson"],
      [
        `${header}\nA,B,Bong,,,"${`{"type":"Polygon","coordinates":${deep(3_000)}}`.replaceAll('"', '""')}",\n`,
        "deep.csv",
      ],
      [`${header}\nA,B,Bong,7.0000001,-9.4,,"5"\nC,D,Bong,x,y,,\n`, "types.csv"],
      ...HOSTILE.map(
        (h, i) =>
          [
            `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"first_name":"A","last_name":"B","county":"Bong","crops":["Cocoa"]},"geometry":${h}}]}`,
            `h${i}.geojson`,
          ] as [string, string],
      ),
    ];
    for (const [text, name] of files)
      for (const status of await importFile(text, name))
        expect({ name, status }).toMatchObject({ status: expect.toSatisfy((s: number) => s < 500) });
  });
});
