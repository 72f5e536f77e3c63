/**
 * Sign-in throttling keyed on the resolved account without letting a guesser lock
 * the holder out, temporary passwords enforced by the API, who may manage whose
 * account, and deeply nested JSON refused with a 400 on every route.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "#worker/api";
import { CHANGE_PASSWORD_FIRST } from "#worker/api/middleware";
import { metaOf } from "#worker/api/route-meta";
import { TOO_DEEP_MESSAGE } from "#worker/api/validate";
import { can } from "#worker/auth/permissions";
import { ROLES } from "#worker/auth/roles";
import { hashPassword } from "#worker/services/auth/password";
import { insertUser, sessionAs } from "./factories";
import { bearer, call } from "./helpers";

const SLOW = 180_000;

function post(path: string, body: unknown, ip: string, headers: Record<string, string> = {}) {
  return call(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

type Reply = { message: string; token: string; user: { mustChangePassword: boolean } };

async function json(res: Response) {
  expect(res.headers.get("content-type")).toContain("application/json");
  return (await res.json()) as Reply;
}

async function addUser(
  id: string,
  loginId: string,
  role: string,
  password: string,
  extra: { phone?: string; mustChangePassword?: boolean } = {},
) {
  await env.DB.prepare(
    `INSERT INTO users (id, login_id, login_id_normalized, role, first_name, last_name, phone, password_hash, active, must_change_password, is_demo)
     VALUES (?, ?, ?, ?, 'Test', 'Account', ?, ?, 1, ?, 0)`,
  )
    .bind(
      id,
      loginId,
      loginId.toUpperCase(),
      role,
      extra.phone ?? null,
      await hashPassword(password),
      extra.mustChangePassword ? 1 : 0,
    )
    .run();
}

const farmerLogin = (credentialId: string, password: string, ip: string) =>
  post("/api/farmers/login", { credentialId, password }, ip);
const buyerLogin = (buyerId: string, password: string, ip: string) =>
  post("/api/auth/buyer-login", { buyerId, password }, ip);

describe("the sign-in throttle counts against the account, however its ID is typed", () => {
  const SPELLINGS = ["231779990101", "+231-77-999-0101", "231779990101a", "frm000015 ", "FRM000015"];

  it(
    "five wrong guesses over five spellings from one address lock that address out of the account",
    async () => {
      await addUser("f2-farmer", "FRM000015", "farmer", "Right#Pass-2026", { phone: "+231 77 999 0101" });
      const ip = "198.51.100.1";
      for (const spelling of SPELLINGS) expect((await farmerLogin(spelling, "wrong-guess", ip)).status).toBe(401);
      const blocked = await farmerLogin("+231 77 999 0101", "Right#Pass-2026", ip);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(800);
      // Another address is not locked by that pair.
      expect((await farmerLogin("FRM000015", "Right#Pass-2026", "198.51.100.2")).status).toBe(200);
    },
    SLOW,
  );

  it(
    "25 wrong guesses spread over the spellings from 25 addresses make the account wait",
    async () => {
      await addUser("f2-farmer-b", "FRM000016", "farmer", "Right#Pass-2026", { phone: "+231 77 999 0102" });
      const spellings = SPELLINGS.map((s) => s.replace("0101", "0102").replace("15", "16"));
      for (let i = 0; i < 25; i++) {
        const res = await farmerLogin(spellings[i % spellings.length]!, `guess-${i}`, `198.51.101.${i + 1}`);
        expect([401, 429]).toContain(res.status);
      }
      const row = await env.DB.prepare(
        "SELECT failures FROM login_throttle WHERE key = 'acct:user:f2-farmer-b'",
      ).first<{
        failures: number;
      }>();
      expect(row?.failures).toBeGreaterThanOrEqual(11);
      const blocked = await farmerLogin("231779990102", "Right#Pass-2026", "198.51.101.200");
      expect(blocked.status).toBe(429);
      expect((await json(blocked)).message).toMatch(/^Too many failed login attempts\. Please wait 1 minute/);
    },
    SLOW,
  );

  it(
    "a success clears the counter kept under the same key, whichever spelling succeeded",
    async () => {
      await addUser("f2-farmer-c", "FRM000017", "farmer", "Right#Pass-2026", { phone: "+231 77 999 0103" });
      const ip = "198.51.102.1";
      for (let i = 0; i < 4; i++) expect((await farmerLogin("231779990103", `guess-${i}`, ip)).status).toBe(401);
      expect((await farmerLogin("FRM000017", "Right#Pass-2026", ip)).status).toBe(200);
      const left = await env.DB.prepare(
        "SELECT key FROM login_throttle WHERE key LIKE '%f2-farmer-c%' AND key NOT LIKE 'known:%'",
      ).all();
      expect(left.results).toEqual([]);
      // The phone-number spelling that failed 4 times starts again from 0: a fifth failure does not lock.
      expect((await farmerLogin("231779990103", "guess-5", ip)).status).toBe(401);
      expect((await farmerLogin("231779990103", "Right#Pass-2026", ip)).status).toBe(200);
    },
    SLOW,
  );
});

describe("guessers cannot lock the holder out, and brute force is still stopped", () => {
  it(
    "wrong passwords from 20 addresses leave the holder signing in from their own address",
    async () => {
      await addUser("i3-buyer", "BUY-0900", "buyer", "Holder#Pass-2026");
      const home = "203.0.113.50";
      expect((await buyerLogin("BUY-0900", "Holder#Pass-2026", home)).status).toBe(200);
      for (let i = 0; i < 20; i++) {
        expect([401, 429]).toContain((await buyerLogin("BUY-0900", `guess-${i}`, `198.51.103.${i + 1}`)).status);
      }
      // The account is protected: a new address waits, but only seconds (progressive delay), not 15 minutes.
      const stranger = await buyerLogin("BUY-0900", "Holder#Pass-2026", "198.51.103.100");
      expect(stranger.status).toBe(429);
      const wait = Number(stranger.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      // The holder, from an address where the account signed in before, is not kept out.
      expect((await buyerLogin("BUY-0900", "Holder#Pass-2026", home)).status).toBe(200);
    },
    SLOW,
  );

  it(
    "a brute force from one address is stopped after 5 guesses, even from the holder's known address",
    async () => {
      await addUser("i3-buyer-b", "BUY-0901", "buyer", "Holder#Pass-2026");
      const home = "203.0.113.51";
      expect((await buyerLogin("BUY-0901", "Holder#Pass-2026", home)).status).toBe(200);
      for (const ip of ["198.51.104.1", home]) {
        for (let i = 0; i < 5; i++) expect((await buyerLogin("BUY-0901", `guess-${i}`, ip)).status).toBe(401);
        const blocked = await buyerLogin("BUY-0901", "Holder#Pass-2026", ip);
        expect(blocked.status).toBe(429);
        expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(800);
      }
      // Refused attempts are not counted: the lock does not grow, and another address still works.
      expect((await buyerLogin("BUY-0901", "Holder#Pass-2026", "203.0.113.52")).status).toBe(200);
    },
    SLOW,
  );

  it(
    "guesses spread over many addresses are slowed down: each one past the 10th waits longer",
    async () => {
      await addUser("i3-buyer-c", "BUY-0902", "buyer", "Holder#Pass-2026");
      const statuses: number[] = [];
      for (let i = 0; i < 16; i++) {
        const res = await buyerLogin("BUY-0902", `guess-${i}`, `198.51.105.${i + 1}`);
        statuses.push(res.status);
        if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      }
      expect(statuses.slice(0, 11)).toEqual(Array(11).fill(401));
      expect(statuses.slice(11)).toContain(429);
    },
    SLOW,
  );
});

describe("the API refuses an account with a temporary password until it is changed", () => {
  it(
    "refuses every other route, while who-am-I, change-password and sign-out work",
    async () => {
      const ip = "203.0.113.60";
      const first = await json(await farmerLogin("FRM000002", "Welcome#2026", ip));
      const auth = { Authorization: `Bearer ${first.token}` };
      for (const path of ["/api/batches", "/api/dashboard/metrics", "/api/farmers"]) {
        const res = await call(path, { headers: auth });
        expect(res.status, path).toBe(403);
        expect((await json(res)).message).toBe(CHANGE_PASSWORD_FIRST);
      }
      const purchase = await post("/api/batches", {}, ip, auth);
      expect(purchase.status).toBe(403);
      expect((await json(purchase)).message).toBe(CHANGE_PASSWORD_FIRST);
      const me = await json(await call("/api/auth/me", { headers: auth }));
      expect(me.user.mustChangePassword).toBe(true);

      const second = await json(await farmerLogin("FRM000002", "Welcome#2026", ip));
      expect((await bearer(second.token, "/api/auth/logout", "POST")).status).toBe(200);

      const changed = await post(
        "/api/auth/change-password",
        { currentPassword: "Welcome#2026", newPassword: "Kpelle-Farm-2027", confirmPassword: "Kpelle-Farm-2027" },
        ip,
        auth,
      );
      expect(changed.status).toBe(200);
      const { token } = await json(changed);
      expect((await bearer(token, "/api/batches")).status).toBe(200);
    },
    SLOW,
  );
});

describe("who may manage whose account", () => {
  const active = async (id: string) =>
    (await env.DB.prepare("SELECT active FROM users WHERE id = ?").bind(id).first<{ active: number }>())?.active;
  const manage = (token: string, id: string, verb: "deactivate" | "reactivate") =>
    bearer(token, `/api/users/${id}/${verb}`, "POST");

  it(
    "an office administrator deactivates and reactivates a farmer, each audited",
    async () => {
      const { token } = await sessionAs("office_admin");
      const off = await manage(token, "demo-farmer", "deactivate");
      expect(off.status).toBe(200);
      expect(await active("demo-farmer")).toBe(0);
      expect((await farmerLogin("FRM000001", "Farmer#2026", "203.0.113.71")).status).toBe(403);
      const on = await manage(token, "demo-farmer", "reactivate");
      expect(on.status).toBe(200);
      expect((await json(on)).message).toBe("User reactivated");
      expect(await active("demo-farmer")).toBe(1);
      expect((await farmerLogin("FRM000001", "Farmer#2026", "203.0.113.71")).status).toBe(200);
      const again = await manage(token, "demo-farmer", "reactivate");
      expect(again.status).toBe(409);
      expect((await json(again)).message).toBe("This account is already active");
      const audit = await env.DB.prepare(
        "SELECT action, actor_role FROM audit_log WHERE entity_id = 'demo-farmer' ORDER BY id",
      ).all();
      expect(audit.results).toEqual([
        { action: "user.deactivate", actor_role: "office_admin" },
        { action: "user.reactivate", actor_role: "office_admin" },
      ]);
    },
    SLOW,
  );

  it(
    "an office administrator may not touch executives or administrators",
    async () => {
      const { token } = await sessionAs("office_admin");
      // Managed, never signed in as: no password to hash.
      await insertUser({ id: "second-office-admin", loginId: "office.two", role: "office_admin", lastName: "Account" });
      for (const id of ["demo-dg", "demo-ddgots", "demo-ddgaf", "demo-agritrace-admin", "second-office-admin"]) {
        const res = await manage(token, id, "deactivate");
        expect(res.status, id).toBe(403);
        expect((await json(res)).message).toMatch(/^An Office Administrator cannot manage .+ accounts$/);
        expect(await active(id)).toBe(1);
      }
      await env.DB.prepare("UPDATE users SET active = 0 WHERE id = 'demo-dg'").run();
      expect((await manage(token, "demo-dg", "reactivate")).status).toBe(403);
      await env.DB.prepare("UPDATE users SET active = 1 WHERE id = 'demo-dg'").run();
    },
    SLOW,
  );

  it(
    "the system administrator manages executives, but never themselves or the last administrator",
    async () => {
      const { token } = await sessionAs("system_administrator");
      expect((await manage(token, "demo-dg", "deactivate")).status).toBe(200);
      expect((await manage(token, "demo-dg", "reactivate")).status).toBe(200);
      expect((await manage(token, "demo-office-admin", "deactivate")).status).toBe(200);
      expect((await manage(token, "demo-office-admin", "reactivate")).status).toBe(200);
      expect((await manage(token, "demo-agritrace-admin", "deactivate")).status).toBe(400);
      expect((await manage(token, "no-such-user", "reactivate")).status).toBe(404);

      // A second administrator may be deactivated while another is active…
      await insertUser({ id: "second-admin", loginId: "admin.two", role: "system_administrator", lastName: "Account" });
      expect((await manage(token, "second-admin", "deactivate")).status).toBe(200);
      expect((await manage(token, "second-admin", "reactivate")).status).toBe(200);
      // …but never when it is the last active one.
      await env.DB.prepare("UPDATE users SET active = 0 WHERE id = 'demo-agritrace-admin'").run();
      const last = await manage(token, "second-admin", "deactivate");
      expect(last.status).toBe(409);
      expect((await json(last)).message).toBe("The last active system administrator cannot be deactivated");
      expect(await active("second-admin")).toBe(1);
      await env.DB.prepare("UPDATE users SET active = 1 WHERE id = 'demo-agritrace-admin'").run();
    },
    SLOW,
  );
});

describe("deeply nested JSON is a 400 on every route that takes a body", () => {
  /** The guard of a route (on the route itself or on a `use` that covers it). */
  function accessOf(method: string, path: string) {
    for (const r of api.routes) {
      const covers = r.path === path || (r.path.endsWith("/*") && `${path}/`.startsWith(r.path.slice(0, -1)));
      if (!covers || (r.method !== method && r.method !== "ALL")) continue;
      const access = metaOf(r.handler)?.access;
      if (access) return access;
    }
    return undefined;
  }

  it(
    "20 KB of '[[[[…' (open or closed) answers 4xx JSON, never 5xx, on every write route",
    async () => {
      const writes = new Map<string, { method: string; path: string; body: boolean }>();
      for (const r of api.routes) {
        if (!["POST", "PUT", "PATCH", "DELETE"].includes(r.method)) continue;
        const key = `${r.method} ${r.path}`;
        const entry = writes.get(key) ?? { method: r.method, path: r.path, body: false };
        if (metaOf(r.handler)?.body) entry.body = true;
        writes.set(key, entry);
      }
      expect(writes.size).toBeGreaterThan(15);
      // Sign-out last: it ends the session the other routes use.
      const ordered = [...writes.values()].sort(
        (a, b) => Number(a.path.endsWith("logout")) - Number(b.path.endsWith("logout")),
      );
      const tokens = new Map<string, string>();
      const tokenFor = async (role: string) => {
        if (!tokens.has(role)) tokens.set(role, (await sessionAs(role)).token);
        return tokens.get(role)!;
      };
      const bodies = ["[".repeat(20_000), `${"[".repeat(10_000)}${"]".repeat(10_000)}`];
      const answers: string[] = [];
      for (const route of ordered) {
        const access = accessOf(route.method, route.path);
        const role =
          access?.kind === "permission"
            ? ROLES.find((r) => can(r, access.permission))
            : access?.kind === "session"
              ? "dg"
              : undefined;
        const auth: Record<string, string> = role ? { Authorization: `Bearer ${await tokenFor(role)}` } : {};
        const path = `/api${route.path}`.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?\??/g, "NO-SUCH-1");
        for (const body of bodies) {
          const res = await call(path, {
            method: route.method,
            headers: { "Content-Type": "application/json", "CF-Connecting-IP": "203.0.113.91", ...auth },
            body,
          });
          const reply = await json(res);
          answers.push(`${route.method} ${path} ${res.status}`);
          expect(res.status, `${route.method} ${path}`).toBeLessThan(500);
          if (route.body) {
            expect(res.status, `${route.method} ${path}`).toBe(400);
            expect(reply.message, `${route.method} ${path}`).toMatch(/nested/);
          }
        }
      }
      expect(answers.length).toBe(ordered.length * 2);
    },
    SLOW,
  );

  it("names the limit in the reply", async () => {
    const res = await post("/api/auth/buyer-login", "[".repeat(20_000), "203.0.113.92");
    expect(res.status).toBe(400);
    const reply = await json(res);
    expect(reply.message).toBe(TOO_DEEP_MESSAGE);
  });
});
