import { describe, expect, it } from "vitest";
import { API_CSP, inlineScripts, pageCsp, scriptHash, withSecurityHeaders } from "#worker/http/security-headers";

describe("inline script hashing", () => {
  it("finds inline scripts but not external ones", () => {
    const html = `<script>a()</script><script src="/x.js"></script><script type="module">b()</script><script></script><script>a()</script>`;
    expect(inlineScripts(html)).toEqual(["a()", "b()"]);
  });

  it("hashes like the browser (SHA-256, base64)", async () => {
    // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
    expect(await scriptHash("alert(1)")).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });

  it("builds a page policy without unsafe-inline scripts", () => {
    const csp = pageCsp(["'sha256-abc'"]);
    expect(csp).toContain("script-src 'self' 'sha256-abc'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });
});

describe("withSecurityHeaders", () => {
  it("adds the strict headers and keeps a CSP that is already set", () => {
    const res = withSecurityHeaders(
      new Response("x", { headers: { "Content-Security-Policy": "default-src 'self'" } }),
    );
    expect(res.headers.get("Content-Security-Policy")).toBe("default-src 'self'");
    expect(res.headers.get("Strict-Transport-Security")).toContain("max-age=63072000");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("falls back to the API policy and copies immutable responses", async () => {
    const immutable = Response.redirect("https://example.org/", 302);
    const res = withSecurityHeaders(immutable);
    expect(res.status).toBe(302);
    expect(res.headers.get("Content-Security-Policy")).toBe(API_CSP);
  });
});
