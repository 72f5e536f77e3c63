/**
 * The system administrator's portal and the management pages: each rule of the user
 * services (self-demotion, last administrator, who manages whom, the user:create rules), another
 * account's sessions, crop yields, system health from real probes and stored records, and the
 * pages working as plain forms (JavaScript off).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { deactivateUser } from "#worker/services/auth/manage-users";
import { changeRole } from "#worker/services/users/change-role";
import { sessionAs } from "./factories";
import { bearer, call, count, one, postForm } from "./helpers";
import { csrfOf } from "./html";
import { jsonOf, signInFrom } from "./profile-fixtures";

let admin: { token: string; cookie: string };
let office: { token: string; cookie: string };

beforeAll(async () => {
  admin = await sessionAs("system_administrator");
  office = await sessionAs("office_admin");
});

const api = (who: { token: string }, path: string, method = "GET", body?: unknown) =>
  bearer(who.token, path, method, body);

const sessionDeps = () => ({ kv: env.SESSIONS, secret: env.SESSION_SECRET, db: database(env.DB) });
const audits = (action: string, entityId: string) =>
  count("SELECT count(*) AS n FROM audit_log WHERE action = ? AND entity_id = ?", action, entityId);

describe("creating accounts (the rules of npm run user:create)", () => {
  it("the administrator creates an account with a temporary password it must change; audited", async () => {
    const res = await api(admin, "/api/users", "POST", {
      role: "land_inspector",
      loginId: "new.inspector",
      firstName: "Musu",
      county: "Nimba County",
    });
    expect(res.status).toBe(201);
    const body = await jsonOf(res);
    expect(body.success).toBe(true);
    expect(body.temporaryPassword).toMatch(/^[a-z2-9]{10}$/);
    const row = await one<{ role: string; must_change_password: number; county: string; id: string }>(
      "SELECT id, role, must_change_password, county FROM users WHERE login_id = 'new.inspector'",
    );
    expect(row).toMatchObject({ role: "land_inspector", must_change_password: 1, county: "Nimba County" });
    expect(await audits("user.create", row.id)).toBe(1);
    // The temporary password signs in, and the session must change it first.
    const login = await call("/api/auth/land-inspector-login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.61.1.1" },
      body: JSON.stringify({ username: "new.inspector", password: body.temporaryPassword }),
    });
    expect(login.status).toBe(200);
  });

  it("refuses what the CLI refuses, by field", async () => {
    const bad = await jsonOf(
      await api(admin, "/api/users", "POST", { role: "farmer", loginId: "FRM12", department: "archive_services" }),
    );
    expect(bad.errors.loginId).toEqual(["A farmer login ID must be FRM followed by 6 digits, e.g. FRM000123"]);
    expect(bad.errors.department).toEqual(["A department only applies to an Office Administrator"]);
    const observer = await api(admin, "/api/users", "POST", { role: "monitoring_observer", loginId: "obs.one" });
    expect((await jsonOf(observer)).errors.entityType).toEqual(["Choose the entity type: donor, NGO or auditor"]);
    const sysadmin = await api(admin, "/api/users", "POST", { role: "system_administrator", loginId: "admin.two" });
    expect((await jsonOf(sysadmin)).errors.accessCode).toEqual(["Enter a system access code of at least 8 characters"]);
    const dup = await api(admin, "/api/users", "POST", { role: "buyer", loginId: "buy-0001" });
    expect(dup.status).toBe(409);
    expect((await jsonOf(dup)).message).toBe("An account with login ID buy-0001 already exists");
  });

  it("an office administrator creates trade accounts, never executives or administrators", async () => {
    const dg = await api(office, "/api/users", "POST", { role: "dg", loginId: "dg.two" });
    expect(dg.status).toBe(403);
    expect((await jsonOf(dg)).message).toBe("An Office Administrator cannot manage Director General accounts");
    const exp = await api(office, "/api/users", "POST", {
      role: "exporter",
      loginId: "exp-20260115-042",
      companyName: "River Cess Exports",
    });
    expect(exp.status).toBe(201);
    expect(
      (await one<{ login_id: string }>("SELECT login_id FROM users WHERE company_name = 'River Cess Exports'"))
        .login_id,
    ).toBe("EXP-20260115-042");
  });
});

describe("roles, resets and the administrators", () => {
  it("nobody changes their own role; the last active administrator keeps it", async () => {
    const self = await api(admin, "/api/users/demo-agritrace-admin/role", "POST", { role: "dg" });
    expect(self.status).toBe(400);
    expect((await jsonOf(self)).message).toBe("You cannot change your own role");
    const selfOff = await api(admin, "/api/users/demo-agritrace-admin/deactivate", "POST");
    expect(selfOff.status).toBe(400);
    // An actor that is not the account (e.g. a second administrator whose account was switched off
    // meanwhile): the only active administrator still cannot be demoted or deactivated.
    const deps = { db: database(env.DB), actor: { id: "someone-else", role: "system_administrator" as const } };
    const demote = await changeRole(
      { userId: "demo-agritrace-admin", role: "dg" },
      { ...deps, sessions: sessionDeps() },
    );
    expect(demote).toMatchObject({
      ok: false,
      status: 409,
      message: "The last active system administrator cannot be given another role",
    });
    const off = await deactivateUser({ userId: "demo-agritrace-admin" }, { ...deps, sessions: sessionDeps() });
    expect(off).toMatchObject({ ok: false, status: 409 });
    expect(
      await one<{ role: string; active: number }>("SELECT role, active FROM users WHERE id = 'demo-agritrace-admin'"),
    ).toEqual({
      role: "system_administrator",
      active: 1,
    });
  });

  it("with a second administrator, one may demote the other; audited; sessions end", async () => {
    const created = await jsonOf(
      await api(admin, "/api/users", "POST", {
        role: "system_administrator",
        loginId: "admin.second",
        accessCode: "SECOND-CODE-1",
      }),
    );
    const res = await api(admin, `/api/users/${created.userId}/role`, "POST", { role: "office_admin" });
    expect(res.status).toBe(200);
    expect((await one<{ role: string }>("SELECT role FROM users WHERE id = ?", created.userId)).role).toBe(
      "office_admin",
    );
    const audit = await one<{ before: string; after: string; actor_id: string }>(
      "SELECT before, after, actor_id FROM audit_log WHERE action = 'user.change_role' AND entity_id = ?",
      created.userId,
    );
    expect(audit).toEqual({
      before: '{"role":"system_administrator"}',
      after: '{"role":"office_admin"}',
      actor_id: "demo-agritrace-admin",
    });
  });

  it("an office administrator cannot promote a buyer to an executive role", async () => {
    const res = await api(office, "/api/users/demo-buyer/role", "POST", { role: "dg" });
    expect(res.status).toBe(403);
    expect((await one<{ role: string }>("SELECT role FROM users WHERE id = 'demo-buyer'")).role).toBe("buyer");
  });

  it("a password reset gives a temporary password, forces a change, ends the sessions", async () => {
    const field = await signInFrom("field_agent");
    expect((await call("/api/profile/sessions", { headers: field.auth })).status).toBe(200);
    const res = await api(admin, `/api/users/${field.userId}/reset-password`, "POST");
    expect(res.status).toBe(200);
    const body = await jsonOf(res);
    expect(body.temporaryPassword).toMatch(/^[a-z2-9]{10}$/);
    expect(body.sessionsEnded).toBeGreaterThanOrEqual(1);
    expect((await call("/api/profile/sessions", { headers: field.auth })).status).toBe(401);
    expect((await one<{ m: number }>("SELECT must_change_password AS m FROM users WHERE id = ?", field.userId)).m).toBe(
      1,
    );
    expect(await audits("user.reset_password", field.userId)).toBe(1);
    const own = await api(admin, "/api/users/demo-agritrace-admin/reset-password", "POST");
    expect(own.status).toBe(400);
  });

  it("assigns an inspector's county; refuses it for a buyer", async () => {
    const res = await api(office, "/api/users/demo-land-inspector/county", "POST", { county: "Lofa County" });
    expect(res.status).toBe(200);
    expect((await one<{ county: string }>("SELECT county FROM users WHERE id = 'demo-land-inspector'")).county).toBe(
      "Lofa County",
    );
    expect(await audits("user.assign_county", "demo-land-inspector")).toBe(1);
    const buyer = await api(office, "/api/users/demo-buyer/county", "POST", { county: "Lofa County" });
    expect(buyer.status).toBe(409);
  });
});

describe("another account's sessions (the administrator)", () => {
  it("lists them and ends one: its token is refused, the KV record gone, audited", async () => {
    const buyer = await signInFrom("buyer");
    const list = await jsonOf(await api(admin, `/api/users/${buyer.userId}/sessions`));
    expect(list.sessions.length).toBeGreaterThanOrEqual(1);
    const mine = (await jsonOf(await call("/api/profile/sessions", { headers: buyer.auth }))).sessions.find(
      (s: { current: boolean }) => s.current,
    );
    // IDOR: the buyer's session id under another account's path is unknown there.
    const wrong = await api(admin, `/api/users/demo-exporter/sessions/${mine.id}/revoke`, "POST");
    expect(wrong.status).toBe(404);
    const res = await api(admin, `/api/users/${buyer.userId}/sessions/${mine.id}/revoke`, "POST");
    expect(res.status).toBe(200);
    expect((await call("/api/profile/sessions", { headers: buyer.auth })).status).toBe(401);
    expect(await audits("session.admin_revoke", mine.id)).toBe(1);
    // Office administrators manage accounts but not other people's sessions.
    expect((await api(office, `/api/users/${buyer.userId}/sessions`)).status).toBe(403);
  });
});

describe("crop yields", () => {
  it("sets a yield; the in-use figure follows; audited with before/after", async () => {
    const put = await api(admin, "/api/admin/crop-yields", "PUT", { crop: "Cocoa", kgPerHectare: 650 });
    expect(put.status).toBe(200);
    const list = await jsonOf(await api(admin, "/api/admin/crop-yields"));
    const cocoa = list.cropYields.find((y: { crop: string }) => y.crop === "Cocoa");
    expect(cocoa).toMatchObject({ defaultG: 800_000, configuredG: 650_000, inUseG: 650_000 });
    await api(admin, "/api/admin/crop-yields", "PUT", { crop: "Cocoa", kgPerHectare: 700 });
    const audit = await one<{ before: string; after: string }>(
      "SELECT before, after FROM audit_log WHERE action = 'crop_yield.set' ORDER BY id DESC LIMIT 1",
    );
    expect(audit).toEqual({ before: '{"gramsPerHectare":650000}', after: '{"gramsPerHectare":700000}' });
    const bad = await api(admin, "/api/admin/crop-yields", "PUT", { crop: "Cocoa", kgPerHectare: 0 });
    expect(bad.status).toBe(400);
  });
});

describe("system health reports what is stored", () => {
  it("probes, cron runs, stuck jobs, failed sign-ins and locks", async () => {
    const stale = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
    const fresh = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO assessment_jobs (id, scope, status, total, done, updated_at) VALUES ('job-stale', 'county', 'running', 10, 3, ?), ('job-fresh', 'all', 'queued', 5, 0, ?)",
      ).bind(stale, fresh),
      env.DB.prepare(
        "INSERT INTO cron_runs (cron, scheduled_at, status, summary, finished_at) VALUES ('*/15 * * * *', ?, 'failed', '{\"error\":\"boom\"}', ?)",
      ).bind(fresh, fresh),
      env.DB.prepare(
        "INSERT INTO login_throttle (key, failures, window_start, locked_until) VALUES ('pair:id:X|10.1.1.1', 5, 0, ?)",
      ).bind(Date.now() + 600_000),
    ]);
    const failedBefore = await count(
      "SELECT count(*) AS n FROM auth_events WHERE event IN ('login_failed','login_throttled') AND created_at >= ?",
      new Date(Date.now() - 86_400_000).toISOString(),
    );
    await call("/api/auth/buyer-login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.61.9.9" },
      body: JSON.stringify({ buyerId: "BUY-0001", password: "wrong-password" }),
    });
    const res = await api(admin, "/api/admin/health");
    expect(res.status).toBe(200);
    const h = await jsonOf(res);
    expect(h.probes.checks.d1.ok).toBe(true);
    expect(h.probes.checks.kv.ok).toBe(true);
    expect(h.probes.checks.r2.ok).toBe(true);
    expect(h.cronRuns[0]).toMatchObject({ status: "failed", cron: "*/15 * * * *" });
    const jobs = Object.fromEntries(h.jobs.map((j: { id: string; stuck: boolean }) => [j.id, j.stuck]));
    expect(jobs).toMatchObject({ "job-stale": true, "job-fresh": false });
    expect(h.security.failedLogins24h).toBe(failedBefore + 1);
    expect(h.security.lockedAccounts).toBe(1);
    // The page prints the same.
    const page = await (await call("/agritrace-admin-portal", { headers: { Cookie: admin.cookie } })).text();
    expect(page).toContain("all reachable");
    expect(page).toMatch(/Stuck: no progress for over an hour/);
    expect(page).toMatch(/data-testid="failed-logins">(\d+)</);
    expect(Number(/data-testid="failed-logins">(\d+)</.exec(page)![1])).toBe(failedBefore + 1);
  });
});

