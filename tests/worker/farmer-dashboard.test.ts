/**
 * /farmer-dashboard: the signed-in farmer sees her own record, card, plots, sales,
 * certificates and notices, and nothing of another farmer (IDOR), and /api/dashboard/metrics
 * answers her own counts. Farmer A is the demo farmer (FRM000001, Korto Gbowee); farmer B
 * (FRM100002, Yassah Kpadeh) shares a batch with her and has a batch, a plot, a certificate and a
 * notice of his own.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { farmerIdFromCard } from "#worker/domain/farmer-card";
import { BATCH, expectPdf, issueReal, OTHER_BATCH, signInAndSeed, who } from "./certificates-fixtures";
import { db, insertNotification, insertPlot, once } from "./factories";
import { bearer, call } from "./helpers";
import { decodeHtml as decode } from "./html";

const B_TRACES = ["FRM100002", "Yassah", "Kpadeh", "PLT-100002-01", OTHER_BATCH, "Totota"];

/** A plot of the farmer's, stored with a "more information needed" verdict (a point at 0,0). */
const plotNeedingInfo = (id: string, plotCode: string, farmerId: string) =>
  insertPlot({
    id,
    plotCode,
    farmerId,
    geometry: { type: "Point", coordinates: [0, 0] },
    riskLevel: "more_information_needed",
  });

/** Her second plot, "more information needed". */
const withHerSecondPlot = once(async () => {
  await plotNeedingInfo("p-a2", "PLT-000001-09", "FRM000001");
});

let aCertificate = "";
let bCertificate = "";

beforeAll(async () => {
  await signInAndSeed();
  await db.batch([
    insertNotification({
      id: "n-a",
      userId: "demo-farmer",
      kind: "certificate_ready",
      title: "Your EUDR certificate is ready",
      body: "Download it from your dashboard.",
    }),
    insertNotification({
      id: "n-b",
      userId: "someone-else",
      kind: "plot_high_risk",
      title: "Secret notice for another farmer",
      body: "Not for her.",
    }),
  ]);
  aCertificate = (await expectPdf(await issueReal("eudr", "farmer", "FRM000001", "dg"), "eudr")).number;
  bCertificate = (await expectPdf(await issueReal("eudr", "farmer", "FRM100002", "dg"), "eudr")).number;
}, 120_000);

async function dashboard(cookie: string) {
  const res = await call("/farmer-dashboard", { headers: { Cookie: cookie } });
  return { status: res.status, html: decode(await res.text()), res };
}

