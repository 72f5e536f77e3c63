/** EUDR assessment: county jobs in the background, and the EUDR GeoJSON export. */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { checkEudrGeoJson } from "#worker/domain/eudr-geojson";
import {
  assess,
  count,
  EXTRA_NIMBA,
  inspector,
  installSampleLayers,
  type Job,
  json,
  type Pos,
  runCron,
  seedPlotsAndSignIn,
} from "./eudr-fixtures";
import { d1, insertBatch, insertOrigin } from "./factories";
import { bearer, call } from "./helpers";

beforeAll(seedPlotsAndSignIn);
beforeAll(installSampleLayers);

describe("background jobs", () => {
  it("assesses every plot of a county with progress, to the end", async () => {
    const wrong = await call("/api/eudr/jobs", json(inspector.token, { scope: "county", value: "Atlantis" }));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toBe(
      'Unknown county "Atlantis": use one of the 15 counties, e.g. Nimba',
    );

    const res = await call("/api/eudr/jobs", json(inspector.token, { scope: "county", value: "Nimba" }));
    expect(res.status).toBe(202);
    const { job } = (await res.json()) as { job: Job };
    expect(job).toMatchObject({ status: "queued", total: 6 + EXTRA_NIMBA, done: 0, percent: 0 });

    let view = job;
    for (let i = 0; i < 50 && view.status !== "done"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      view = ((await (await bearer(inspector.token, `/api/eudr/jobs/${job.id}`)).json()) as { job: Job }).job;
    }
    if (view.status !== "done") await runCron();
    view = ((await (await bearer(inspector.token, `/api/eudr/jobs/${job.id}`)).json()) as { job: Job }).job;
    expect(view).toMatchObject({ status: "done", done: 6 + EXTRA_NIMBA, total: 6 + EXTRA_NIMBA, percent: 100 });
    expect(view.counts).toEqual({ low: EXTRA_NIMBA + 3, high: 1, more_information_needed: 2 });
    expect(await count("SELECT COUNT(*) AS n FROM plot_assessments WHERE job_id = ?", job.id)).toBe(6 + EXTRA_NIMBA);
    expect(
      await count("SELECT COUNT(*) AS n FROM land_plots WHERE county = 'Nimba County' AND risk_level IS NULL"),
    ).toBe(0);
  });

  it("the cron handler finishes a job whose runner stopped", async () => {
    await env.DB.prepare(
      `INSERT INTO assessment_jobs (id, scope, scope_value, status, total, done, summary, created_by, updated_at)
       VALUES ('stuck-job', 'county', 'Sinoe County', 'running', 1, 0, '{"label":"Sinoe County","actorRole":"land_inspector","counts":{}}', ?, '2026-01-01T00:00:00.000Z')`,
    )
      .bind(inspector.account.id)
      .run();
    await runCron();
    const job = await env.DB.prepare("SELECT status, done, summary FROM assessment_jobs WHERE id = 'stuck-job'").first<{
      status: string;
      done: number;
      summary: string;
    }>();
    expect(job).toMatchObject({ status: "done", done: 1 });
    expect(JSON.parse(job!.summary).counts).toEqual({ low: 0, high: 1, more_information_needed: 0 });
    const run = await env.DB.prepare("SELECT status, summary FROM cron_runs ORDER BY id DESC LIMIT 1").first<{
      status: string;
      summary: string;
    }>();
    expect(run!.status).toBe("ok");
    expect(JSON.parse(run!.summary).assessmentJobs.jobs).toContainEqual({
      id: "stuck-job",
      status: "done",
      done: 1,
      total: 1,
    });
  });
});

