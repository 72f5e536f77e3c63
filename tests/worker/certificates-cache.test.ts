/**
 * The certificate cache fast path: a current certificate is served with one D1 read and
 * one R2 read, a 304 with no R2 read, and any change to what the paper prints ends the fast path.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { currentCertificate } from "#worker/services/certificates/issue-certificate";
import { certByNumber, expectPdf, get, iso, issueReal, signInAndSeed, type Who } from "./certificates-fixtures";
import { ORIGIN } from "./helpers";

const real = (type: "eudr", kind: string, id: string, as: Who, headers: Record<string, string> = {}) =>
  get(`/api/certificates/${type}/${kind}/${id}`, as, headers);

beforeAll(async () => {
  await signInAndSeed();
  await (await issueReal("eudr", "farmer", "FRM000001", "dg")).arrayBuffer();
}, 60_000);

// ── The cache fast path ──────────────────────────────────────────────────────────

/** D1 and R2 that count what a call does with them. */
function counting() {
  const calls = { d1: 0, r2: 0 };
  const d1 = new Proxy(env.DB, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "prepare" || prop === "batch" || prop === "exec") calls.d1++;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const r2 = new Proxy(env.CERTS, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "get" || prop === "put" || prop === "head") calls.r2++;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { calls, deps: { db: database(d1), r2, verifyBaseUrl: ORIGIN } };
}

describe("cached downloads (the certificate cache fast path)", () => {
  it("a current certificate is served with one D1 read and one R2 read; a 304 needs no R2 read", async () => {
    const request = { type: "eudr", subjectType: "farmer", subjectId: "FRM000001" } as const;
    // The first read after issuing notes the data version; from then on the fast path serves.
    await currentCertificate(request, counting().deps);
    const { calls, deps } = counting();
    const result = await currentCertificate(request, deps);
    if (!result.ok) throw new Error(result.message);
    expect(calls).toEqual({ d1: 1, r2: 0 });
    const pdf = await result.value.open();
    expect(pdf.source).toBe("stored");
    expect(calls).toEqual({ d1: 1, r2: 1 });

    const etag = (await real("eudr", "farmer", "FRM000001", "dg")).headers.get("etag")!;
    const same = await real("eudr", "farmer", "FRM000001", "dg", { "If-None-Match": etag });
    expect(same.status).toBe(304);
  });

  it("any change to what the paper prints, by any writer, ends the fast path: the new data gets a new number", async () => {
    const before = await expectPdf(await real("eudr", "farmer", "FRM000001", "dg"), "eudr");
    // Written straight to D1, as an import or a repair would: the trigger bumps the version.
    await env.DB.prepare("UPDATE farmers SET last_name = 'Gbowee-Kollie' WHERE farmer_id = 'FRM000001'").run();
    const stale = await real("eudr", "farmer", "FRM000001", "dg");
    expect(stale.status).toBe(404);
    expect(((await stale.json()) as { message: string }).message).toContain(
      `(${before.number} describes earlier data)`,
    );
    const after = await expectPdf(await issueReal("eudr", "farmer", "FRM000001", "dg"), "eudr");
    expect(after.number).not.toBe(before.number);
    expect((await certByNumber(before.number)).status).toBe("superseded");
    expect(JSON.parse((await certByNumber(after.number)).summary).subject.label).toBe(
      "Korto Gbowee-Kollie (FRM000001)",
    );
    // A new assessment of one of the farmer's plots does too.
    await env.DB.prepare(
      "INSERT INTO plot_assessments (id, plot_id, verdict, evidence, reasons, assessed_at) VALUES ('a-9', 'p-1', 'high', '[]', '[]', ?)",
    )
      .bind(iso(0))
      .run();
    expect((await real("eudr", "farmer", "FRM000001", "dg")).status).toBe(404);
  }, 60_000);
});
