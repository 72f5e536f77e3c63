/** The registry's pages with JavaScript off: onboarding, the farmers list and a farmer's page. */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { FARMER_MESSAGES as M } from "#worker/contracts/farmer";
import { CROPS } from "#worker/domain/commodities";
import {
  agent,
  apiCall,
  type Created,
  decode,
  farmerLogin,
  inspector,
  one,
  postJson,
  registration,
  seedIds,
  seedRegistry,
  signInRegistryStaff,
} from "./farmers-fixtures";
import { call, count, ORIGIN, plotInsert, postForm } from "./helpers";
import { csrfOf, pageText } from "./html";

beforeAll(signInRegistryStaff);
beforeAll(seedRegistry);

// ---------------------------------------------------------------------------------------------
// Pages, with JavaScript off: plain GET and multipart form POSTs.

async function onboardPage(cookie: string) {
  const html = await (await call("/onboard-farmer", { headers: { Cookie: cookie } })).text();
  const csrf = csrfOf(html);
  const submissionId = /<input[^>]*name="submissionId"[^>]*>/.exec(html)![0].match(/value="([^"]+)"/)![1]!;
  return { html, csrf, submissionId };
}

function farmerForm(fields: Record<string, string | string[]>, photo?: File) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const value of Array.isArray(v) ? v : [v]) body.append(k, value);
  body.append("photo", photo ?? new File([], ""));
  return body;
}

// A real 1×1 PNG.
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

const formFields = (csrf: string, submissionId: string, overrides: Record<string, string | string[]> = {}) => ({
  csrf,
  submissionId,
  firstName: "Garmai",
  lastName: "Sumo",
  gender: "female",
  dateOfBirth: "1990-07-26",
  phone: "+231 77 321 9876",
  nationalId: "",
  county: "Nimba County",
  district: "Sanniquellie-Mahn",
  community: "Ganta",
  crops: ["Cocoa", "Coffee"],
  ...overrides,
});

