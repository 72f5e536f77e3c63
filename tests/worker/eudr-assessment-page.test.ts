/** The /eudr-assessment page, with JavaScript off. */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_LAYERS } from "#worker/services/demo/sample-layers";
import { admin, installSampleLayers, seedPlotsAndSignIn, square } from "./eudr-fixtures";
import { call, postForm } from "./helpers";
import { csrfOf, decodeHtml as decode, pageText } from "./html";

beforeAll(seedPlotsAndSignIn);
beforeAll(installSampleLayers);

describe("/eudr-assessment page (works without JavaScript)", () => {
  /** The form token of the administrator's pages (what the page's forms carry). */
  const csrf = () => admin.csrf;

  it("lists the active layers with version, count and a SAMPLE badge; offers the sample button in demo mode", async () => {
    const res = await call("/eudr-assessment", { headers: { Cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = decode(await res.text());
    expect(csrfOf(html)).toBe(csrf());
    expect(html).toContain("Reference layers in use");
    expect(html).toContain("SAMPLE — not authoritative: Sapo National Park (approximate outline)");
    expect(html.match(/>SAMPLE</g)?.length).toBeGreaterThanOrEqual(SAMPLE_LAYERS.length);
    expect(html).toContain("Upload a reference layer");
    expect(html).toContain("Load the sample layers for Liberia");
    expect(html).toContain("Recent verdicts");
    expect(html).not.toContain('http-equiv="refresh"');
  });

  it("uploads a layer as a multipart form", async () => {
    const body = new FormData();
    for (const [k, v] of Object.entries({
      csrf: csrf(),
      intent: "upload-layer",
      kind: "forest_concession",
      name: "Test concession",
      source: "Test fixture",
      sourceDate: "2023-05-01",
    }))
      body.set(k, v);
    /** A GeoJSON file of one feature with `geometry`. */
    const layerFile = (geometry: unknown, name: string) =>
      new File(
        [JSON.stringify({ type: "FeatureCollection", features: [{ type: "Feature", properties: {}, geometry }] })],
        name,
      );
    body.set(
      "file",
      layerFile(
        {
          type: "LineString",
          coordinates: [
            [-9.9, 6.1],
            [-9.8, 6.2],
          ],
        },
        "bad.geojson",
      ),
    );
    const bad = await postForm("/eudr-assessment", admin.cookie, body);
    expect(bad.status).toBe(400);
    const badHtml = decode(await bad.text());
    expect(badHtml).toContain(
      "Feature 1: LineString geometries are not accepted — a reference layer holds Polygon or MultiPolygon features only",
    );
    expect(badHtml).toContain('value="Test concession"');

    body.set("file", layerFile({ type: "Polygon", coordinates: [square(-9.801234, 6.101234, 0.02)] }, "ok.geojson"));
    const ok = await postForm("/eudr-assessment", admin.cookie, body);
    expect(ok.status).toBe(302);
    const location = ok.headers.get("location")!;
    expect(location).toMatch(/^\/eudr-assessment\?uploaded=[0-9a-f-]{36}$/);
    const after = await pageText(location, admin.cookie);
    expect(after).toContain("Stored “Test concession” version v1 with 1 feature(s).");
  });

  it("assesses a plot from the form and shows the verdict with its evidence", async () => {
    const assess = (target: string, value: string) =>
      postForm("/eudr-assessment", admin.cookie, { csrf: csrf(), intent: "assess", target, value });
    const res = await assess("plot", "PLT-CLEARED");
    expect(res.status).toBe(200);
    const html = decode(await res.text());
    expect(html).toContain("1 verdict(s) for 1 plot(s)");
    expect(html).toContain(
      "Tree cover in 2020 and disturbance after 2020-12-31: SAMPLE — not authoritative: Tree-cover disturbance 2021–2024 (Nimba patch) (100%).",
    );
    expect(html).toMatch(
      /Tree-cover loss or disturbance after 2020: SAMPLE — not authoritative: Tree-cover disturbance 2021–2024 \(Nimba patch\) v1 \(2024-12-31\) — [\d.]+ ha, 100%/,
    );
    const unknown = await assess("batch", "LR-NOPE");
    expect(unknown.status).toBe(404);
    expect(decode(await unknown.text())).toContain("No batch with code LR-NOPE");
  });

  it("starts a county job and refreshes itself while it runs", async () => {
    // A queued job: the page reloads every 3 s and resumes it in the background.
    await env.DB.prepare(
      `INSERT INTO assessment_jobs (id, scope, scope_value, status, total, summary, created_by) VALUES ('page-job', 'county', 'Montserrado County', 'queued', 1, '{"label":"Montserrado County","actorRole":"system_administrator"}', ?)`,
    )
      .bind(admin.account.id)
      .run();
    const running = await pageText("/eudr-assessment", admin.cookie);
    expect(running).toContain('<meta http-equiv="refresh" content="3"/>');
    expect(running).toContain("Montserrado County");
    for (let i = 0; i < 50; i++) {
      if (
        (await env.DB.prepare("SELECT status FROM assessment_jobs WHERE id = 'page-job'").first<{ status: string }>())!
          .status === "done"
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }

    const res = await postForm("/eudr-assessment", admin.cookie, {
      csrf: csrf(),
      intent: "county-job",
      county: "Grand Bassa County",
    });
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/eudr-assessment\?job=[0-9a-f-]{36}$/);
    const html = await pageText(location, admin.cookie);
    expect(html).toMatch(/Grand Bassa County<\/span> — <span data-testid="job-status">Done<\/span>: 0 of 0 plot\(s\)/);
    expect(html).not.toContain('http-equiv="refresh"');
  });
});
