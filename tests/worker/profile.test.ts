/**
 * The session index and the /api routes of /profile: my sessions listed from D1 and
 * ended through KV, another account's session or notice untouchable, preferences stored and audited.
 */
import { describe, expect, it } from "vitest";
import { call, count, one, rows } from "./helpers";
import { ANDROID_CHROME, jsonOf, seedNotice, signInFrom, WINDOWS_FIREFOX } from "./profile-fixtures";

const del = (path: string, auth: Record<string, string>) => call(path, { method: "DELETE", headers: auth });
const send = (path: string, method: string, body: unknown, auth: Record<string, string>) =>
  call(path, { method, headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe("the session index", () => {
  it("two sign-ins are two rows; ending one refuses its token at once and leaves the other working", async () => {
    const phone = await signInFrom("port_inspector", ANDROID_CHROME);
    const laptop = await signInFrom("port_inspector", WINDOWS_FIREFOX);

    const listed = await jsonOf(await call("/api/profile/sessions", { headers: phone.auth }));
    expect(listed.success).toBe(true);
    const mine = listed.sessions as { id: string; device: string; current: boolean; place: string | null }[];
    expect(mine.map((s) => s.device).sort()).toEqual(["Chrome on Android", "Firefox on Windows"]);
    expect(mine.filter((s) => s.current).map((s) => s.device)).toEqual(["Chrome on Android"]);
    // No IP is stored, and the key is the hash of the session id, never the id itself.
    const stored = await rows<Record<string, unknown>>("SELECT * FROM user_sessions WHERE user_id = ?", phone.userId);
    expect(stored).toHaveLength(2);
    for (const r of stored) {
      expect(String(r.hash)).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(r)).not.toMatch(/10\.77\./);
    }

    const laptopId = mine.find((s) => !s.current)!.id;
    const ended = await del(`/api/profile/sessions/${laptopId}`, phone.auth);
    expect(ended.status).toBe(200);
    expect((await jsonOf(ended)).message).toBe("The session is ended: that device is signed out");

    const refused = await call("/api/auth/me", { headers: laptop.auth });
    expect(refused.status).toBe(401);
    expect((await call("/api/auth/me", { headers: phone.auth })).status).toBe(200);
    const after = await jsonOf(await call("/api/profile/sessions", { headers: phone.auth }));
    expect(after.sessions.map((s: { device: string }) => s.device)).toEqual(["Chrome on Android"]);

    const audit = await one<{ action: string; actor_id: string; entity_id: string }>(
      "SELECT action, actor_id, entity_id FROM audit_log WHERE action = 'session.revoke' AND entity_id = ?",
      laptopId,
    );
    expect(audit.actor_id).toBe(phone.userId);
    // Ending it twice: it no longer exists for anyone.
    expect((await del(`/api/profile/sessions/${laptopId}`, phone.auth)).status).toBe(404);
  });

  it("sign out all other devices ends every other session and keeps the one in use", async () => {
    const a = await signInFrom("warehouse_inspector", ANDROID_CHROME);
    const b = await signInFrom("warehouse_inspector", WINDOWS_FIREFOX);
    const c = await signInFrom("warehouse_inspector", "curl/8.5.0");
    const res = await del("/api/profile/sessions", a.auth);
    expect(res.status).toBe(200);
    const body = await jsonOf(res);
    expect(body.ended).toBe(2);
    expect(body.message).toBe("Signed out 2 other devices");
    expect((await call("/api/auth/me", { headers: b.auth })).status).toBe(401);
    expect((await call("/api/auth/me", { headers: c.auth })).status).toBe(401);
    expect((await call("/api/auth/me", { headers: a.auth })).status).toBe(200);
    expect(
      await count("SELECT COUNT(*) AS n FROM user_sessions WHERE user_id = ? AND revoked_at IS NULL", a.userId),
    ).toBe(1);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'session.revoke_others' AND actor_id = ?",
        a.userId,
      ),
    ).toBe(1);
  });

  it("logout marks the row revoked, so it is no longer listed", async () => {
    const a = await signInFrom("exporter");
    const b = await signInFrom("exporter", WINDOWS_FIREFOX);
    expect((await call("/api/auth/logout", { method: "POST", headers: b.auth })).status).toBe(200);
    const listed = await jsonOf(await call("/api/profile/sessions", { headers: a.auth }));
    expect(listed.sessions).toHaveLength(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM user_sessions WHERE user_id = ? AND revoked_at IS NOT NULL", a.userId),
    ).toBe(1);
  });

  it("IDOR: another account's session id is 404 and nothing changes", async () => {
    const victim = await signInFrom("ddgaf");
    const intruder = await signInFrom("ddgots");
    const victimId = (await jsonOf(await call("/api/profile/sessions", { headers: victim.auth }))).sessions[0].id;
    const res = await del(`/api/profile/sessions/${victimId}`, intruder.auth);
    expect(res.status).toBe(404);
    expect(await jsonOf(res)).toEqual({ success: false, message: "Session not found" });
    expect((await call("/api/auth/me", { headers: victim.auth })).status).toBe(200);
    expect(
      await count("SELECT COUNT(*) AS n FROM user_sessions WHERE public_id = ? AND revoked_at IS NULL", victimId),
    ).toBe(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'session.revoke' AND entity_id = ?", victimId),
    ).toBe(0);
  });

  it("signed out: 401 on every profile route", async () => {
    for (const [path, method] of [
      ["/api/profile/sessions", "GET"],
      ["/api/profile/sessions/x", "DELETE"],
      ["/api/notifications", "GET"],
      ["/api/profile/notification-preferences", "GET"],
    ] as const) {
      expect((await call(path, { method })).status, path).toBe(401);
    }
  });
});

