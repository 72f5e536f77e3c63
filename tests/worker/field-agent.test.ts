/**
 * Field agents: a real online login (page and API), their own dashboard with the counts
 * of their own registrations today and this week, the quick actions, and the idempotent
 * submissionId on what they capture.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DASHBOARDS, HOME_DASHBOARD } from "#worker/auth/roles";
import { dayAndWeekStart } from "#worker/services/registry/field-agent-counts";
import { sessionAs } from "./factories";
import { agent, decode, inspector, nextIp, one, postJson, registration, signInRegistryStaff } from "./farmers-fixtures";
import { call, postForm } from "./helpers";

const page = async (cookie: string) => {
  const res = await call("/field-agent-dashboard", { headers: { Cookie: cookie } });
  return { status: res.status, html: decode(await res.text()) };
};
/** The field agent login page's form, sent without JavaScript. */
const signIn = (fields: Record<string, string>) =>
  postForm("/field-agent-login", null, { _form: "field-agent", ...fields }, { "CF-Connecting-IP": nextIp() });
const tile = (html: string, id: string) => new RegExp(`data-testid="${id}">([^<]*)<`).exec(html)?.[1];

beforeAll(signInRegistryStaff, 60_000);

describe("field agent sign-in", () => {
  it("the login page signs the agent in without JavaScript and lands on the field agent dashboard", async () => {
    const form = await call("/field-agent-login");
    expect(form.status).toBe(200);
    const html = decode(await form.text());
    expect(html).toContain("Field Agent Login");
    expect(html).toContain('name="agentId"');
    const res = await signIn({ agentId: "AGT-0001", password: "Agent#2026" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/field-agent-dashboard");
    expect(res.headers.get("set-cookie")).toMatch(/^__Host-eip_session=/);
  });

  it("a wrong password is refused on the page with the message, and an empty Agent ID with its own", async () => {
    const wrong = await signIn({ agentId: "AGT-0001", password: "nope-nope" });
    expect(wrong.status).toBe(401);
    const empty = await signIn({ agentId: "", password: "x" });
    expect(empty.status).toBe(400);
    expect(decode(await empty.text())).toContain("Agent ID is required");
  });

  it("the API answers the spec's field agent reply; other roles cannot use the agent door", async () => {
    const res = await postJson("/api/auth/field-agent-login", null, { agentId: "AGT-0001", password: "Agent#2026" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; token: string; user: Record<string, unknown> };
    expect(body.success).toBe(true);
    expect(body.user).toEqual({ id: "demo-field-agent", type: "field_agent", agentId: "AGT-0001" });
    const inspectorTry = await postJson("/api/auth/field-agent-login", null, {
      agentId: "land.inspector",
      password: "Inspect#2026",
    });
    expect(inspectorTry.status).not.toBe(200);
  });

  it("the inspector portal links to it, and the agent's home is the field agent dashboard", async () => {
    expect(await (await call("/inspector-login")).text()).toContain('href="/field-agent-login"');
    expect(HOME_DASHBOARD.field_agent).toBe("/field-agent-dashboard");
    expect(DASHBOARDS["/field-agent-dashboard"].login).toBe("/field-agent-login");
  });
});

describe("/field-agent-dashboard", () => {
  it("shows the quick actions and '—' for pending upload (only the phone knows it)", async () => {
    const { status, html } = await page(agent.cookie);
    expect(status).toBe(200);
    expect(html).toContain("Welcome, ");
    expect(html).toContain('href="/onboard-farmer"');
    expect(html).toContain('href="/create-land-plot"');
    expect(tile(html, "pending-upload")).toBe("—");
  });

  it("counts the agent's own registrations today and this week, not another registrar's", async () => {
    const before = await page(agent.cookie);
    const today = Number(tile(before.html, "farmers-today"));
    const week = Number(tile(before.html, "farmers-week"));
    const submissionId = crypto.randomUUID();
    const mine = await postJson("/api/farmers", agent.token, registration({ nationalId: "LR9900001", submissionId }));
    expect(mine.status).toBe(201);
    // A resend of the same submission (the phone retrying) is not a second registration.
    const again = await postJson("/api/farmers", agent.token, registration({ nationalId: "LR9900001", submissionId }));
    expect(again.status).toBe(200);
    const theirs = await postJson(
      "/api/farmers",
      inspector.token,
      registration({ nationalId: "LR9900002", phone: "0886 555 099" }),
    );
    expect(theirs.status).toBe(201);
    const after = await page(agent.cookie);
    expect(Number(tile(after.html, "farmers-today"))).toBe(today + 1);
    expect(Number(tile(after.html, "farmers-week"))).toBe(week + 1);
    const stored = await one<{ n: number }>(
      "SELECT count(*) AS n FROM farmers WHERE registered_by = 'demo-field-agent' AND registration_date >= ?",
      dayAndWeekStart(new Date()).weekStart,
    );
    expect(stored.n).toBe(week + 1);
  });

  it("weeks start on Monday (UTC)", () => {
    expect(dayAndWeekStart(new Date("2026-03-04T10:00:00Z"))).toEqual({ today: "2026-03-04", weekStart: "2026-03-02" });
    expect(dayAndWeekStart(new Date("2026-03-08T23:59:00Z"))).toEqual({ today: "2026-03-08", weekStart: "2026-03-02" });
    expect(dayAndWeekStart(new Date("2026-03-02T00:00:00Z")).weekStart).toBe("2026-03-02");
  });

  it("is the agent's alone: other roles get 403, signed-out visitors the field agent login", async () => {
    for (const role of ["land_inspector", "farmer", "dg", "buyer"]) {
      const { cookie } = await sessionAs(role);
      expect((await page(cookie)).status, role).toBe(403);
    }
    const out = await call("/field-agent-dashboard");
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/field-agent-login?redirectTo=%2Ffield-agent-dashboard");
    // And the land inspector's dashboard is no longer the agent's.
    expect((await call("/unified-land-inspector-dashboard", { headers: { Cookie: agent.cookie } })).status).toBe(403);
  });
});