describe("GET /api/eudr/export", () => {
  const get = (query: string) => bearer(inspector.token, `/api/eudr/export?${query}`);

  it("a farmer's plots as one EUDR GeoJSON package that passes every rule", async () => {
    const res = await get("farmerId=FRM000654");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/geo+json; charset=utf-8");
    expect(res.headers.get("x-package-count")).toBe("1");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="eudr-farmer-frm000654-jallah-weah-cocoa-part-1-of-1.geojson"',
    );
    const text = await res.text();
    expect(checkEudrGeoJson(text)).toEqual({ ok: true, errors: [] });
    const fc = JSON.parse(text) as {
      features: { properties: Record<string, unknown>; geometry: { coordinates: Pos[][] } }[];
    };
    expect(fc.features).toHaveLength(2);
    expect(fc.features[0]!.properties).toEqual({
      ProducerName: "Jallah Weah",
      ProducerCountry: "LR",
      // The farmer lives in Sinoe: the Montserrado plot names only its own county.
      ProductionPlace: "Montserrado County",
      Area: expect.any(Number),
    });
    expect(fc.features[0]!.geometry.coordinates[0]![0]).toEqual([-10.601234, 6.451234]);
    expect(fc.features[1]!.properties.ProductionPlace).toBe("Sanquin, Greenville, Sinoe County");
  });

  it("the big farmer (points and polygons) passes too; the manifest lists the packages", async () => {
    const res = await get("farmerId=FRM000321");
    const text = await res.text();
    expect(checkEudrGeoJson(text)).toEqual({ ok: true, errors: [] });
    expect((JSON.parse(text) as { features: unknown[] }).features).toHaveLength(5 + EXTRA_NIMBA);
    expect(text).toContain('"geometry":{"type":"Point","coordinates":[-8.651234,7.151234]}');
    const manifest = (await (await get("farmerId=FRM000321&manifest=1")).json()) as {
      packageCount: number;
      plotCount: number;
      packages: { part: number; url: string; producers: number }[];
    };
    expect(manifest).toMatchObject({
      packageCount: 1,
      plotCount: 5 + EXTRA_NIMBA,
      packages: [{ part: 1, producers: 1, url: "/api/eudr/export?farmerId=FRM000321&part=1" }],
    });
    const missing = await get("farmerId=FRM000321&part=2");
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe(
      "Package 2 does not exist: this export has 1 package(s), numbered from 1",
    );
  });

  it("a shipment (batch) includes the origins inherited through splits and merges", async () => {
    await env.DB.batch([
      d1(insertBatch({ id: "b-parent", batchCode: "LR-COC-TEST-1", weightG: 800_000, status: "at_warehouse" })),
      d1(
        insertBatch({
          id: "b-child",
          batchCode: "LR-COC-TEST-2",
          weightG: 300_000,
          status: "at_port",
          derivedBy: "split",
        }),
      ),
      d1(insertOrigin({ batchId: "b-parent", plotId: "sapo", farmerId: "FRM000654", weightG: 500_000 })),
      d1(insertOrigin({ batchId: "b-parent", plotId: "cocoa", farmerId: "FRM000321", weightG: 300_000 })),
      env.DB.prepare(
        "INSERT INTO batch_lineage (parent_batch_id, child_batch_id, kind, weight_g) VALUES ('b-parent', 'b-child', 'split', 300000)",
      ),
    ]);
    const res = await get("shipment=LR-COC-TEST-2");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-package-commodity")).toBe("Cocoa");
    const text = await res.text();
    expect(checkEudrGeoJson(text)).toEqual({ ok: true, errors: [] });
    const names = (JSON.parse(text) as { features: { properties: { ProducerName: string } }[] }).features.map(
      (f) => f.properties.ProducerName,
    );
    expect(names).toEqual(["Yah Gono", "Jallah Weah"]);
    const { body } = await assess({ batchCode: "LR-COC-TEST-2" });
    expect(body.results.map((r) => [r.plotId, r.verdict]).sort()).toEqual([
      ["cocoa", "low"],
      ["sapo", "high"],
    ]);
  });

  it("refuses plots whose geometry is not valid, naming them", async () => {
    const res = await get("farmerId=FRM000987");
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      success: false,
      message:
        "Cannot export farmer FRM000987 (Korto Dahn): 1 plot(s) cannot go into an EUDR file — PLT-BROKEN. Correct them and export again.",
      errors: [{ plotCode: "PLT-BROKEN", message: "PLT-BROKEN: the geometry is not valid (invalid)" }],
    });
    expect((await get("")).status).toBe(400);
  });
});