describe("/farmer-dashboard shows her own records", () => {
  it("her record, her card's QR code (the Farmer ID only), her plot with its latest verdict and why", async () => {
    const { status, html, res } = await dashboard(who.farmer.cookie);
    expect(status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(html).toContain("Welcome, ");
    expect(html).toContain("Korto Gbowee");
    expect(html).toContain("FRM000001");
    // The QR code is an inline SVG drawn on the server (works without JavaScript).
    expect(html).toMatch(/data-testid="farmer-qr"[^>]*><svg/);
    expect(farmerIdFromCard("LR-FARMER:FRM000001")).toBe("FRM000001");
    // Plot 1: latest verdict "low" (3 months ago), with the stored reason — not the older one.
    expect(html).toContain("PLT-000001-01");
    expect(html).toContain("Low risk");
    expect(html).toContain("Cocoa was already grown on the plot in 2020.");
    expect(html).not.toContain("Tree cover at end-2020 on 40% of the plot.");
    expect(html).toContain("Cocoa map of West Africa 2020 2025: 100% of the plot (1 ha)");
  });

  it("her sale: the batch from her plot, its weight, buyer, price not recorded, compliance, certificates", async () => {
    const { html } = await dashboard(who.farmer.cookie);
    expect(html).toContain(BATCH);
    expect(html).toContain("1,200 kg (700 kg from my plots)");
    expect(html).toContain("Bong Cocoa Traders (demo)");
    expect(html).toMatch(/Price paid<\/dt><dd>not recorded/);
    // The batch's state in her words: what it is, not the registry's code.
    expect(html).toContain("Confirmed for export to the EU");
  });

  it("her certificate, downloadable; her notice", async () => {
    const { html } = await dashboard(who.farmer.cookie);
    expect(html).toContain(aCertificate);
    expect(html).toContain('href="/api/certificates/eudr/farmer/FRM000001"');
    const pdf = await call("/api/certificates/eudr/farmer/FRM000001", { headers: { Cookie: who.farmer.cookie } });
    expect((await expectPdf(pdf, "eudr")).number).toBe(aCertificate);
    expect(html).toContain("Your EUDR certificate is ready");
    // A paper not issued yet says what is missing and who acts: her plots are checked (low risk), so she asks.
    const missing = [...html.matchAll(/data-testid="certificate-missing"[^>]*>([^<]*)</g)].map((m) => m[1]);
    expect(missing.length).toBeGreaterThan(0);
    for (const text of missing) expect(text).toContain("Your plots are checked. Ask your land inspector");
  });

  it("nothing of farmer B: name, Farmer ID, plot, batch, certificate or notice", async () => {
    const { html } = await dashboard(who.farmer.cookie);
    for (const trace of [...B_TRACES, bCertificate, "Secret notice for another farmer"]) {
      expect(html, trace).not.toContain(trace);
    }
    // No platform-wide counts either.
    expect(html).not.toContain("Active farmers");
    expect(html).not.toContain("Total farms");
  });

  it("an id in the URL changes nothing: the page always shows the session's farmer", async () => {
    const res = await call("/farmer-dashboard?farmerId=FRM100002", { headers: { Cookie: who.farmer.cookie } });
    const html = decode(await res.text());
    expect(html).toContain("FRM000001");
    for (const trace of B_TRACES) expect(html, trace).not.toContain(trace);
  });

  it("IDOR: farmer A cannot download farmer B's certificate (answered like an unknown farmer)", async () => {
    for (const method of ["GET", "POST"]) {
      const res = await call("/api/certificates/eudr/farmer/FRM100002", {
        method,
        headers: { Authorization: `Bearer ${who.farmer.token}` },
      });
      expect(res.status, method).toBe(404);
      const body = (await res.json()) as { success: boolean; message: string };
      expect(body).toEqual({ success: false, message: "No farmer with ID FRM100002" });
    }
    // Nor a batch certificate of a batch she has no part in.
    const batch = await bearer(who.farmer.token, `/api/certificates/quality/batch/${OTHER_BATCH}`);
    expect(batch.status).toBe(404);
  });

  it("staff and other roles are refused the farmer's dashboard", async () => {
    for (const as of ["dg", "buyer", "land", "exporter"] as const) {
      const res = await call("/farmer-dashboard", { headers: { Cookie: who[as].cookie } });
      expect(res.status, as).toBe(403);
    }
    const out = await call("/farmer-dashboard");
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/farmer-login-portal?redirectTo=%2Ffarmer-dashboard");
  });
});

describe("/api/dashboard/metrics answers for the caller", () => {
  const metrics = async (token: string) =>
    (await bearer(token, "/api/dashboard/metrics")).json() as Promise<Record<string, unknown>>;

  it("a farmer gets her own counts, in the spec's shape", async () => {
    expect(await metrics(who.farmer.token)).toEqual({
      totalFarms: 1,
      activeFarmers: 1,
      pendingInspections: 0,
      completedInspections: 1,
      offlineMode: false,
    });
  });

  it("her counts follow her plots only: a new 'more information needed' plot of farmer B changes nothing for her", async () => {
    await plotNeedingInfo("p-b2", "PLT-100002-02", "FRM100002");
    expect((await metrics(who.farmer.token)).pendingInspections).toBe(0);
    await withHerSecondPlot();
    expect(await metrics(who.farmer.token)).toMatchObject({
      totalFarms: 2,
      pendingInspections: 1,
      completedInspections: 1,
    });
  });

  it("staff keep the shape (their scope's counts), not the farmer's", async () => {
    const m = (await metrics(who.dg.token)) as Record<string, unknown>;
    expect(Object.keys(m).sort()).toEqual(
      ["activeFarmers", "completedInspections", "offlineMode", "pendingInspections", "totalFarms"].sort(),
    );
    expect(m.offlineMode).toBe(false);
  });
});

describe("'more information needed' tells her what to do", () => {
  it("shows the verdict in plain words and the next steps", async () => {
    await withHerSecondPlot();
    await env.DB.batch([
      env.DB.prepare("UPDATE land_plots SET assessed_at = ? WHERE id = 'p-a2'").bind(new Date().toISOString()),
      env.DB.prepare(
        "INSERT INTO plot_assessments (id, plot_id, verdict, evidence, reasons, assessed_at) SELECT 'a-9', 'p-a2', 'more_information_needed', '[]', ?, assessed_at FROM land_plots WHERE id = 'p-a2'",
      ).bind(JSON.stringify(["No forest-cover-2020 layer has data for this location."])),
    ]);
    const { html } = await dashboard(who.farmer.cookie);
    expect(html).toContain("More information needed");
    expect(html).toContain("No forest-cover-2020 layer has data for this location.");
    expect(html).toContain("What you can do");
    expect(html).toContain("Ask your land inspector or field agent for a field visit");
    expect(html).toContain("The forest maps do not cover your area yet");
  });
});

// The farmer with no register row linked: a clear message, no error.
describe("an account without a farmer record", () => {
  it("says so", async () => {
    await env.DB.prepare("UPDATE farmers SET user_id = NULL, farmer_id = 'FRM000777' WHERE id = 'f-1'").run();
    const { status, html } = await dashboard(who.farmer.cookie);
    expect(status).toBe(200);
    expect(html).toContain("No farmer record is linked to this account yet.");
  });
});
