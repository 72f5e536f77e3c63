/**
 * The offline outbox (ADR 027): a field agent's work waits on the phone while the account is deactivated.
 * On reconnect the server refuses it, and tells that phone — and only that phone, by the outbox
 * proof its last live session received — that the account was deactivated, so the outbox says
 * why instead of only "sign in again". Anyone else learns nothing about the account.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { signOutboxProof } from "#worker/auth/outbox-proof";
import { deactivateUser } from "#worker/services/auth/manage-users";
import { sessionAs } from "./factories";
import { call, ORIGIN } from "./helpers";

type Account = Awaited<ReturnType<typeof sessionAs>>;
let agent: Account;
let inspector: Account;
let proof: string;
let csrf: string;

const session = (headers: Record<string, string>) => call("/outbox/session", { headers });
const detailOf = (res: Response) => {
  const raw = res.headers.get("X-Outbox-Error");
  return raw ? (JSON.parse(decodeURIComponent(raw)) as { code?: string; message?: string }) : null;
};

beforeAll(async () => {
  agent = await sessionAs("field_agent");
  inspector = await sessionAs("land_inspector");
  const live = await session({ Cookie: agent.cookie });
  expect(live.status).toBe(200);
  const body = (await live.json()) as { csrf: string; loginId: string; proof: string };
  expect(body.loginId).toBe("AGT-0001");
  expect(body.proof).toBeTruthy();
  proof = body.proof;
  csrf = body.csrf;
});

describe("work queued by an account deactivated meanwhile", () => {
  it("while the account is active, a proof with no session answers only 'signed out'", async () => {
    const res = await session({ "X-Outbox-Proof": proof });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, message: "Not signed in" });
    expect(detailOf(res)).toBeNull();
  });

  it("after deactivation: the session is refused, and the phone with the proof is told why", async () => {
    const off = await deactivateUser(
      { userId: "demo-field-agent" },
      {
        db: database(env.DB),
        actor: { id: "demo-agritrace-admin", role: "system_administrator" },
        sessions: { kv: env.SESSIONS, secret: env.SESSION_SECRET, db: database(env.DB) },
      },
    );
    expect(off.ok).toBe(true);

    // The outbox asks for a fresh session before sending: none, and the reason.
    const asked = await session({ Cookie: agent.cookie, "X-Outbox-Proof": proof });
    expect(asked.status).toBe(401);
    expect(await asked.json()).toMatchObject({ success: false, code: "account_deactivated" });
    expect(detailOf(asked)).toEqual({
      code: "account_deactivated",
      message: "Your account has been deactivated. Your records are kept on this phone; ask your supervisor.",
    });

    // A queued record posted anyway (the account was deactivated between the two requests).
    const form = new FormData();
    form.set("csrf", csrf);
    form.set("firstName", "Queued");
    const sent = await call("/onboard-farmer", {
      method: "POST",
      headers: { Cookie: agent.cookie, Origin: ORIGIN, "X-Outbox": "1", "X-Outbox-Proof": proof },
      body: form,
    });
    expect(sent.status).toBe(401);
    expect(detailOf(sent)?.code).toBe("account_deactivated");
    // The same post without the outbox's headers: the usual way to the sign-in page.
    const plain = await call("/onboard-farmer", {
      method: "POST",
      headers: { Cookie: agent.cookie, Origin: ORIGIN },
      body: form,
    });
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toMatch(/^\/portals\?redirectTo=/);
  });

  it("tells nobody else: no proof, a forged one, or a session token in its place get the plain answer", async () => {
    const none = await session({ Cookie: agent.cookie });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ success: false, message: "Not signed in" });
    const forged = await signOutboxProof("x".repeat(40), { id: "demo-field-agent", loginId: "AGT-0001" });
    const withForged = await session({ "X-Outbox-Proof": forged });
    expect(detailOf(withForged)).toBeNull();
    expect(await withForged.json()).toEqual({ success: false, message: "Not signed in" });
    const withToken = await session({ "X-Outbox-Proof": agent.token });
    expect(detailOf(withToken)).toBeNull();
    // Another person signed in asks with the agent's proof: their own session answers, nothing about the agent.
    const other = await session({ Cookie: inspector.cookie, "X-Outbox-Proof": proof });
    expect(other.status).toBe(200);
    const body = (await other.json()) as { loginId: string; code?: string };
    expect(body.loginId).not.toBe("AGT-0001");
    expect(body.code).toBeUndefined();
  });
});
