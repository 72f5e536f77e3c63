/**
 * Push delivery (ADR 028): takes pending notices (written by `notifyStatement`), and
 * for each person who wants that kind pushed sends it to every device they subscribed, as Web Push
 * (RFC 8030) with an encrypted payload (RFC 8291, aes128gcm) and VAPID (RFC 8292) through
 * @block65/webcrypto-web-push (WebCrypto only, runs in workerd). Runs in the background after the request that wrote the notice, and every
 * 5 minutes from the cron for what is left.
 *
 * Per device: a network error, 429 or 5xx is tried again (3 tries, short back-off) and, if no device
 * got the notice, the notice is tried again by later runs (up to MAX_RUNS); 404/410 mean the
 * subscription is gone: it is deleted. Any other answer (a redirect too: never followed) is a failure
 * for that device, shown to its owner as one generic sentence. An endpoint that is no push service
 * (worker/domain/push-endpoint.ts) is never posted to: the device is removed.
 */
import { buildPushPayload } from "@block65/webcrypto-web-push";
import {
  claimPushNotices,
  deletePushSubscriptionStatement,
  markPushSubscriptionResult,
  type PushSubscriptionRow,
  pushOffOf,
  pushSubscriptionsOf,
  settlePushNotice,
} from "#db/queries/push";
import { PUSH_MESSAGES } from "#worker/contracts/push";
import { isPushServiceEndpoint } from "#worker/domain/push-endpoint";
import type { AuditActor, ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { ok, type Result } from "../result";
import { revokeDeviceStatements, runInBatch } from "./revoke-devices";

export type PushConfig = {
  /** The VAPID public key, base64url of the uncompressed P-256 point (the browser's applicationServerKey). */
  publicKey: string;
  /** The VAPID private key: base64url of the 32-byte P-256 scalar (the JWK's `d`); the Worker secret VAPID_PRIVATE_KEY. */
  privateKey: string;
  /** Contact for push services: mailto: or https: (VAPID `sub`). */
  subject: string;
};

export type PushEnv = { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT?: string };

/** The push settings, or null when the keys are not set (push is then off; nothing is claimed). */
export function pushConfigFrom(env: PushEnv): PushConfig | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) return null;
  return { publicKey, privateKey, subject: env.VAPID_SUBJECT?.trim() || "mailto:support@example.invalid" };
}

export type DeliverDeps = Pick<ServiceDeps, "db" | "now"> & {
  push: PushConfig;
  /** `fetch` in production; tests pass a local push endpoint. */
  send: (url: string, init: RequestInit) => Promise<Response>;
  /** Demo mode (ADR 007): only then is the test push service an endpoint the Worker posts to. */
  demoMode: boolean;
  sleep?: (ms: number) => Promise<void>;
};

/** What a device receives (public/sw.js shows it; a click opens `url`). */
export type PushPayload = { title: string; body: string; url: string; tag: string; kind: string };

/** A notice is tried by this many delivery runs at most. */
export const MAX_RUNS = 5;
/** Older notices are not pushed any more (a push a day late is noise). */
const FRESH_MS = 24 * 60 * 60 * 1000;
/** A run that took a notice and died: taken again after this. */
const STALE_MS = 10 * 60 * 1000;
const TRY_DELAYS_MS = [0, 500, 2000];
const BATCH = 50;
const PUSH_ACTOR: AuditActor = { id: "system:push", role: "system" };

/** `refused`: the endpoint is no push service (worker/domain/push-endpoint.ts); the device is removed unsent. */
type Outcome = "sent" | "gone" | "refused" | "retry" | "failed";

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function payloadOf(notice: { id: string; kind: string; title: string; body: string; link: string | null }) {
  return {
    title: notice.title.slice(0, 120),
    body: notice.body.length > 480 ? `${notice.body.slice(0, 479)}…` : notice.body,
    url: notice.link?.startsWith("/") ? notice.link : "/profile/notifications",
    tag: notice.id,
    kind: notice.kind,
  } satisfies PushPayload;
}