describe("/onboard-farmer without JavaScript", () => {
  it("shows the form with a fresh submission ID each time", async () => {
    const a = await onboardPage(inspector.cookie);
    const b = await onboardPage(inspector.cookie);
    expect(a.submissionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.submissionId).not.toBe(b.submissionId);
    const html = decode(a.html);
    // Attribute names are case-insensitive in HTML (React writes encType).
    expect(html).toMatch(/<form[^>]*enctype="multipart\/form-data"[^>]*method="post"/i);
    for (const label of ["First name", "Date of birth", "County", "Crops grown", "Photo of the farmer (optional)"])
      expect(html).toContain(label);
    // Counties in the spec's order, every crop as a box.
    expect(html.indexOf(">Bomi County<")).toBeLessThan(html.indexOf(">Sinoe County<"));
    for (const crop of CROPS) expect(html).toContain(`value="${crop}"`);
  });

  it("registers with a photo and shows the ID and the temporary password once, with the next steps", async () => {
    const { csrf, submissionId } = await onboardPage(inspector.cookie);
    const photo = new File([PNG], "garmai.png", { type: "image/png" });
    const res = await postForm("/onboard-farmer", inspector.cookie, farmerForm(formFields(csrf, submissionId), photo));
    expect(res.status).toBe(201);
    const html = decode(await res.text());
    const farmerId = /data-testid="farmer-id">(FRM\d{6})</.exec(html)![1]!;
    const password = /data-testid="temporary-password">([a-z2-9]{10})</.exec(html)![1]!;
    expect(html).toContain("Farmer registered");
    expect(html).toContain("It is shown only this once.");
    expect(html).toContain('href="/onboard-farmer"');
    expect(html).toContain(`href="/create-land-plot?farmerId=${farmerId}"`);
    expect(html).toContain(`href="/farmers/${farmerId}"`);
    expect(html).toContain("Register another farmer");
    expect(html).toContain("Add a land plot for this farmer");
    expect(html).toContain("View farmer");

    const row = await one<Record<string, unknown>>("SELECT * FROM farmers WHERE farmer_id = ?", farmerId);
    expect(row).toMatchObject({
      first_name: "Garmai",
      county: "Nimba County",
      photo_key: `farmers/${farmerId}/photo`,
      import_key: submissionId,
      crops: '["Cocoa","Coffee"]',
    });
    const stored = await env.CERTS.get(`farmers/${farmerId}/photo`);
    expect(stored?.httpMetadata?.contentType).toBe("image/png");
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(PNG);

    const photoRes = await call(`/api/farmers/${farmerId}/photo`, { headers: { Cookie: inspector.cookie } });
    expect(photoRes.status).toBe(200);
    expect(photoRes.headers.get("content-type")).toBe("image/png");
    expect(photoRes.headers.get("cache-control")).toBe("private, max-age=300");
    expect(new Uint8Array(await photoRes.arrayBuffer())).toEqual(PNG);

    const details = await pageText(`/farmers/${farmerId}`, inspector.cookie);
    expect(details).toContain(`src="/api/farmers/${farmerId}/photo"`);
    expect(details).toContain('alt="Garmai Sumo"');

    expect((await farmerLogin(farmerId, password)).status).toBe(200);

    // The same form sent again (double click, reload): the same farmer, not a second one.
    const again = await postForm(
      "/onboard-farmer",
      inspector.cookie,
      farmerForm(formFields(csrf, submissionId), photo),
    );
    expect(again.status).toBe(200);
    const againHtml = decode(await again.text());
    expect(againHtml).toContain("This farmer was already registered");
    expect(againHtml).toContain(`data-testid="farmer-id">${farmerId}<`);
    expect(againHtml).toContain("no new temporary password was issued");
    expect(await one("SELECT COUNT(*) AS n FROM farmers WHERE import_key = ?", submissionId)).toEqual({ n: 1 });
  });

  it("re-renders errors next to the fields and in the summary, keeping everything typed", async () => {
    const { csrf, submissionId } = await onboardPage(agent.cookie);
    const res = await postForm(
      "/onboard-farmer",
      agent.cookie,
      farmerForm(
        formFields(csrf, submissionId, {
          firstName: "",
          dateOfBirth: "2031-01-01",
          phone: "12345",
          crops: ["Rubber", "Ginger"],
          district: "Zota",
        }),
      ),
    );
    expect(res.status).toBe(400);
    const html = decode(await res.text());
    expect(html).toContain('data-testid="error-summary"');
    const page = html.replace(/<script[\s\S]*?<\/script>/g, "");
    for (const m of [M.firstName, M.dateOfBirthPast, M.phone]) {
      expect(page.split(m).length - 1, m).toBe(2); // once in the summary, once by the field
    }
    expect(html).toContain('href="#');
    expect(html).toContain('value="Sumo"');
    expect(html).toContain('value="12345"');
    expect(html).toContain('value="Zota"');
    expect(html).toContain('value="2031-01-01"');
    expect(html).toMatch(/<option value="Nimba County" selected="">/);
    expect(html).toMatch(/value="Rubber"[^>]*checked=""|checked=""[^>]*value="Rubber"/);
    expect(html).toMatch(/value="Ginger"[^>]*checked=""|checked=""[^>]*value="Ginger"/);
    expect(html).not.toMatch(/value="Cocoa"[^>]*checked=""|checked=""[^>]*value="Cocoa"/);
    expect(html).toMatch(/value="female"[^>]*checked=""|checked=""[^>]*value="female"/);
    // The same submission ID is kept, so the corrected form still registers once.
    expect(html).toContain(`value="${submissionId}"`);
    expect(await one("SELECT COUNT(*) AS n FROM farmers WHERE import_key = ?", submissionId)).toEqual({ n: 0 });
  });

  it("a photo over 2 MB or not an image is refused clearly, nothing is stored", async () => {
    const { csrf, submissionId } = await onboardPage(agent.cookie);
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 10)], "big.jpg", { type: "image/jpeg" });
    const res = await postForm("/onboard-farmer", agent.cookie, farmerForm(formFields(csrf, submissionId), big));
    expect(res.status).toBe(400);
    const html = decode(await res.text());
    expect(html).toContain(M.photoSize);
    expect(html).toContain('value="Garmai"');
    expect(html).toContain("If you had chosen a photo, choose it again.");

    // Declared as a JPEG, but its bytes are not an image.
    const fake = new File([new TextEncoder().encode("<html>not a photo</html>")], "me.jpg", { type: "image/jpeg" });
    const res2 = await postForm("/onboard-farmer", agent.cookie, farmerForm(formFields(csrf, submissionId), fake));
    expect(res2.status).toBe(400);
    expect(decode(await res2.text())).toContain(M.photoType);
    expect(await one("SELECT COUNT(*) AS n FROM farmers WHERE import_key = ?", submissionId)).toEqual({ n: 0 });
  });

  it("a form without its token is refused", async () => {
    const { submissionId } = await onboardPage(agent.cookie);
    const res = await postForm("/onboard-farmer", agent.cookie, farmerForm(formFields("forged", submissionId)));
    expect(res.status).toBe(403);
    expect(decode(await res.text())).toContain("The form could not be verified");
    expect(await one("SELECT COUNT(*) AS n FROM farmers WHERE import_key = ?", submissionId)).toEqual({ n: 0 });
  });
});

