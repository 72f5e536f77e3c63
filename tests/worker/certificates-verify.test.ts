/**
 * The public verification page of real certificates (current, superseded, forged) and their
 * revocation by a regulator, over documents issued in a beforeAll the way the real-subject tests
 * (certificates-real.test.ts) issue them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { CertificateType } from "#worker/domain/certificates/content";
import {
  BATCH,
  certByNumber,
  get,
  issueForVerification,
  issueReal,
  one,
  post,
  signInAndSeed,
  type Who,
  who,
} from "./certificates-fixtures";
import { call, postForm } from "./helpers";
import { csrfOf, decodeHtml as decode, pageText } from "./html";

beforeAll(signInAndSeed, 60_000);

const real = (type: CertificateType, kind: string, id: string, as: Who, headers: Record<string, string> = {}) =>
  get(`/api/certificates/${type}/${kind}/${id}`, as, headers);
let issued: Record<string, string> = {};
beforeAll(async () => {
  issued = await issueForVerification();
}, 60_000);

// ── Verification and revocation ─────────────────────────────────────────────────────────────

describe("/verify/{certificateNumber}", () => {
  it("shows a current certificate as genuine and valid, without signing in", async () => {
    const n = issued["shipment:eudr"]!;
    const res = await call(`/verify/${n}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = decode(await res.text());
    expect(html).toContain("Genuine: this certificate was issued by this platform.");
    expect(html).toMatch(/data-testid="verify-status"[^>]*>.*Valid</s);
    expect(html).toContain("EUDR Compliance Certificate");
    expect(html).toContain(n);
    expect(html).toContain(`Shipment: ${BATCH} (Cocoa, exported`);
    expect(html).toContain("Liberia Agriculture and Commodity Regulatory Authority (LACRA)");
    // Nothing beyond what the paper prints: no producer names, no plot codes.
    expect(html).not.toContain("Korto");
    expect(html).not.toContain("PLT-000001-01");
    // No revoke form for a visitor.
    expect(html).not.toContain("Revoke certificate");

    const json = await call(`/api/certificates/verify/${n.toLowerCase()}`);
    expect(json.status).toBe(200);
    expect(await json.json()).toMatchObject({
      success: true,
      certificate: {
        certificateNumber: n,
        status: "valid",
        type: "eudr",
        title: "EUDR Compliance Certificate",
        testProfile: false,
      },
    });
  });

  it("says when a certificate was superseded, and which one is current", async () => {
    const html = await pageText(`/verify/${issued["shipment:eudr:old"]}`);
    expect(html).toContain("Superseded by a newer certificate");
    expect(html).toContain(`href="/verify/${issued["shipment:eudr"]}"`);
  });

  it("reports a forged or altered number as not found", async () => {
    const n = issued["shipment:eudr"]!;
    const altered = `${n.slice(0, -1)}${n.endsWith("A") ? "B" : "A"}`;
    for (const bad of [
      altered,
      n.replace(/-(\d{6})-/, (_, s) => `-${String(Number(s) + 1).padStart(6, "0")}-`),
      "LR-EUDR-2026-000001",
      "hello",
    ]) {
      const res = await call(`/verify/${bad}`);
      expect(res.status, bad).toBe(404);
      const html = decode(await res.text());
      expect(html).toContain(
        `No certificate with number ${bad} was issued by this platform. The document may be forged or the number mistyped.`,
      );
      expect(html).not.toContain("Genuine");
    }
    const json = await call(`/api/certificates/verify/${altered}`);
    expect(json.status).toBe(404);
    expect(await json.json()).toEqual({
      success: false,
      message: `No certificate with number ${altered} was issued by this platform. The document may be forged or the number mistyped.`,
    });
  });

  it("a regulator revokes with a reason; others cannot; the paper is not issued again for the same data", async () => {
    const n = issued["batch:origin"]!;
    const buyer = await post(`/api/certificates/${n}/revoke`, "buyer", { reason: "Exporter declaration found false" });
    expect(buyer.status).toBe(403);
    const short = await post(`/api/certificates/${n}/revoke`, "dg", { reason: " too short " });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({
      success: false,
      message: "Enter the reason for revoking this certificate (at least 10 characters)",
      errors: { reason: ["Enter the reason for revoking this certificate (at least 10 characters)"] },
    });
    const ok = await post(`/api/certificates/${n}/revoke`, "dg", {
      reason: "  Origin  declaration found to be false on inspection ",
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      success: true,
      certificate: {
        certificateNumber: n,
        status: "revoked",
        revocationReason: "Origin declaration found to be false on inspection",
      },
    });
    const row = await certByNumber(n);
    expect(row).toMatchObject({
      status: "revoked",
      revocation_reason: "Origin declaration found to be false on inspection",
    });
    expect(
      await one<{ actor_role: string }>(
        "SELECT actor_role FROM audit_log WHERE action = 'certificate.revoke' AND entity_id = ?",
        n,
      ),
    ).toEqual({ actor_role: "dg" });

    const html = await pageText(`/verify/${n}`);
    const today = new Date();
    const day = today.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    expect(html).toContain(`Revoked on ${day}`);
    expect(html).toContain("Reason: Origin declaration found to be false on inspection");

    const again = await post(`/api/certificates/${n}/revoke`, "office", { reason: "A second revocation attempt" });
    expect(again.status).toBe(409);
    expect((await real("origin", "batch", BATCH, "dg")).status).toBe(409);
    const reissue = await issueReal("origin", "batch", BATCH, "dg");
    expect(reissue.status).toBe(409);
    expect(((await reissue.json()) as { message: string }).message).toMatch(
      new RegExp(
        `^Certificate ${n} was revoked on .*: Origin declaration found to be false on inspection\\. A new certificate is issued only when the data behind it changes\\.$`,
      ),
    );
  });

  it("signed-in regulator staff revoke from the page with a plain form", async () => {
    const n = issued["batch:phytosanitary"]!;
    const page = await pageText(`/verify/${n}`, who.office.cookie);
    expect(page).toContain("Revoke certificate");
    const csrf = csrfOf(page);
    const form = (fields: Record<string, string>, cookie: string) => postForm(`/verify/${n}`, cookie, fields);
    const invalid = await form({ csrf, reason: "short" }, who.office.cookie);
    expect(invalid.status).toBe(400);
    const again = decode(await invalid.text());
    expect(again).toContain("There is a problem");
    expect(again).toContain("Enter the reason for revoking this certificate (at least 10 characters)");
    expect(again).toContain(">short</textarea>");
    expect((await form({ csrf: "forged", reason: "Treatment record was falsified" }, who.office.cookie)).status).toBe(
      403,
    );
    expect((await form({ csrf, reason: "Treatment record was falsified" }, who.buyer.cookie)).status).toBe(403);
    const ok = await form({ csrf, reason: "Treatment record was falsified" }, who.office.cookie);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(`/verify/${n}?revoked=1`);
    const after = await pageText(`/verify/${n}?revoked=1`, who.office.cookie);
    expect(after).toContain("The certificate is revoked.");
    expect(after).toContain("Reason: Treatment record was falsified");
    expect(after).not.toContain("Revoke certificate");
  });
});
