/**
 * Issue 11 F1 (open redirect after sign-in) and F10 (CR/LF in redirectTo gave a 500 after a
 * successful sign-in, leaving an orphaned session), through the real login page action.
 */
import { describe, expect, it } from "vitest";
import { postForm } from "./helpers";

function signIn(redirectTo: string) {
  return postForm(
    `/farmer-login-portal?redirectTo=${encodeURIComponent(redirectTo)}`,
    null,
    { _form: "farmer-portal", credentialId: "FRM000001", password: "Farmer#2026" },
    { "CF-Connecting-IP": "10.1.2.3" },
  );
}

describe("sign-in redirects stay on the platform", () => {
  it.each(["/\t/evil.example", "/\t\\evil.example", "/\\evil.example", "//evil.example", "/\r\n/evil.example"])(
    "redirectTo %j sends the farmer to her dashboard",
    async (target) => {
      const res = await signIn(target);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/farmer-dashboard");
      expect(res.headers.get("set-cookie")).toContain("HttpOnly");
    },
  );

  it("a same-origin redirectTo is honoured", async () => {
    const res = await signIn("/batches?page=2");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/batches?page=2");
  });
});
