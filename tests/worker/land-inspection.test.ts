/**
 * The land inspector's work: the verification queue (order, scope, indexes), field
 * visits (idempotent, photos checked, farmer notified), boundary edits with versions, retirement,
 * and who may do what (role matrix and IDOR).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { visitQueueStatements } from "#db/queries/plot-visits";
import { ROLES } from "#worker/auth/roles";
import { sessionAs } from "./factories";
import { call, count, one, queryPlan } from "./helpers";
import { csrfOf } from "./html";
import { inspector, json, plotByCode, queue, seedLandInspection, setPlot, visitBody } from "./land-inspection-fixtures";
import { A, B, C, D, shift } from "./plots-fixtures";

let people: Awaited<ReturnType<typeof seedLandInspection>>;
beforeAll(async () => {
  people = await seedLandInspection();
}, 60_000);

describe("the verification queue", () => {
  it("ranks plots by why they need a visit, then by distance from my position", async () => {
    await setPlot("PLT-100001-02", "risk_level = 'high'");
    await setPlot("PLT-100002-01", "risk_level = 'more_information_needed'");
    const plain = await queue(inspector.token);
    expect(plain.plots.map((p) => [p.plotCode, p.priority])).toEqual([
      ["PLT-100001-02", 4],
      ["PLT-100002-01", 6],
      // Never visited, no other reason: by id without a position.
      ...plain.plots.slice(2).map((p) => [p.plotCode, 9]),
    ]);
    expect(plain.plots[0]!.reason).toBe("High deforestation risk");
    expect(plain.plots.every((p) => p.distanceKm === null)).toBe(true);
    // Standing on the point plot PLT-100002-02: it comes first among the never-visited.
    const near = await queue(inspector.token, "?lat=7.215678&lon=-8.589123");
    const rest = near.plots.filter((p) => p.priority === 9);
    expect(rest[0]!.plotCode).toBe("PLT-100002-02");
    expect(rest[0]!.distanceKm).toBe(0);
    expect(rest.map((p) => p.distanceKm)).toEqual([...rest.map((p) => p.distanceKm)].sort((a, b) => a! - b!));
    // Standing at the first square: it comes first among them instead.
    const far = await queue(inspector.token, "?lat=7.2006&lon=-8.6006");
    expect(far.plots.filter((p) => p.priority === 9)[0]!.plotCode).toBe("PLT-100001-01");
  });

  it("a plot declared in another county than it lies in is in the queue for that reason", async () => {
    await setPlot("PLT-100002-02", "declared_county = 'Bong County'");
    const q = await queue(inspector.token);
    expect(q.plots.find((p) => p.plotCode === "PLT-100002-02")).toMatchObject({
      priority: 7,
      reason: "Lies in another county than the one declared",
    });
    await setPlot("PLT-100002-02", "declared_county = county");
  });

  it("an inspector with a county sees that county's plots; DG sees every county", async () => {
    const mine = await queue(inspector.token);
    expect(mine.county).toBe("Nimba County");
    expect(mine.plots.map((p) => p.plotCode)).not.toContain("PLT-100002-09");
    const all = await queue(people.dg.token);
    expect(all.county).toBeNull();
    expect(all.plots.map((p) => p.plotCode)).toContain("PLT-100002-09");
    expect(all.total).toBe(mine.total + 1);
  });

  it("reads through the queue indexes (EXPLAIN QUERY PLAN), with and without a county or a position", async () => {
    const db = database(env.DB);
    for (const [county, origin, index] of [
      [null, null, /land_plots_visit_queue_idx/],
      ["Nimba County", null, /land_plots_county_visit_queue_idx \(county=\?/],
      [null, { lat: 7.2, lon: -8.6, lonScale: 0.99 }, /land_plots_visit_queue_idx/],
      ["Nimba County", { lat: 7.2, lon: -8.6, lonScale: 0.99 }, /land_plots_county_visit_queue_idx \(county=\?/],
    ] as const) {
      for (const statement of visitQueueStatements(db, { county }, origin, 2, 20)) {
        const plan = await queryPlan(statement);
        const text = plan.join(" | ");
        expect(
          plan.some((d) => /^SCAN land_plots$/.test(d)),
          text,
        ).toBe(false);
        expect(text).toMatch(index);
      }
    }
  });

  it("the dashboard lists the queue with visit links for the inspector, read-only for DG", async () => {
    const mine = await call("/unified-land-inspector-dashboard?lat=7.2006&lon=-8.6006", {
      headers: { Cookie: inspector.cookie },
    });
    const html = await mine.text();
    expect(mine.status).toBe(200);
    expect(html).toContain('data-testid="visit-queue"');
    expect(html).toContain("Record a visit");
    expect(html).toContain('data-testid="distance"');
    const dg = await call("/unified-land-inspector-dashboard", { headers: { Cookie: people.dg.cookie } });
    const dgHtml = await dg.text();
    expect(dg.status).toBe(200);
    expect(dgHtml).toContain('data-testid="read-only"');
    expect(dgHtml).not.toContain("Record a visit");
    expect(dgHtml).not.toContain("Edit boundary");
    const buyer = await call("/unified-land-inspector-dashboard", { headers: { Cookie: people.buyer.cookie } });
    expect(buyer.status).toBe(403);
  });
});

describe("field visits", () => {
  it("the same submission twice records one visit, notifies the farmer once, and takes the plot out of the queue", async () => {
    const plot = await plotByCode("PLT-100001-01");
    const body = visitBody();
    const first = await json(inspector.token, `/api/plots/${plot.id}/visits`, "POST", body);
    expect(first.status).toBe(201);
    const again = await json(inspector.token, `/api/plots/${plot.id}/visits`, "POST", body);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { created: boolean }).created).toBe(false);
    expect(await count("SELECT COUNT(*) AS n FROM plot_visits WHERE plot_id = ?", plot.id)).toBe(1);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND kind = 'field_visit_recorded'",
        people.farmer.account.id,
      ),
    ).toBe(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'plot.record_visit' AND entity_id = ?", plot.id),
    ).toBe(1);
    expect((await plotByCode("PLT-100001-01")).visit_priority).toBeNull();
    expect((await queue(inspector.token)).plots.map((p) => p.plotCode)).not.toContain("PLT-100001-01");
    // The details page shows it in the plot's history.
    const page = await (await call(`/land-plot-details/${plot.id}`, { headers: { Cookie: inspector.cookie } })).text();
    expect(page).toContain('data-testid="plot-visits"');
    expect(page).toContain("Boundary pegs found at every corner");
  });

  it("a disputed visit puts the plot at the top of the queue", async () => {
    const plot = await plotByCode("PLT-100002-02");
    const res = await json(
      inspector.token,
      `/api/plots/${plot.id}/visits`,
      "POST",
      visitBody({ decision: "disputed" }),
    );
    expect(res.status).toBe(201);
    expect((await queue(inspector.token)).plots[0]).toMatchObject({ plotCode: "PLT-100002-02", priority: 1 });
  });

  it("refuses a photo that is not an image, and one over 2 MB, storing nothing", async () => {
    const plot = await plotByCode("PLT-100001-02");
    const before = await count("SELECT COUNT(*) AS n FROM plot_visits");
    const html = btoa("<html><script>alert(1)</script></html>");
    const notImage = await json(
      inspector.token,
      `/api/plots/${plot.id}/visits`,
      "POST",
      visitBody({ photos: [{ data: html }] }),
    );
    expect(notImage.status).toBe(415);
    expect(((await notImage.json()) as { message: string }).message).toBe(
      "Each photo must be a JPEG, PNG or WebP image",
    );
    // The page form takes 2 MB photos; a bigger one is refused by the field, with what was typed kept.
    const page = await call(`/land-plot-details/${plot.id}/visit`, { headers: { Cookie: inspector.cookie } });
    const csrf = (await page.text()).match(/name="csrf" value="([^"]+)"/)![1]!;
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...visitBody(), latitude: "", longitude: "", csrf })) form.set(k, String(v));
    form.set("photos", new File([new Uint8Array(2 * 1024 * 1024 + 1)], "big.jpg", { type: "image/jpeg" }));
    const big = await call(`/land-plot-details/${plot.id}/visit`, {
      method: "POST",
      headers: { Cookie: inspector.cookie, Origin: "https://eip.example.gov.lr" },
      body: form,
    });
    expect(big.status).toBe(400);
    const bigHtml = await big.text();
    expect(bigHtml).toContain("Each photo must be 2 MB or smaller");
    expect(bigHtml).toContain("Boundary pegs found at every corner");
    expect(await count("SELECT COUNT(*) AS n FROM plot_visits")).toBe(before);
  });

  it("an inspector cannot visit another county's plot (IDOR), nor can a buyer visit at all", async () => {
    const lofa = await json(inspector.token, "/api/plots/lofa-plot/visits", "POST", visitBody());
    expect(lofa.status).toBe(403);
    const page = await call("/land-plot-details/lofa-plot/visit", { headers: { Cookie: inspector.cookie } });
    expect(page.status).toBe(403);
    const plot = await plotByCode("PLT-100001-02");
    expect((await json(people.buyer.token, `/api/plots/${plot.id}/visits`, "POST", visitBody())).status).toBe(403);
    expect(await count("SELECT COUNT(*) AS n FROM plot_visits WHERE plot_id = 'lofa-plot'")).toBe(0);
  });
});

// The offline outbox (ADR 027) resends the visit form to the PAGE action; it answers the
// receipt (the visit's id) or the refusal in headers, and a resend stores nothing new.
describe("/land-plot-details/:id/visit answers the outbox", () => {
  const pageForm = async (plotId: string, over: Record<string, string> = {}) => {
    const html = await (
      await call(`/land-plot-details/${plotId}/visit`, { headers: { Cookie: inspector.cookie } })
    ).text();
    const csrf = csrfOf(html);
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...visitBody(), latitude: "7.2006", longitude: "-8.6006", csrf, ...over }))
      form.set(k, String(v));
    return form;
  };
  const send = (plotId: string, form: FormData) =>
    call(`/land-plot-details/${plotId}/visit`, {
      method: "POST",
      headers: { Cookie: inspector.cookie, Origin: "https://eip.example.gov.lr", "X-Outbox": "1" },
      body: form,
    });

  it("a resend returns the same receipt and records one visit; a refusal names the field", async () => {
    const plot = await plotByCode("PLT-100002-02");
    const submissionId = crypto.randomUUID();
    const form = await pageForm(plot.id, { submissionId, findings: "Outbox resend: pegs at every corner." });
    const first = await send(plot.id, form);
    expect(first.status).toBe(201);
    const receipt = first.headers.get("X-Outbox-Receipt");
    expect(receipt).toBeTruthy();
    const stored = await one<{ id: string }>("SELECT id FROM plot_visits WHERE submission_id = ?", submissionId);
    expect(stored.id).toBe(receipt);
    const before = {
      visits: await count("SELECT COUNT(*) AS n FROM plot_visits"),
      audit: await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'plot.record_visit'"),
      notices: await count("SELECT COUNT(*) AS n FROM notifications WHERE kind = 'field_visit_recorded'"),
    };
    const again = await send(plot.id, form);
    expect(again.status).toBe(200);
    expect(again.headers.get("X-Outbox-Receipt")).toBe(receipt);
    expect({
      visits: await count("SELECT COUNT(*) AS n FROM plot_visits"),
      audit: await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'plot.record_visit'"),
      notices: await count("SELECT COUNT(*) AS n FROM notifications WHERE kind = 'field_visit_recorded'"),
    }).toEqual(before);

    const refused = await send(plot.id, await pageForm(plot.id, { findings: "", decision: "" }));
    expect(refused.status).toBe(400);
    expect(refused.headers.get("X-Outbox-Receipt")).toBeNull();
    const detail = JSON.parse(decodeURIComponent(refused.headers.get("X-Outbox-Error")!));
    expect(Object.keys(detail.fieldErrors)).toEqual(expect.arrayContaining(["findings", "decision"]));
    expect(await count("SELECT COUNT(*) AS n FROM plot_visits")).toBe(before.visits);
  });
});

describe("boundary edits with versions", () => {
  const ring = (dLon: number) => {
    const r = shift([A, B, C, D], dLon, 0.02);
    return { type: "Polygon", coordinates: [[...r, r[0]]] };
  };

  it("a valid new boundary keeps the old version, re-assesses, and the old verdict still shows the outline it judged", async () => {
    const plot = await plotByCode("PLT-100001-02");
    // A verdict on version 1, stored before the edit.
    await env.DB.prepare(
      "INSERT INTO plot_assessments (id, plot_id, verdict, evidence, reasons, assessed_at, plot_version) VALUES ('old-verdict', ?, 'high', '[]', '[]', '2025-06-01T00:00:00.000Z', 1)",
    )
      .bind(plot.id)
      .run();
    const res = await json(inspector.token, `/api/plots/${plot.id}/boundary`, "PUT", {
      geometry: ring(0.0006),
      baseVersion: 1,
      reason: "Pegs found 2 km north",
      submissionId: crypto.randomUUID(),
    });
    expect(res.status).toBe(200);
    const reply = (await res.json()) as {
      plot: { id: string; version: number };
      assessment: { verdict: string } | null;
    };
    expect(reply.plot).toMatchObject({ id: plot.id, version: 2 });
    expect(reply.assessment).not.toBeNull();
    const archived = await one<{ geometry: string }>(
      "SELECT geometry FROM plot_versions WHERE plot_id = ? AND version = 1",
      plot.id,
    );
    expect(archived.geometry).toBe(JSON.stringify(JSON.parse(archived.geometry)));
    expect(
      await count("SELECT COUNT(*) AS n FROM plot_assessments WHERE plot_id = ? AND plot_version = 2", plot.id),
    ).toBe(1);
    const html = await (await call(`/land-plot-details/${plot.id}`, { headers: { Cookie: inspector.cookie } })).text();
    expect(html).toMatch(/data-testid="assessment-outline" data-version="1"/);
    expect(html).toContain(`Outline of plot ${plot.plotCode}, version 1`);
    expect(html).toContain('data-testid="plot-versions"');
  });

  it("a stale baseVersion is refused with 409", async () => {
    const plot = await plotByCode("PLT-100001-02");
    const res = await json(inspector.token, `/api/plots/${plot.id}/boundary`, "PUT", {
      geometry: ring(0.0012),
      baseVersion: 1,
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toContain("now at version 2");
  });

  it("a boundary that breaks a rule is refused with nothing stored", async () => {
    const plot = await plotByCode("PLT-100002-01");
    const before = await one<{ geometry: string; version: number }>(
      "SELECT geometry, version FROM land_plots WHERE id = ?",
      plot.id,
    );
    const audits = await count("SELECT COUNT(*) AS n FROM audit_log");
    const versions = await count("SELECT COUNT(*) AS n FROM plot_versions");
    const bowtie = { type: "Polygon", coordinates: [[A, C, B, D, A]] };
    const res = await json(inspector.token, `/api/plots/${plot.id}/boundary`, "PUT", {
      geometry: bowtie,
      baseVersion: 1,
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: { rule: string }[] };
    expect(body.errors.map((e) => e.rule)).toContain("self-intersection");
    expect(await one("SELECT geometry, version FROM land_plots WHERE id = ?", plot.id)).toEqual(before);
    expect(await count("SELECT COUNT(*) AS n FROM audit_log")).toBe(audits);
    expect(await count("SELECT COUNT(*) AS n FROM plot_versions")).toBe(versions);
  });

  it("a boundary over another farmer's plot is refused (double claim), the plot's own old boundary is not", async () => {
    const plot = await plotByCode("PLT-100002-01");
    const onFirst = { type: "Polygon", coordinates: [[A, B, C, D, A]] };
    const res = await json(inspector.token, `/api/plots/${plot.id}/boundary`, "PUT", {
      geometry: onFirst,
      baseVersion: 1,
    });
    expect(res.status).toBe(422);
    expect((await plotByCode("PLT-100002-01")).version).toBe(1);
  });
});

describe("retiring a plot", () => {
  it("keeps the plot, takes it out of the queue, and refuses it in a new purchase", async () => {
    const plot = await plotByCode("PLT-100002-01");
    const res = await json(inspector.token, `/api/plots/${plot.id}/retire`, "POST", {
      reason: "Land sold for housing",
    });
    expect(res.status).toBe(200);
    expect((await plotByCode("PLT-100002-01")).status).toBe("retired");
    expect((await queue(inspector.token)).plots.map((p) => p.plotCode)).not.toContain("PLT-100002-01");
    await setPlot("PLT-100002-01", "risk_level = 'low'");
    const purchase = await json(people.buyer.token, "/api/batches", "POST", {
      farmerIds: ["FRM100002"],
      plotCodes: ["PLT-100002-01"],
      commodity: "Coffee",
      weightKg: 100,
      grade: "A",
      harvestDate: "2026-01-05",
      location: "Ganta",
    });
    expect(purchase.status).toBe(400);
    expect(JSON.stringify(await purchase.json())).toContain(
      "Plot PLT-100002-01 is retired: it cannot supply a new purchase",
    );
    const again = await json(inspector.token, `/api/plots/${plot.id}/retire`, "POST", { reason: "Land sold twice" });
    expect(again.status).toBe(409);
  });
});

describe("role matrix of the land inspection API", () => {
  const allowedFor: Record<string, string[]> = {
    "GET /api/visit-queue": ["land_inspector", "field_agent", "dg", "ddgots"],
    "POST /api/plots/{id}/visits": ["land_inspector"],
    "PUT /api/plots/{id}/boundary": ["land_inspector", "field_agent", "office_admin", "system_administrator"],
    "POST /api/plots/{id}/retire": ["land_inspector", "office_admin", "system_administrator"],
  };
  it("every other role gets 403", async () => {
    for (const role of ROLES) {
      const { token } = await sessionAs(role);
      const answers: Record<string, number> = {
        "GET /api/visit-queue": (await json(token, "/api/visit-queue")).status,
        "POST /api/plots/{id}/visits": (await json(token, "/api/plots/no-such-plot/visits", "POST", visitBody()))
          .status,
        "PUT /api/plots/{id}/boundary": (
          await json(token, "/api/plots/no-such-plot/boundary", "PUT", {
            geometry: { type: "Point", coordinates: [-8.6, 7.2] },
            baseVersion: 1,
          })
        ).status,
        "POST /api/plots/{id}/retire": (
          await json(token, "/api/plots/no-such-plot/retire", "POST", { reason: "Test reason" })
        ).status,
      };
      for (const [endpoint, status] of Object.entries(answers)) {
        if (allowedFor[endpoint]!.includes(role)) expect(status, `${role} ${endpoint}`).not.toBe(403);
        else expect(status, `${role} ${endpoint}`).toBe(403);
        expect(status, `${role} ${endpoint}`).toBeLessThan(500);
      }
    }
  }, 120_000);
});
