import { describe, expect, it } from "vitest";
import { LOGIN_PATHS } from "#app/content/login-paths";
import { DASHBOARD_PATHS, DASHBOARDS, dashboardAccess, ROLES } from "#worker/auth/roles";
import { sessionAs } from "./factories";
import { call, postForm } from "./helpers";
import { csrfOf, decodeHtml as decode, pageText } from "./html";

function form(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return postForm(path, null, fields, { "CF-Connecting-IP": "10.1.1.1", ...headers });
}

describe("signed-out visitors", () => {
  for (const path of DASHBOARD_PATHS) {
    const rule = DASHBOARDS[path];
    it(`${path} → ${rule.publicView ? "public aggregate view" : `redirect to ${rule.login}`}`, async () => {
      const res = await call(path);
      if (rule.publicView) {
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toContain("Public accessibility view — national aggregate figures only, no personal data.");
        expect(html).not.toMatch(/FRM\d{6}|\+231 77/);
      } else {
        expect(res.status).toBe(302);
        expect(res.headers.get("location")).toBe(`${rule.login}?redirectTo=${encodeURIComponent(path)}`);
      }
    });
  }
});

describe("role × dashboard matrix (every cell)", () => {
  for (const role of ROLES) {
    it(`${role}`, async () => {
      const { cookie } = await sessionAs(role);
      for (const path of DASHBOARD_PATHS) {
        const res = await call(path, { headers: { Cookie: cookie } });
        const access = dashboardAccess(path, role);
        const html = decode(await res.text());
        if (access === "none") {
          expect(res.status, `${role} at ${path}`).toBe(403);
          expect(html).toContain("403 — Access denied");
          expect(html).toContain(`You cannot open the ${DASHBOARDS[path].title}`);
        } else {
          expect(res.status, `${role} at ${path}`).toBe(200);
          expect(html).toContain("Welcome, ");
          expect(html.includes("Read-only oversight view")).toBe(access === "read-only");
        }
        expect(res.headers.get("cache-control")).toBe("private, no-store");
        expect(res.headers.get("x-edge-cache")).toBeNull();
      }
    });
  }
});

describe("role × API matrix", () => {
  it("metrics and me need a session; deactivation needs an administrator", async () => {
    expect((await call("/api/auth/me")).status).toBe(401);
    expect((await call("/api/users/demo-buyer/deactivate", { method: "POST" })).status).toBe(401);
    for (const role of ROLES) {
      const { token } = await sessionAs(role);
      const auth = { Authorization: `Bearer ${token}` };
      expect((await call("/api/dashboard/metrics", { headers: auth })).status, role).toBe(200);
      expect((await call("/api/auth/me", { headers: auth })).status, role).toBe(200);
      const deactivate = await call("/api/users/no-such-user/deactivate", { method: "POST", headers: auth });
      expect(deactivate.status, role).toBe(["system_administrator", "office_admin"].includes(role) ? 404 : 403);
    }
  });
});

