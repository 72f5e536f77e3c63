/** /profile with JavaScript off: plain forms, CSRF, messages kept, the 404 section. */
import { describe, expect, it } from "vitest";
import { call, one, postForm } from "./helpers";
import { csrfOf, decodeHtml } from "./html";
import { jsonOf, seedNotice, signInFrom, WINDOWS_FIREFOX } from "./profile-fixtures";

const page = async (path: string, cookie: string) => {
  const res = await call(path, { headers: { Cookie: cookie } });
  return { res, html: decodeHtml(await res.text()) };
};

describe("/profile pages", () => {
  it("an unknown section is a 404 inside the profile, not the landing page", async () => {
    const me = await signInFrom("dg");
    const { res, html } = await page("/profile/anything-else", me.cookie);
    expect(res.status).toBe(404);
    expect(html).toContain("My profile");
    expect(html).toContain("There is no such section of your profile");
    expect(html).toContain("/profile/anything-else");
    expect(html).not.toContain("Access Oversight Portal"); // a card of the landing page
  });

  it("sessions: this device is marked, another is ended with a plain form", async () => {
    const me = await signInFrom("monitoring_observer");
    const other = await signInFrom("monitoring_observer", WINDOWS_FIREFOX);
    const { html } = await page("/profile/sessions", me.cookie);
    expect(html).toContain("This device");
    expect(html).toContain("Firefox on Windows");
    const otherId = /name="sessionId" value="([^"]+)"/.exec(html)![1]!;

    const noCsrf = await postForm("/profile/sessions", me.cookie, [
      ["sessionId", otherId],
      ["intent", "revoke"],
    ]);
    expect(noCsrf.status).toBe(403);
    expect((await call("/api/auth/me", { headers: other.auth })).status).toBe(200);

    const ended = await postForm("/profile/sessions", me.cookie, [
      ["csrf", csrfOf(html)],
      ["sessionId", otherId],
      ["intent", "revoke"],
    ]);
    expect(ended.status).toBe(302);
    expect(ended.headers.get("location")).toBe("/profile/sessions?done=one");
    expect((await call("/api/auth/me", { headers: other.auth })).status).toBe(401);
    const after = await page("/profile/sessions?done=one", me.cookie);
    expect(after.html).toContain("The session is ended: that device is signed out.");
    expect(after.html).not.toContain("Firefox on Windows");
  });

  it("details: a farmer's registry fields are read-only; a buyer's phone is saved, a wrong one kept with its message", async () => {
    const farmer = await signInFrom("farmer");
    const f = await page("/profile", farmer.cookie);
    expect(f.html).toContain("ask your land inspector");
    expect(f.html).not.toContain("Save phone number");
    const refused = await postForm("/profile", farmer.cookie, [
      ["csrf", csrfOf(f.html)],
      ["phone", "0886 123 456"],
    ]);
    expect(refused.status).toBe(403);

    const buyer = await signInFrom("buyer");
    const b = await page("/profile", buyer.cookie);
    expect(b.html).toContain("Save phone number");
    expect(b.html).toContain('action="/profile"');
    const wrong = await postForm("/profile", buyer.cookie, [
      ["csrf", csrfOf(b.html)],
      ["phone", "12ab"],
    ]);
    expect(wrong.status).toBe(400);
    const wrongHtml = decodeHtml(await wrong.text());
    expect(wrongHtml).toContain("Enter a Liberian phone number, like +231 77 123 4567 or 0886 123 456");
    expect(wrongHtml).toContain('value="12ab"');

    const saved = await postForm("/profile", buyer.cookie, [
      ["csrf", csrfOf(b.html)],
      ["phone", "0886 123 456"],
    ]);
    expect(saved.status).toBe(302);
    const row = await one<{ phone: string }>("SELECT phone FROM users WHERE id = ?", buyer.userId);
    expect(row.phone).toBe("+231 88 612 3456");
    const audit = await one<{ after: string }>(
      "SELECT after FROM audit_log WHERE action = 'user.update_contact' AND actor_id = ?",
      buyer.userId,
    );
    expect(JSON.parse(audit.after).phone).toBe(row.phone);
  });

  it("password: the same rules and messages as /change-password", async () => {
    const me = await signInFrom("office_admin");
    const { html } = await page("/profile/password", me.cookie);
    const res = await postForm("/profile/password", me.cookie, [
      ["csrf", csrfOf(html)],
      ["currentPassword", "not-my-password"],
      ["newPassword", "Another#2027"],
      ["confirmPassword", "Another#2027"],
    ]);
    expect(res.status).toBe(400);
    expect(decodeHtml(await res.text())).toContain("The current password is not correct");
  });

  it("notifications: mark read and save preferences with plain forms", async () => {
    const me = await signInFrom("field_agent");
    await seedNotice(me.userId, "account", "Welcome aboard", "2026-11-06T08:00:00.000Z");
    const { html } = await page("/profile/notifications", me.cookie);
    expect(html).toContain("Welcome aboard");
    expect(html).toContain("1 unread");
    const csrf = csrfOf(html);
    const read = await postForm("/profile/notifications", me.cookie, [
      ["csrf", csrf],
      ["intent", "read-all"],
    ]);
    expect(read.status).toBe(302);
    expect((await page("/profile/notifications", me.cookie)).html).toContain("0 unread");

    // Only "account" ticked for the list: every other kind is now off (unticked boxes are not sent).
    const saved = await postForm("/profile/notifications", me.cookie, [
      ["csrf", csrf],
      ["intent", "preferences"],
      ["inApp.account", "on"],
    ]);
    expect(saved.status).toBe(302);
    const prefs = await jsonOf(await call("/api/profile/notification-preferences", { headers: me.auth }));
    const byKind = Object.fromEntries(prefs.preferences.map((p: { kind: string }) => [p.kind, p]));
    expect(byKind.account).toMatchObject({ inApp: true, push: false });
    expect(byKind.plot_high_risk).toMatchObject({ inApp: false, push: false });
  });
});
