/**
 * Subscribes this browser to push notices (ADR 028). Loaded only when the person presses
 * "Turn on push notifications on this device" on /profile/push, so /profile's first load stays small.
 */
export const PUSH_CLIENT_MESSAGES = {
  unsupported: "This browser cannot receive push notifications. Try Chrome, Edge or Firefox, or install the app.",
  denied: "Notifications are blocked for this site. Allow them in the browser's site settings, then try again.",
  noWorker: "The app's service worker is not running yet. Reload the page and try again.",
  refused: "The server did not accept this device. Please try again.",
} as const;

function keyBytes(base64url: string) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

export async function subscribeThisDevice(publicKey: string): Promise<{ ok: true } | { ok: false; message: string }> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return { ok: false, message: PUSH_CLIENT_MESSAGES.unsupported };
  }
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return { ok: false, message: PUSH_CLIENT_MESSAGES.denied };
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
  ]);
  if (!registration) return { ok: false, message: PUSH_CLIENT_MESSAGES.noWorker };
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const res = await fetch("/api/push/subscriptions", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(subscription.toJSON()),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    return { ok: false, message: body.message ?? PUSH_CLIENT_MESSAGES.refused };
  }
  return { ok: true };
}
