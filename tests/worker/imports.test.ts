import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sessionAs } from "./factories";
import { bearer, call, postForm } from "./helpers";
import { csrfOf } from "./html";

type Run = {
  id: string;
  status: string;
  total: number;
  processed: number;
  stored: number;
  skipped: number;
  failed: number;
  errors: { line: number; reason: string }[];
};

const square = (lon: number, lat: number, d = 0.001) =>
  JSON.stringify({
    type: "Polygon",
    coordinates: [
      [
        [lon, lat],
        [lon + d, lat],
        [lon + d, lat + d],
        [lon, lat + d],
        [lon, lat],
      ].map(([x, y]) => [Number(x!.toFixed(6)), Number(y!.toFixed(6))]),
    ],
  }).replaceAll('"', '""');

// A point plot states its area as a number, hence the area_hectares column.
const HEADER =
  "farmer_ref,first_name,last_name,gender,date_of_birth,phone,county,district,community,crops,national_id,plot_ref,plot_crop,planting_year,tenure_reference,latitude,longitude,geometry,area_hectares";
// Line numbers: header = 1.
const CSV = `${[
  HEADER,
  /* 2 */ `EXT-1,Musu,Kollie,F,1984-03-12,+231770000001,Nimba,Sanniquellie-Mahn,Gbedin,Cocoa;Cassava,NIDIMP001,P1,Cocoa,2012,DEED-1,,,"${square(-8.701234, 7.301234)}"`,
  /* 3 */ `EXT-1,Musu,Kollie,F,1984-03-12,+231770000001,Nimba,Sanniquellie-Mahn,Gbedin,Cocoa;Cassava,NIDIMP001,P2,Cocoa,2015,,7.311111,-8.711111,,1.5`,
  /* 4 */ `EXT-2,Sam,Doe,male,1979-11-02,,Bong,,Gbarnga,Rice,,,,,,,,`,
  /* 5 */ `EXT-3,Ama,Toe,,1990-01-01,,Lofa,,Voinjama,Coffee,,,,,,,,`,
  /* 6 */ `EXT-4,Ben,Flomo,male,1980-05-05,,Nimba,,Ganta,Cocoa,,P1,Cocoa,,,7.32111,-8.72111,,1.5`,
  /* 7 */ `EXT-5,Kou,Zoe,female,1975-07-07,,Nimba,,Saclepea,Cocoa,,P1,Cocoa,,,,,"${square(-8.700734, 7.301734)}"`,
].join("\n")}\n`;

