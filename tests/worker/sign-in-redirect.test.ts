/**
 * No open redirect after sign-in, and no 500 for CR/LF in redirectTo (it gave one after a
 * successful sign-in, leaving an orphaned session), through the real login page action.
 */
import { describe, expect, it } from "vitest";
import { call, postForm } from "./helpers";

function signIn(redirectTo: string) {
  return postForm(
    `/farmer-login-portal?redirectTo=${encodeURIComponent(redirectTo)}`,
    null,
    { _form: "farmer-portal", credentialId: "FRM000001", password: "Farmer#2026" },
    { "CF-Connecting-IP": "10.1.2.3" },
  );
}

describe("sign-in redirects stay on the platform", () => {
  it.each([
    "/\t/evil.example",
    "/\t\\evil.example",
    "/\\evil.example",
    "//evil.example",
    "/\r\n/evil.example",
    "/.//evil.example/phish",
    "/a/..//x",
    "/%2e//x",
  ])("redirectTo %j sends the farmer to her dashboard", async (target) => {
    const res = await signIn(target);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/farmer-dashboard");
    expect(res.headers.get("set-cookie")).toContain("HttpOnly");
  });

  it("a same-origin redirectTo is honoured", async () => {
    const res = await signIn("/batches?page=2");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/batches?page=2");
  });
});

describe("paths that become //host after normalisation", () => {
  const targets = ["/.//evil.example/phish", "/a/..//x", "/%2e//x", "/./\\evil.example"];

  it.each(targets)("the exporter's sign-in with redirectTo %j stays on the platform", async (target) => {
    const res = await postForm(
      `/exporter-login?redirectTo=${encodeURIComponent(target)}`,
      null,
      { _form: "exporter", username: "EXP-20260115-001", password: "Export#2026" },
      { "CF-Connecting-IP": "10.1.2.4" },
    );
    expect(res.status).toBe(302);
    const location = res.headers.get("location") ?? "";
    expect(location.startsWith("//")).toBe(false);
    expect(location.startsWith("/\\")).toBe(false);
  });

  it.each(targets)("the .data request with redirectTo %j never names another host", async (target) => {
    const res = await postForm(
      `/farmer-login-portal.data?redirectTo=${encodeURIComponent(target)}`,
      null,
      { _form: "farmer-portal", credentialId: "FRM000001", password: "Farmer#2026" },
      { "CF-Connecting-IP": "10.1.2.5" },
    );
    const body = await res.text();
    expect(res.headers.get("location") ?? "").not.toMatch(/^\/[/\\]/);
    expect(body).not.toContain("evil.example");
    expect(body).not.toMatch(/"\/\/x"/);
  });

  it.each(targets)("the loader's redirectTo %j is dropped", async (target) => {
    const res = await call(`/farmer-login-portal.data?redirectTo=${encodeURIComponent(target)}`);
    const body = await res.text();
    expect(body).not.toContain("evil.example");
    expect(body).not.toMatch(/"\/\/x"/);
  });
});