describe("/farmers-list", () => {
  it("searches with a plain GET form and shows the count and page links", async () => {
    const res = await call("/farmers-list?county=Lofa%20County&crop=Cocoa", { headers: { Cookie: inspector.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = decode(await res.text());
    const expected = seedIds((s) => s.county === "Lofa County" && s.crops.includes("Cocoa"));
    expect(html).toContain(`${expected.length} farmers match`);
    for (const id of expected) expect(html).toContain(`href="/farmers/${id}"`);
    expect(html).toMatch(
      /<form[^>]*(method="get"[^>]*action="\/farmers-list"|action="\/farmers-list"[^>]*method="get")/,
    );
    expect(html).toMatch(/<option value="Lofa County" selected="">/);

    const all = await pageText("/farmers-list", inspector.cookie);
    const total = (await one<{ n: number }>("SELECT COUNT(*) AS n FROM farmers")).n;
    expect(all).toContain(`${total} farmers registered — showing 1 to 25`);
    expect(all).toContain(`Page 1 of ${Math.ceil(total / 25)}`);
    expect(all).toContain('href="/farmers-list?page=2"');

    const p2 = await pageText("/farmers-list?page=2", inspector.cookie);
    expect(p2).toContain("showing 26 to");
    expect(p2).toContain('aria-current="page"');
  });

  it("finds a farmer by the legacy ID form and says so when nothing matches", async () => {
    const legacy = await pageText("/farmers-list?q=FRM-2024-042", inspector.cookie);
    expect(legacy).toContain("1 farmer match");
    expect(legacy).toContain('href="/farmers/FRM000042"');
    const none = await pageText("/farmers-list?q=Zzyzx", inspector.cookie);
    expect(none).toContain("No farmers match");
    expect(none).toContain('value="Zzyzx"');
  });

  it("ignores a tampered filter with a notice instead of failing", async () => {
    const html = await pageText("/farmers-list?county=Atlantis&page=x", inspector.cookie);
    expect(html).toContain("Some search values were not understood and were ignored: county, page.");
    expect(html).toContain("farmers registered");
  });
});

describe("/farmers/:farmerId and GET /api/farmers/:farmerId", () => {
  it("shows the farmer, their photo, their plots and their history", async () => {
    const created = (await (
      await postJson("/api/farmers", inspector.token, registration({ nationalId: "LR5550001", firstName: "Wleh" }))
    ).json()) as Created;
    const { farmerId } = created.farmer;
    await plotInsert({
      id: "plot-test-1",
      code: "PLT-TEST-0001",
      farmerId,
      geometry: { type: "Point", coordinates: [-9.472316, 7.000541] },
      ha: 1.5,
      crop: "Cocoa",
      county: "Bong County",
      validation: "valid",
    }).run();
    const res = await call(`/farmers/${farmerId}`, { headers: { Cookie: agent.cookie } });
    expect(res.status).toBe(200);
    const html = decode(await res.text());
    expect(html).toContain("Wleh Zinnah");
    expect(html).toContain("Female");
    expect(html).toContain("1979-11-02");
    expect(html).toContain("+231 88 655 5010");
    expect(html).toContain("Cassava, Plantain");
    expect(html).toContain("Joseph Sirleaf (land.inspector)");
    expect(html).toContain('href="/land-plot-details/plot-test-1"');
    expect(html).toContain("PLT-TEST-0001");
    expect(html).toContain("Farmer registered");
    expect(html).toContain("Sign-in account created");
    expect(html).toContain("No photo on record.");
    expect(html).toContain(`href="/create-land-plot?farmerId=${farmerId}"`);

    const api = await apiCall(`/api/farmers/${farmerId.toLowerCase()}`, agent.token);
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({
      success: true,
      farmer: { farmerId, firstName: "Wleh", crops: ["Cassava", "Plantain"], photoUrl: null },
    });
    const noPhoto = await apiCall(`/api/farmers/${farmerId}/photo`, agent.token);
    expect(noPhoto.status).toBe(404);
    expect(await noPhoto.json()).toEqual({ success: false, message: `Farmer ${farmerId} has no photo` });
  });

  it("an unknown farmer is a clear 404 with a way back; other spellings go to the canonical page", async () => {
    const res = await call("/farmers/FRM999998", { headers: { Cookie: agent.cookie } });
    expect(res.status).toBe(404);
    const html = decode(await res.text());
    expect(html).toContain("No farmer with ID FRM999998");
    expect(html).toContain('href="/farmers-list"');
    const lower = await call("/farmers/frm000042", { headers: { Cookie: agent.cookie } });
    expect(lower.status).toBe(302);
    expect(lower.headers.get("location")).toBe("/farmers/FRM000042");
    const api = await apiCall("/api/farmers/FRM999998", agent.token);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ success: false, message: "No farmer with ID FRM999998" });
  });
});

// The offline outbox (ADR 027) resends the same form; the page answers the receipt or the
// refusal in headers, and a resend of the same submissionId stores nothing new.
describe("/onboard-farmer answers the outbox", () => {
  it("a resend returns the same receipt and registers one farmer; a refusal names the field", async () => {
    const { csrf, submissionId } = await onboardPage(inspector.cookie);
    const fields = formFields(csrf, submissionId, { firstName: "Outbox", lastName: "Resend", phone: "" });
    const first = await postForm("/onboard-farmer", inspector.cookie, farmerForm(fields));
    expect(first.status).toBe(201);
    const receipt = first.headers.get("X-Outbox-Receipt");
    expect(receipt).toMatch(/^FRM\d{6}$/);
    const again = await postForm("/onboard-farmer", inspector.cookie, farmerForm(fields));
    expect(again.status).toBe(200);
    expect(again.headers.get("X-Outbox-Receipt")).toBe(receipt);
    const { results } = await env.DB.prepare(
      "SELECT count(*) AS n FROM farmers WHERE first_name = 'Outbox' AND last_name = 'Resend'",
    ).all<{ n: number }>();
    expect(results[0]!.n).toBe(1);

    const refused = await postForm(
      "/onboard-farmer",
      inspector.cookie,
      farmerForm(formFields(csrf, crypto.randomUUID(), { community: "" })),
    );
    expect(refused.status).toBe(400);
    expect(refused.headers.get("X-Outbox-Receipt")).toBeNull();
    const detail = JSON.parse(decodeURIComponent(refused.headers.get("X-Outbox-Error")!));
    expect(detail.fieldErrors.community).toEqual(["Enter the farmer's community or town"]);
  });

  it("a record sent by the outbox registers the farmer without a login nobody would see; the farmer page offers it", async () => {
    const { csrf, submissionId } = await onboardPage(inspector.cookie);
    const fields = formFields(csrf, submissionId, { firstName: "Outbox", lastName: "Nologin", phone: "" });
    const send = () =>
      call("/onboard-farmer", {
        method: "POST",
        headers: { Cookie: inspector.cookie, Origin: ORIGIN, "X-Outbox": "1" },
        body: farmerForm(fields),
      });
    const users = await count("SELECT count(*) AS n FROM users");
    const first = await send();
    expect(first.status).toBe(201);
    const farmerId = first.headers.get("X-Outbox-Receipt")!;
    expect(farmerId).toMatch(/^FRM\d{6}$/);
    // No temporary password in the answer: nobody reads it on a phone sending in the background.
    expect(decode(await first.text())).not.toContain("Temporary password");
    const again = await send();
    expect(again.headers.get("X-Outbox-Receipt")).toBe(farmerId);
    expect(await count("SELECT count(*) AS n FROM users")).toBe(users);
    expect(await count("SELECT count(*) AS n FROM farmers WHERE farmer_id = ? AND user_id IS NULL", farmerId)).toBe(1);
    const page = await pageText(`/farmers/${farmerId}`, inspector.cookie);
    expect(page).toContain("Issue a login");
  });
});
