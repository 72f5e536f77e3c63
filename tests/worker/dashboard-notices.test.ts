/**
 * "Notices": every role's dashboard lists the person's own newest notices with the unread
 * count, and never another account's. A notice is inserted for each account as the services do
 * (the one notifications table, db/schema/notifications.ts).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sessionAs } from "./factories";
import { call, one } from "./helpers";

async function noticeFor(loginId: string, title: string) {
  const user = await one<{ id: string }>("SELECT id FROM users WHERE lower(login_id) = lower(?)", loginId);
  await env.DB.prepare(
    "INSERT INTO notifications (id, user_id, kind, title, body, link, created_at) VALUES (?, ?, 'account', ?, 'Body text', NULL, ?)",
  )
    .bind(crypto.randomUUID(), user.id, title, new Date().toISOString())
    .run();
}

describe("dashboard notices", () => {
  it.each([
    ["land_inspector", "/unified-land-inspector-dashboard"],
    ["field_agent", "/field-agent-dashboard"],
    ["dg", "/dg-dashboard"],
    ["office_admin", "/office-administration-portal"],
  ])("%s sees their own notice on %s, and not another account's", async (role, path) => {
    const me = await sessionAs(role);
    const mine = `Notice for ${role} ${crypto.randomUUID().slice(0, 8)}`;
    await noticeFor(me.account.loginId, mine);
    const other = await sessionAs(role === "dg" ? "ddgots" : "dg");
    const theirs = `Someone else's notice ${crypto.randomUUID().slice(0, 8)}`;
    await noticeFor(other.account.loginId, theirs);

    const res = await call(path, { headers: { Cookie: me.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(mine);
    expect(html).not.toContain(theirs);
    expect(html).toMatch(/data-testid="unread-count"[^>]*>\s*[1-9]\d*(<!-- -->)?\s*unread/);
  });
});