describe("login pages", () => {
  for (const path of LOGIN_PATHS) {
    it(`${path} renders${path === "/regulatory-login" ? "" : " with demo credentials in demo mode"}`, async () => {
      const res = await call(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      if (path === "/regulatory-login") {
        for (const href of [
          "/dg-login",
          "/ddgots-login",
          "/ddgaf-login",
          "/agritrace-admin-login",
          "/regulatory-classic-login",
        ]) {
          expect(html).toContain(`href="${href}"`);
        }
      } else {
        expect(html).toContain('data-testid="demo-credentials"');
      }
    });
  }

  it("executive pages link to their neighbours and back to /regulatory-login", async () => {
    const html = await (await call("/dg-login")).text();
    expect(html).toContain('href="/ddgots-login"');
    expect(html).toContain('href="/ddgaf-login"');
    expect(html).toContain('href="/regulatory-login"');
    expect(html).not.toContain('href="/dg-login"');
  });

  it("the agritrace admin page links back to /regulatory-login and asks for the access code", async () => {
    const html = await (await call("/agritrace-admin-login")).text();
    expect(html).toContain('href="/regulatory-login"');
    expect(html).toContain("System Access Code");
  });

  it("the farmer portal tells a first-time farmer about the password change", async () => {
    const html = await pageText("/farmer-login-portal");
    expect(html).toContain("First time signing in? You will be asked to change your password after you log in.");
  });

  it("the monitoring page has donor, NGO and auditor cards and an open accessibility card", async () => {
    const html = await pageText("/monitoring-login");
    for (const t of ["International Donors", "NGOs", "Government Auditors", "Public Accessibility View"])
      expect(html).toContain(t);
    expect(html).toContain('href="/monitoring-dashboard"');
  });
});

describe("sign-in without JavaScript (form POST)", () => {
  it("success sets the HttpOnly cookie and redirects to the dashboard, which greets the user", async () => {
    const res = await form("/dg-login", { _form: "dg", username: "dg.lacra", password: "Director#2026" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dg-dashboard");
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toContain("HttpOnly; Secure; SameSite=Lax");
    const page = await pageText("/dg-dashboard", cookie.split(";")[0]!);
    expect(page).toContain("Welcome, Director General");
    expect(page).toContain("Director General Dashboard");
  });

  it("returns to the page that asked for sign-in, but never to another site", async () => {
    const back = await form("/dg-login?redirectTo=%2Fmonitoring-dashboard", {
      _form: "dg",
      username: "dg.lacra",
      password: "Director#2026",
    });
    expect(back.headers.get("location")).toBe("/monitoring-dashboard");
    const evil = await form("/dg-login?redirectTo=%2F%2Fevil.example", {
      _form: "dg",
      username: "dg.lacra",
      password: "Director#2026",
    });
    expect(evil.headers.get("location")).toBe("/dg-dashboard");
  });

  it("a wrong password re-renders with the message and the typed ID, never the password", async () => {
    const res = await form("/exporter-login", {
      _form: "exporter",
      username: "EXP-20260115-001",
      password: "not-the-password",
    });
    expect(res.status).toBe(401);
    const html = decode(await res.text());
    expect(html).toContain('role="alert"');
    expect(html).toContain("Invalid credentials");
    expect(html).toContain('value="EXP-20260115-001"');
    expect(html).not.toContain("not-the-password");
  });

  it("validation errors use the spec's messages and keep what was typed", async () => {
    const res = await form("/farmer-login", {
      _form: "buyer",
      buyerId: "",
      password: "123",
      companyName: "Gbarnga Traders",
    });
    expect(res.status).toBe(400);
    const html = decode(await res.text());
    expect(html).toContain("Buyer ID is required");
    expect(html).toContain("Password must be at least 6 characters");
    expect(html).toContain('value="Gbarnga Traders"');
    const office = decode(
      await (
        await form("/regulatory-classic-login", { _form: "office", username: "", password: "x", role: "" })
      ).text(),
    );
    for (const m of ["Username is required", "Password must be at least 6 characters", "Role selection is required"])
      expect(office).toContain(m);
    const admin = decode(
      await (
        await form("/agritrace-admin-login", {
          _form: "agritrace-admin",
          username: "a",
          password: "abcdef",
          accessCode: "",
        })
      ).text(),
    );
    expect(admin).toContain("System access code is required");
    const portal = decode(
      await (await form("/farmer-login-portal", { _form: "farmer-portal", credentialId: "", password: "" })).text(),
    );
    expect(portal).toContain("Please enter both login ID and password");
    const exporter = decode(
      await (await form("/exporter-login", { _form: "exporter", username: "", password: "" })).text(),
    );
    expect(exporter).toContain("Please enter both exporter ID and password");
  });

  it("a cross-site form post is refused", async () => {
    const res = await form(
      "/dg-login",
      { _form: "dg", username: "dg.lacra", password: "Director#2026" },
      { Origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("a first-time farmer is sent to change the password before anything else", async () => {
    const res = await form("/farmer-login-portal", {
      _form: "farmer-portal",
      credentialId: "FRM000002",
      password: "Welcome#2026",
    });
    expect(res.headers.get("location")).toBe("/change-password");
    const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
    const dash = await call("/farmer-dashboard", { headers: { Cookie: cookie } });
    expect(dash.status).toBe(302);
    expect(dash.headers.get("location")).toBe("/change-password");
    const page = await pageText("/change-password", cookie);
    expect(page).toContain("This is your first sign-in");
    const csrf = csrfOf(page);
    const changed = await form(
      "/change-password",
      { csrf, currentPassword: "Welcome#2026", newPassword: "Zorzor-Cocoa-88", confirmPassword: "Zorzor-Cocoa-88" },
      { Cookie: cookie },
    );
    expect(changed.status).toBe(302);
    expect(changed.headers.get("location")).toBe("/farmer-dashboard?passwordChanged=1");
    const newCookie = changed.headers.get("set-cookie")!.split(";")[0]!;
    expect((await call("/farmer-dashboard", { headers: { Cookie: newCookie } })).status).toBe(200);
    expect((await call("/farmer-dashboard", { headers: { Cookie: cookie } })).status).toBe(302);
  });
});

describe("logout", () => {
  it("needs the form token, then revokes the session and clears the cookie", async () => {
    const { cookie } = await sessionAs("exporter");
    const page = await (await call("/exporter-dashboard", { headers: { Cookie: cookie } })).text();
    const csrf = csrfOf(page);
    const forged = await form("/logout", { csrf: "forged" }, { Cookie: cookie });
    expect(forged.status).toBe(403);
    const res = await form("/logout", { csrf }, { Cookie: cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(res.headers.get("set-cookie")).toContain("Max-Age=0");
    const after = await call("/exporter-dashboard", { headers: { Cookie: cookie } });
    expect(after.status).toBe(302);
  });
});
