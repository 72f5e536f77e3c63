/**
 * Certificates end to end in the built Worker with real D1 and R2: the six test
 * documents of the three test profiles, the same documents for a real batch, shipment and
 * farmer, caching (a second download does not draw the PDF again), conditional GET, versions
 * when the data changes, the public verification page, revocation and the nightly job.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { CERTIFICATE_INFO, CERTIFICATE_TYPES } from "#worker/domain/certificates/content";
import { TEST_FARMERS } from "#worker/domain/certificates/test-farmers";
import {
  type CertRow,
  certByNumber,
  count,
  expectPdf,
  get,
  issue,
  one,
  signInAndSeed,
  testPath,
  who,
} from "./certificates-fixtures";
import { call, ORIGIN, postForm } from "./helpers";
import { csrfOf, decodeHtml as decode, pageText } from "./html";

beforeAll(signInAndSeed, 60_000);

// ── The test profiles ───────────────────────────────────────────────────────────────────────

describe("GET /api/test/<document>/{id}", () => {
  it("GET does not issue: 404 with a clear message until a POST issues the document", async () => {
    for (const type of CERTIFICATE_TYPES) {
      const res = await get(testPath(type, 1), "land");
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({
        success: false,
        message: `No ${CERTIFICATE_INFO[type].title} has been issued yet for ${TEST_FARMERS[0]!.name} (test profile 1). Issue it with a POST to this address.`,
      });
    }
    // A cookie-carrying POST from a foreign page is refused before it reaches the route.
    const forged = await call(testPath("eudr", 1), {
      method: "POST",
      headers: { Cookie: who.land.cookie, Origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);
    expect(await count()).toBe(0);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM audit_log WHERE action = 'certificate.issue'")).n).toBe(
      0,
    );
  });

  it.each([1, 2, 3])(
    "test farmer %i: all six documents are PDFs, each recorded in D1 and stored in R2",
    async (id) => {
      for (const type of CERTIFICATE_TYPES) {
        const res = await issue(testPath(type, id), "land");
        const pdf = await expectPdf(res, type);
        expect(pdf.source).toBe("generated");
        expect(pdf.doc.getKeywords()).toContain(`test_farmer:${id}`);
        expect(pdf.doc.getKeywords()).toContain("TEST-PROFILE");
        const row = await certByNumber(pdf.number);
        expect(row).toMatchObject({
          type,
          subject_type: "test_farmer",
          subject_id: String(id),
          status: "valid",
          version: 1,
          issued_by: "demo-land-inspector",
        });
        expect(pdf.etag).toBe(`"${row.data_hash}-${pdf.number}"`);
        expect(row.data_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(row.r2_key).toBe(`certificates/${type}/test_farmer/${id}/${row.data_hash}/${pdf.number}.pdf`);
        const object = await env.CERTS.get(row.r2_key);
        expect(new Uint8Array(await object!.arrayBuffer())).toEqual(pdf.bytes);
        const summary = JSON.parse(row.summary);
        expect(summary).toEqual({
          title: CERTIFICATE_INFO[type].title,
          subject: {
            kind: "test_farmer",
            reference: String(id),
            label: `${TEST_FARMERS[id - 1]!.name} (test profile ${id})`,
          },
          testProfile: true,
          issuer:
            type === "phytosanitary"
              ? "National Plant Quarantine Service (NPQS), Ministry of Agriculture"
              : "Liberia Agriculture and Commodity Regulatory Authority (LACRA)",
          verificationUrl: `${ORIGIN}/verify/${pdf.number}`,
        });
      }
      // The declaration names the other five current certificates of the profile.
      const declaration = await one<CertRow>(
        "SELECT * FROM certificates WHERE type = 'declaration' AND subject_id = ?",
        String(id),
      );
      expect(declaration.status).toBe("valid");
      expect(await count()).toBe(6 * id);
    },
    120_000,
  );

  it("a second download serves the stored bytes: no new certificate, no new R2 object", async () => {
    const before = await count();
    const first = await expectPdf(await get(testPath("eudr", 2), "land"), "eudr");
    const row = await certByNumber(first.number);
    const head = (await env.CERTS.head(row.r2_key))!;
    const again = await expectPdf(await get(testPath("eudr", 2), "dg"), "eudr");
    expect(again.source).toBe("stored");
    expect(again.number).toBe(first.number);
    expect(again.bytes).toEqual(first.bytes);
    expect(again.etag).toBe(first.etag);
    const after = (await env.CERTS.head(row.r2_key))!;
    expect(after.uploaded.getTime()).toBe(head.uploaded.getTime());
    expect(after.etag).toBe(head.etag);
    expect(await count()).toBe(before);
    const issues = await one<{ n: number }>(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'certificate.issue' AND entity_id = ?",
      first.number,
    );
    expect(issues.n).toBe(1);
  });

  it("answers a conditional GET with 304 and no body", async () => {
    const first = await expectPdf(await get(testPath("quality", 1), "land"), "quality");
    const same = await get(testPath("quality", 1), "land", { "If-None-Match": first.etag });
    expect(same.status).toBe(304);
    expect(same.headers.get("etag")).toBe(first.etag);
    expect(await same.text()).toBe("");
    const weak = await get(testPath("quality", 1), "land", { "If-None-Match": `"other", W/${first.etag}` });
    expect(weak.status).toBe(304);
    const stale = await get(testPath("quality", 1), "land", { "If-None-Match": '"0000-LR-QCG-2020-000001-AAAA"' });
    expect(stale.status).toBe(200);
  });

  it("refuses other ids with a clear JSON message, and needs a staff sign-in", async () => {
    const unknown = await get(testPath("eudr", 7), "land");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toContain("application/json");
    expect(await unknown.json()).toEqual({
      success: false,
      message: "No test farmer with id 7 (test profiles are 1, 2 and 3)",
    });
    const zero = await get(testPath("origin", 0), "land");
    expect(zero.status).toBe(404);
    const abc = await get(testPath("eudr", "abc"), "land");
    expect(abc.status).toBe(400);
    expect(await abc.json()).toEqual({
      success: false,
      message: 'The test farmer id must be a number (test profiles are 1, 2 and 3), not "abc"',
    });
    expect((await get(testPath("eudr", 1), null)).status).toBe(401);
    const buyer = await get(testPath("eudr", 1), "buyer");
    expect(buyer.status).toBe(403);
    expect(await buyer.json()).toEqual({ success: false, message: "You do not have permission to do this" });
  });
});

describe("/certificate-testing-dashboard", () => {
  it("lists the three profiles and nothing else before one is chosen", async () => {
    const res = await call("/certificate-testing-dashboard", { headers: { Cookie: who.dg.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = decode(await res.text());
    expect(html).toContain("Certificate Testing Dashboard");
    for (const f of TEST_FARMERS) {
      expect(html).toContain(f.name);
      expect(html).toContain(f.location);
      expect(html).toContain(`Test farmer ${f.id}`);
    }
    expect(html.split(">Generate Certificates<").length - 1).toBe(3);
    expect(html).not.toContain('data-testid="generated"');
    expect(html).not.toContain("/api/test/");
  });

  it("'Generate Certificates' issues the six documents, then shows a banner and six cards opening in a new tab", async () => {
    const page = await pageText("/certificate-testing-dashboard", who.dg.cookie);
    const csrf = csrfOf(page);
    const res = await postForm("/certificate-testing-dashboard", who.dg.cookie, { csrf, farmer: "2" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/certificate-testing-dashboard?farmer=2&generated=1");
    const html = decode(
      await (
        await call("/certificate-testing-dashboard?farmer=2&generated=1", { headers: { Cookie: who.dg.cookie } })
      ).text(),
    );
    expect(html).toContain(
      `Certificates generated for ${TEST_FARMERS[1]!.name} (test profile 2): six documents are ready.`,
    );
    for (const type of CERTIFICATE_TYPES) {
      expect(html).toContain(`href="/api/test/${CERTIFICATE_INFO[type].testPath}/2" target="_blank" rel="noopener"`);
      expect(html).toContain(CERTIFICATE_INFO[type].title);
      const current = await one<CertRow>(
        "SELECT * FROM certificates WHERE type = ? AND subject_type = 'test_farmer' AND subject_id = '2' AND status = 'valid'",
        type,
      );
      expect(html).toContain(current.certificate_number);
    }
    expect(html.split('target="_blank"').length - 1).toBe(6);
    // The new tab carries only the session cookie.
    const tab = await call(`/api/test/${CERTIFICATE_INFO.quality.testPath}/2`, { headers: { Cookie: who.dg.cookie } });
    expect((await expectPdf(tab, "quality")).source).toBe("stored");
  }, 60_000);

  it("is for staff: a buyer gets 403, a visitor is sent to sign in", async () => {
    expect((await call("/certificate-testing-dashboard", { headers: { Cookie: who.buyer.cookie } })).status).toBe(403);
    const visitor = await call("/certificate-testing-dashboard");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/portals?redirectTo=%2Fcertificate-testing-dashboard");
  });
});