describe("pages work as plain forms (JavaScript off)", () => {
  it("the users page searches on the server and creates an account", async () => {
    const list = await (
      await call("/agritrace-admin-portal/users?q=BUY-0001", { headers: { Cookie: admin.cookie } })
    ).text();
    expect(list).toContain("BUY-0001");
    expect(list).not.toContain(">EXP-2");
    const form = new URLSearchParams({
      csrf: csrfOf(list),
      intent: "create",
      role: "buyer",
      loginId: "buyer.nojs",
      companyName: "No JS Co",
    });
    const res = await postForm("/agritrace-admin-portal/users", admin.cookie, form);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/data-testid="temporary-password">[a-z2-9]{10}</);
    const bad = await postForm("/agritrace-admin-portal/users", admin.cookie, {
      csrf: csrfOf(list),
      intent: "create",
      role: "farmer",
      loginId: "nope",
      firstName: "Kept",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("A farmer login ID must be FRM followed by 6 digits");
    expect(html).toContain('value="Kept"');
  });

  it("the exporter management page walks a licence from application to issue and suspension, each step by its role; suspends an account", async () => {
    const page = await (await call("/exporter-management", { headers: { Cookie: office.cookie } })).text();
    expect(page).toContain("EXP-");
    const post = (who: { cookie: string }, csrf: string, fields: Record<string, string>) =>
      postForm("/exporter-management", who.cookie, { csrf, ...fields });
    const created = await jsonOf(
      await api(office, "/api/users", "POST", {
        role: "exporter",
        loginId: "EXP-20260301-007",
        companyName: "Sinoe Beans",
      }),
    );
    const apply = await post(office, csrfOf(page), {
      intent: "apply",
      target: created.userId,
      type: "exporter",
      companyName: "Sinoe Beans",
    });
    expect(apply.status).toBe(302);
    const licence = await one<{ id: string; status: string }>(
      "SELECT id, status FROM licences WHERE applicant_id = ?",
      created.userId,
    );
    expect(licence.status).toBe("draft");
    // The office may not approve (the DG's step): 403 naming who does.
    const approve = await post(office, csrfOf(page), { intent: "approve", target: licence.id });
    expect(approve.status).toBe(403);
    expect(await approve.text()).toContain("Director General");
    // Each step by its own role, through the page's forms: office submits and reviews, DDGOTS
    // recommends, the DG approves, the office issues.
    const pageOf = async (who: { cookie: string }) =>
      csrfOf(await (await call("/exporter-management", { headers: { Cookie: who.cookie } })).text());
    const ddgots = await sessionAs("ddgots");
    const dg = await sessionAs("dg");
    for (const [who, step, status] of [
      [office, "submit", "submitted"],
      [office, "review", "reviewed"],
      [ddgots, "recommend", "recommended"],
      [dg, "approve", "approved"],
      [office, "issue", "issued"],
    ] as const) {
      const res = await post(who, await pageOf(who), { intent: step, target: licence.id });
      expect(res.status, step).toBe(302);
      expect((await one<{ status: string }>("SELECT status FROM licences WHERE id = ?", licence.id)).status).toBe(
        status,
      );
      expect(await audits(`licence.${step}`, licence.id), step).toBe(1);
    }
    const listed = await (await call("/exporter-management?q=Sinoe", { headers: { Cookie: dg.cookie } })).text();
    expect(listed).toMatch(/Issued<\/span> · LR-LIC-EXP-\d{4}-\d{6}/);
    // The DG suspends the licence with a reason; without one the form answers 400 and keeps nothing.
    const noReason = await post(dg, await pageOf(dg), { intent: "suspend", target: licence.id, reason: "" });
    expect(noReason.status).toBe(400);
    const suspended = await post(dg, await pageOf(dg), {
      intent: "suspend",
      target: licence.id,
      reason: "Unpaid fees for two quarters",
    });
    expect(suspended.status).toBe(302);
    expect((await one<{ status: string }>("SELECT status FROM licences WHERE id = ?", licence.id)).status).toBe(
      "suspended",
    );
    // IDOR: an executive's id as the target of the office's suspend form is refused.
    const exec = await post(office, csrfOf(page), { intent: "deactivate", target: "demo-dg" });
    expect(exec.status).toBe(403);
    expect((await one<{ active: number }>("SELECT active FROM users WHERE id = 'demo-dg'")).active).toBe(1);
    const suspend = await post(office, csrfOf(page), { intent: "deactivate", target: created.userId });
    expect(suspend.status).toBe(302);
    expect((await one<{ active: number }>("SELECT active FROM users WHERE id = ?", created.userId)).active).toBe(0);
  });
});
