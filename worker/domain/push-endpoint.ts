/**
 * Where the Worker may post a push notice (ADR 028 "Endpoints"). A subscription's endpoint is a URL
 * the browser's push service gave it, and the Worker posts to it: anything else would let a
 * signed-in person point the Worker at a host and port of their choosing. So only the push
 * services of the browsers the platform supports are accepted, over https on port 443, with no
 * userinfo; host names match exactly (a trailing dot or another suffix is another host).
 */

/** The push services of the browsers (RFC 8030 endpoints as `PushSubscription.endpoint` gives them). */
const PUSH_SERVICE_HOSTS: readonly RegExp[] = [
  // Chrome, Opera, Samsung Internet, Brave: Firebase Cloud Messaging.
  /^fcm\.googleapis\.com$/,
  // Firefox: Mozilla's autopush (updates.push.services.mozilla.com).
  /^[a-z0-9-]+\.push\.services\.mozilla\.com$/,
  // Edge on Windows: the Windows Push Notification Services (e.g. wns2-par02p.notify.windows.com).
  /^[a-z0-9-]+\.notify\.windows\.com$/,
  // Safari (macOS 13+, iOS 16.4+): web.push.apple.com.
  /^[a-z0-9-]+\.push\.apple\.com$/,
];

/**
 * The local push service of the worker tests (tests/worker/push-fixtures.ts): `.test` is a reserved
 * name (RFC 6761) that never resolves, and it is accepted only while demo mode is on (ADR 007).
 */
export const TEST_PUSH_SERVICE_HOST = "push.example.test";

/** True when the Worker may post to `endpoint`: a browser's push service (or, in demo mode, the test one) on 443. */
export function isPushServiceEndpoint(endpoint: string, mode: { demoMode: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  // `port` is empty for 443 (the https default, written or not); any other port is refused.
  if (url.protocol !== "https:" || url.username || url.password || url.port !== "") return false;
  const host = url.hostname;
  if (mode.demoMode && host === TEST_PUSH_SERVICE_HOST) return true;
  return PUSH_SERVICE_HOSTS.some((pattern) => pattern.test(host));
}