describe("my notices and preferences", () => {
  it("lists only my notices, newest first, and marks read only my own", async () => {
    const me = await signInFrom("land_inspector");
    const other = await signInFrom("buyer");
    const older = await seedNotice(me.userId, "inspection_scheduled", "Visit PLT-1", "2026-11-01T08:00:00.000Z");
    const newer = await seedNotice(me.userId, "plot_high_risk", "PLT-2 is high risk", "2026-11-02T08:00:00.000Z");
    const theirs = await seedNotice(other.userId, "purchase_recorded", "Their purchase", "2026-11-03T08:00:00.000Z");

    const listed = await jsonOf(await call("/api/notifications", { headers: me.auth }));
    expect(listed.notices.map((n: { id: string }) => n.id)).toEqual([newer, older]);
    expect(listed.unread).toBe(2);

    const read = await send("/api/notifications/read", "POST", { ids: [older, theirs] }, me.auth);
    expect(read.status).toBe(200);
    expect((await jsonOf(read)).unread).toBe(1);
    expect(
      (await one<{ read_at: string | null }>("SELECT read_at FROM notifications WHERE id = ?", theirs)).read_at,
    ).toBeNull();
    expect(
      (await one<{ read_at: string | null }>("SELECT read_at FROM notifications WHERE id = ?", older)).read_at,
    ).not.toBeNull();

    const all = await send("/api/notifications/read", "POST", { all: true }, me.auth);
    expect((await jsonOf(all)).unread).toBe(0);
    expect(
      (await one<{ read_at: string | null }>("SELECT read_at FROM notifications WHERE id = ?", theirs)).read_at,
    ).toBeNull();

    const empty = await send("/api/notifications/read", "POST", {}, me.auth);
    expect(empty.status).toBe(400);
    expect((await jsonOf(empty)).message).toBe("Choose the notices to mark read, or all of them");
  });

  it("preferences round-trip, are audited, and hide the kinds I turned off", async () => {
    const me = await signInFrom("farmer");
    await seedNotice(me.userId, "certificate_ready", "Certificate ready", "2026-11-04T08:00:00.000Z");
    await seedNotice(me.userId, "plot_high_risk", "Plot high risk", "2026-11-05T08:00:00.000Z");
    const before = await jsonOf(await call("/api/profile/notification-preferences", { headers: me.auth }));
    expect(before.preferences.find((p: { kind: string }) => p.kind === "certificate_ready")).toMatchObject({
      inApp: true,
      push: true,
    });

    const put = await send(
      "/api/profile/notification-preferences",
      "PUT",
      { preferences: [{ kind: "certificate_ready", inApp: false, push: false }] },
      me.auth,
    );
    expect(put.status).toBe(200);
    const after = await jsonOf(await call("/api/profile/notification-preferences", { headers: me.auth }));
    expect(after.preferences.find((p: { kind: string }) => p.kind === "certificate_ready")).toMatchObject({
      inApp: false,
      push: false,
    });
    expect(after.preferences.find((p: { kind: string }) => p.kind === "plot_high_risk")).toMatchObject({ inApp: true });

    const listed = await jsonOf(await call("/api/notifications", { headers: me.auth }));
    expect(listed.notices.map((n: { title: string }) => n.title)).toEqual(["Plot high risk"]);
    expect(listed.unread).toBe(1);

    const audit = await one<{ before: string; after: string }>(
      "SELECT before, after FROM audit_log WHERE action = 'notification_preference.update' AND actor_id = ?",
      me.userId,
    );
    expect(JSON.parse(audit.before)).toEqual([{ kind: "certificate_ready", inApp: true, push: true }]);
    expect(JSON.parse(audit.after)).toEqual([{ kind: "certificate_ready", inApp: false, push: false }]);

    const bad = await send(
      "/api/profile/notification-preferences",
      "PUT",
      { preferences: [{ kind: "nope", inApp: true, push: true }] },
      me.auth,
    );
    expect(bad.status).toBe(400);
  });
});