async function sendOnce(sub: PushSubscriptionRow, payload: PushPayload, deps: DeliverDeps): Promise<Outcome> {
  // A row stored before endpoints were checked, or the test service with demo mode off: never posted to.
  if (!isPushServiceEndpoint(sub.endpoint, { demoMode: deps.demoMode })) return "refused";
  const request = await buildPushPayload(
    { data: payload, options: { ttl: 24 * 60 * 60, urgency: "normal" } },
    { endpoint: sub.endpoint, expirationTime: null, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    { subject: deps.push.subject, publicKey: deps.push.publicKey, privateKey: deps.push.privateKey },
  );
  let retryable = false;
  for (const delay of TRY_DELAYS_MS) {
    if (delay) await (deps.sleep ?? defaultSleep)(delay);
    try {
      // `manual`: a redirect is a failure, never followed: it would post to a host nobody checked.
      const res = await deps.send(sub.endpoint, {
        method: "POST",
        headers: request.headers,
        body: request.body,
        redirect: "manual",
      });
      await res.body?.cancel();
      if (res.status >= 200 && res.status < 300) return "sent";
      if (res.status === 404 || res.status === 410) return "gone";
      // For the operator's log only: the device shows one generic sentence (PUSH_MESSAGES.deliveryFailed).
      console.warn("push delivery refused", { device: sub.id, status: res.status });
      retryable = res.status === 429 || res.status >= 500;
      if (!retryable) break;
    } catch (error) {
      console.warn("push service unreachable", {
        device: sub.id,
        error: error instanceof Error ? error.message : error,
      });
      retryable = true;
    }
  }
  await markPushSubscriptionResult(deps.db, sub.id, { failure: PUSH_MESSAGES.deliveryFailed });
  return retryable ? "retry" : "failed";
}

export type DeliveryReport = {
  notices: number;
  sent: number;
  skipped: number;
  retry: number;
  failed: number;
  removed: number;
};

/** One delivery run: takes up to 50 pending notices and settles each. */
export async function deliverPendingPush(deps: DeliverDeps): Promise<Result<DeliveryReport>> {
  const now = deps.now();
  const notices = await claimPushNotices(deps.db, {
    now: now.toISOString(),
    since: new Date(now.getTime() - FRESH_MS).toISOString(),
    staleBefore: new Date(now.getTime() - STALE_MS).toISOString(),
    limit: BATCH,
  });
  const report: DeliveryReport = { notices: notices.length, sent: 0, skipped: 0, retry: 0, failed: 0, removed: 0 };
  if (!notices.length) return ok(report);
  const userIds = [...new Set(notices.map((n) => n.userId))];
  const [subs, off] = await Promise.all([pushSubscriptionsOf(deps.db, userIds), pushOffOf(deps.db, userIds)]);
  const offSet = new Set(off.map((o) => `${o.userId}\u0000${o.kind}`));
  const gone = new Set<string>();
  for (const notice of notices) {
    const devices = subs.filter((s) => s.userId === notice.userId && !gone.has(s.id));
    if (offSet.has(`${notice.userId}\u0000${notice.kind}`) || devices.length === 0) {
      await settlePushNotice(deps.db, notice.id, "skipped", now.toISOString());
      report.skipped++;
      continue;
    }
    const payload = payloadOf(notice);
    const outcomes = await Promise.all(devices.map((sub) => sendOnce(sub, payload, deps)));
    const at = deps.now().toISOString();
    for (const [i, outcome] of outcomes.entries()) {
      const sub = devices[i]!;
      if (outcome === "sent") await markPushSubscriptionResult(deps.db, sub.id, { successAt: at });
      if ((outcome === "gone" || outcome === "refused") && !gone.has(sub.id)) {
        gone.add(sub.id);
        await runInBatch(
          deps.db,
          outcome === "gone"
            ? [
                deletePushSubscriptionStatement(deps.db, sub.id),
                auditEntry(
                  deps.db,
                  PUSH_ACTOR,
                  "push_subscription.expire",
                  "push_subscription",
                  sub.id,
                  { userId: sub.userId, device: sub.device },
                  null,
                ),
              ]
            : revokeDeviceStatements(deps.db, PUSH_ACTOR, [sub], "not_a_push_service"),
        );
        report.removed++;
      }
    }
    const state = outcomes.includes("sent")
      ? "sent"
      : outcomes.includes("retry") && notice.pushAttempts < MAX_RUNS
        ? "retry"
        : "failed";
    await settlePushNotice(deps.db, notice.id, state, at);
    report[state]++;
  }
  return ok(report);
}