async function upload(token: string, body: string, fileName: string, type = "text/csv") {
  const res = await call(`/api/imports?fileName=${fileName}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": type },
    body,
  });
  return { res, json: (await res.json()) as { success: boolean; run: Run; message?: string } };
}

async function finish(token: string, id: string): Promise<Run> {
  for (let i = 0; i < 20; i++) {
    const res = await bearer(token, `/api/imports/${id}/continue`, "POST");
    const { run } = (await res.json()) as { run: Run };
    if (run.status !== "running") return run;
  }
  throw new Error("import did not finish");
}

describe("bulk import of farmers and plots", () => {
  it("stores every good row, reports each bad one by line, and a re-run creates no duplicates", async () => {
    const { token } = await sessionAs("office_admin");
    const { res, json } = await upload(token, CSV, "registry.csv");
    expect(res.status).toBe(202);
    expect(json.run.total).toBe(6);
    const run = await finish(token, json.run.id);
    expect(run).toMatchObject({ status: "done", processed: 6, stored: 3, skipped: 0, failed: 3 });
    expect(run.errors).toEqual([
      { line: 5, reason: "Choose the farmer's gender" },
      { line: 6, reason: "Plot: Every coordinate needs at least 6 decimal digits (EUDR Art. 2(28))" },
      {
        line: 7,
        reason: expect.stringMatching(
          /^Plot: Overlaps plot PLT-\d{6}-01 of another farmer by \d+ m² \(double claim\)$/,
        ),
      },
    ]);

    const farmers = await env.DB.prepare(
      "SELECT farmer_id, first_name, county, user_id, import_key FROM farmers ORDER BY farmer_id",
    ).all<Record<string, string | null>>();
    expect(farmers.results.map((f) => [f.first_name, f.county, f.user_id])).toEqual([
      ["Musu", "Nimba County", null],
      ["Sam", "Bong County", null],
    ]);
    const musu = farmers.results[0]!.farmer_id!;
    expect(musu).toMatch(/^FRM\d{6}$/);
    const plots = await env.DB.prepare(
      "SELECT plot_code, farmer_id, geometry_type, validation_state FROM land_plots ORDER BY plot_code",
    ).all<Record<string, string>>();
    expect(plots.results).toEqual([
      { plot_code: `PLT-${musu.slice(3)}-01`, farmer_id: musu, geometry_type: "Polygon", validation_state: "valid" },
      { plot_code: `PLT-${musu.slice(3)}-02`, farmer_id: musu, geometry_type: "Point", validation_state: "valid" },
    ]);
    const audit = await env.DB.prepare(
      "SELECT action, entity_type, COUNT(*) AS n FROM audit_log WHERE action IN ('plot.import','farmer.register') GROUP BY action, entity_type ORDER BY action",
    ).all();
    expect(audit.results).toEqual([
      { action: "farmer.register", entity_type: "farmer", n: 2 },
      { action: "plot.import", entity_type: "land_plot", n: 2 },
    ]);

    const again = await finish(token, (await upload(token, CSV, "registry.csv")).json.run.id);
    expect(again).toMatchObject({ status: "done", stored: 0, skipped: 3, failed: 3 });
    const counts = await env.DB.prepare(
      "SELECT (SELECT COUNT(*) FROM farmers) AS f, (SELECT COUNT(*) FROM land_plots) AS p",
    ).first();
    expect(counts).toEqual({ f: 2, p: 2 });
  });

  it("reads GeoJSON files and shows progress through GET", async () => {
    const { token } = await sessionAs("land_inspector");
    const fc = {
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          properties: {
            farmer_ref: "G-1",
            ProducerName: "Comfort Gbah",
            gender: "female",
            date_of_birth: "1988-02-02",
            county: "Grand Bassa",
            community: "Buchanan",
            crops: ["Rubber"],
            Area: 2,
          },
          geometry: { type: "Point", coordinates: [-10.012345, 5.912345] },
        },
        {
          type: "Feature",
          properties: { farmer_ref: "G-2" },
          geometry: {
            type: "LineString",
            coordinates: [
              [-10.1, 5.9],
              [-10.2, 5.8],
            ],
          },
        },
      ],
    };
    const { json } = await upload(token, JSON.stringify(fc), "plots.geojson", "application/geo+json");
    await finish(token, json.run.id);
    const res = await bearer(token, `/api/imports/${json.run.id}`);
    const { run } = (await res.json()) as { run: Run };
    expect(run).toMatchObject({ status: "done", total: 2, stored: 1, failed: 1 });
    expect(run.errors[0]!.line).toBe(2);
    const stored = await env.DB.prepare(
      "SELECT f.first_name, f.last_name, p.crop FROM farmers f JOIN land_plots p ON p.farmer_id = f.farmer_id WHERE f.import_key = ?",
    )
      .bind("import:farmer:ref:g-1")
      .all();
    expect(stored.results).toEqual([{ first_name: "Comfort", last_name: "Gbah", crop: "Rubber" }]);
  });

  it("refuses other roles, other content types and empty files with clear errors", async () => {
    const buyer = await sessionAs("buyer");
    expect((await upload(buyer.token, CSV, "x.csv")).res.status).toBe(403);
    const { token } = await sessionAs("office_admin");
    const wrong = await upload(token, "x", "x.xls", "application/vnd.ms-excel");
    expect(wrong.res.status).toBe(415);
    expect(wrong.json.message).toMatch(/CSV/);
    const empty = await upload(token, "", "x.csv");
    expect(empty.res.status).toBe(400);
    expect(empty.json).toEqual({ success: false, message: "The file is empty" });
    const noColumns = await upload(token, "name,county\nA,Bong\n", "x.csv");
    expect(noColumns.json.run).toMatchObject({
      status: "done",
      total: 0,
      failed: 1,
      errors: [{ line: 1, reason: 'Missing required column "first_name"' }],
    });
  });
});

describe("the bulk import page and issuing a login to an imported farmer", () => {
  it("uploads a file without JavaScript, shows progress, and the farmer gets a login from their page", async () => {
    const { cookie } = await sessionAs("land_inspector");
    const page = await call("/bulk-import", { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const form = new FormData();
    form.set("csrf", csrfOf(await page.text()));
    form.set(
      "file",
      new File([`${HEADER}\nEXT-9,Yei,Kpadeh,female,1991-09-09,,Margibi,,Kakata,Rubber,,,,,,,,\n`], "one.csv", {
        type: "text/csv",
      }),
    );
    const posted = await call("/bulk-import", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "https://eip.example.gov.lr" },
      body: form,
    });
    expect(posted.status).toBe(302);
    const runUrl = posted.headers.get("location")!;
    expect(runUrl).toMatch(/^\/bulk-import\?run=[0-9a-f-]{36}$/);
    const { token } = await sessionAs("land_inspector");
    await finish(token, runUrl.split("=")[1]!);
    const html = (await (await call(runUrl, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
    expect(html).toContain("one.csv: finished");
    expect(html).toContain("1 of 1 rows read (100%) — 1 stored, 0 already imported, 0 not stored");

    const farmerId = (await env.DB.prepare("SELECT farmer_id FROM farmers WHERE first_name = 'Yei'").first<{
      farmer_id: string;
    }>())!.farmer_id;
    const details = await call(`/farmers/${farmerId}`, { headers: { Cookie: cookie } });
    const detailsHtml = await details.text();
    expect(detailsHtml).toContain("Issue a login");
    const issue = (csrf: string) => postForm(`/farmers/${farmerId}`, cookie, { csrf });
    const issued = await issue(csrfOf(detailsHtml));
    expect(issued.status).toBe(200);
    const password = (await issued.text()).match(/Temporary password: <span[^>]*>([a-z0-9]{10})</)![1]!;
    const login = await call("/api/farmers/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.77.1.3" },
      body: JSON.stringify({ credentialId: farmerId, password }),
    });
    expect(login.status).toBe(200);
    const account = await env.DB.prepare("SELECT must_change_password FROM users WHERE login_id = ?")
      .bind(farmerId)
      .first();
    expect(account).toEqual({ must_change_password: 1 });
    const again = await issue(csrfOf(detailsHtml));
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(`Farmer ${farmerId} already has a login`);
  });

  it("is closed to roles that may not import", async () => {
    const { cookie } = await sessionAs("exporter");
    expect((await call("/bulk-import", { headers: { Cookie: cookie } })).status).toBe(403);
  });
});
