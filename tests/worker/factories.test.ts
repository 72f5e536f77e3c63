/**
 * The sessions the worker tests mint (tests/worker/factories.ts) stand for a sign-in: the API and
 * the pages take them as they take a signed-in person's, the pages carry the form token the
 * factory hands out, and ending one refuses its token everywhere (ADR 003). Signing in itself is
 * tested once per portal in auth-api.test.ts.
 */
import { describe, expect, it } from "vitest";
import { sessionAs, userWithSession } from "./factories";
import { bearer, call, postForm } from "./helpers";
import { csrfOf } from "./html";

describe("a minted session", () => {
  it("opens the API and the role's own dashboard, whose forms carry the session's form token", async () => {
    const exporter = await sessionAs("exporter");
    const me = await bearer(exporter.token, "/api/auth/me");
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: unknown }).user).toMatchObject({
      id: exporter.account.id,
      role: "exporter",
      username: exporter.account.loginId,
    });
    const page = await call("/exporter-dashboard", { headers: { Cookie: exporter.cookie } });
    expect(page.status).toBe(200);
    expect(csrfOf(await page.text())).toBe(exporter.csrf);
    // An account made by the factory is one like any other: its own session, its own role's pages.
    const buyer = await userWithSession({ role: "buyer", firstName: "Factory", lastName: "Buyer" });
    expect((await bearer(buyer.token, "/api/auth/me")).status).toBe(200);
    expect((await call("/exporter-dashboard", { headers: { Cookie: buyer.cookie } })).status).toBe(403);
  });

  it("is listed among the person's sessions and, once signed out, refused on the API and the pages", async () => {
    const s = await sessionAs("office_admin");
    const listed = (await (await bearer(s.token, "/api/profile/sessions")).json()) as {
      sessions: { current: boolean }[];
    };
    expect(listed.sessions.filter((x) => x.current)).toHaveLength(1);
    const out = await postForm("/logout", s.cookie, { csrf: s.csrf });
    expect(out.status).toBe(302);
    expect((await bearer(s.token, "/api/auth/me")).status).toBe(401);
    expect((await call("/office-administration-portal", { headers: { Cookie: s.cookie } })).status).toBe(302);
  });
});
