import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary } from "#app/components/kit/error-summary";
import { Section } from "#app/components/kit/section";
import type { PushDeviceView } from "#worker/services/push/push-subscriptions";
import { noticeTime } from "../notices";

/**
 * /profile/push: the devices that receive my push notices. Listing and removing are plain forms
 * (JavaScript off works); subscribing this browser needs JavaScript, and its code is fetched only
 * when the button is pressed.
 */
export function PushSection({
  devices,
  publicKey,
  csrf,
  done,
  reply,
}: {
  devices: PushDeviceView[];
  publicKey: string | null;
  csrf: string;
  done: string | null;
  reply?: { error?: string };
}) {
  const navigate = useNavigate();
  const [state, setState] = useState<"off" | "ready" | "busy" | "subscribed">("off");
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!publicKey || !("serviceWorker" in navigator) || !("PushManager" in window)) return;
    setState("ready");
    navigator.serviceWorker
      .getRegistration()
      .then((r) => r?.pushManager.getSubscription())
      .then((s) => {
        if (s && Notification.permission === "granted") setState("subscribed");
      })
      .catch(() => undefined);
  }, [publicKey]);

  async function turnOn() {
    if (!publicKey) return;
    setState("busy");
    setProblem(null);
    try {
      const { subscribeThisDevice } = await import("../../lib/push-subscribe.client");
      const result = await subscribeThisDevice(publicKey);
      if (result.ok) {
        setState("subscribed");
        navigate("/profile/push?done=subscribed", { replace: true });
      } else {
        setState("ready");
        setProblem(result.message);
      }
    } catch {
      setState("ready");
      setProblem("Push notifications could not be turned on. Please try again.");
    }
  }

  const errors = [reply?.error, problem].filter((m): m is string => Boolean(m));
  return (
    <Section id="push-heading" className="space-y-3" title="Push notifications">
      <p className="text-sm text-slate-700">
        Get a notice on your phone when an inspection is assigned to you, a plot of yours is found high risk, a
        certificate is ready, a batch is held or rejected, a message arrives, or a licence or permit is decided. Choose
        which kinds are pushed under{" "}
        <a href="/profile/notifications" className="font-semibold text-green-800 underline">
          Notifications
        </a>
        .
      </p>
      {errors.length > 0 && <ErrorSummary items={errors.map((message) => ({ message }))} />}
      {done && (
        <p role="status" className="rounded-md bg-green-50 p-2 text-sm text-green-900">
          {done}
        </p>
      )}
      {!publicKey ? (
        <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="push-off">
          Push notifications are not set up on this server yet.
        </p>
      ) : (
        <>
          <noscript>
            <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
              Turning on push for this device needs JavaScript. You can still see and remove your devices below.
            </p>
          </noscript>
          {state === "subscribed" && (
            <p className="text-sm font-semibold text-green-900" data-testid="push-this-device">
              This device receives push notifications.
            </p>
          )}
          {(state === "ready" || state === "busy") && (
            <button
              type="button"
              onClick={turnOn}
              disabled={state === "busy"}
              className="w-full rounded-md bg-green-800 px-4 py-3 font-semibold text-white disabled:opacity-60 sm:w-auto"
            >
              {state === "busy" ? "Turning on…" : "Turn on push notifications on this device"}
            </button>
          )}
        </>
      )}
      <h3 className="pt-2 font-bold">My devices</h3>
      {devices.length === 0 ? (
        <p className="text-slate-600" data-testid="push-no-devices">
          No device receives push notifications.
        </p>
      ) : (
        <ul className="space-y-2" data-testid="push-devices">
          {devices.map((d) => (
            <li key={d.id} className="rounded-lg border border-slate-200 bg-white p-3" data-testid="push-device">
              <p className="font-semibold text-slate-900">{d.device}</p>
              <dl className="mt-1 grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-2 text-sm">
                <dt className="text-slate-600">Added</dt>
                <dd>{noticeTime(d.createdAt)}</dd>
                <dt className="text-slate-600">Last delivered</dt>
                <dd>{d.lastSuccessAt ? noticeTime(d.lastSuccessAt) : "Not yet"}</dd>
                <dt className="text-slate-600">Push service</dt>
                <dd className="break-all">{d.service}</dd>
                {d.lastFailure && (
                  <>
                    <dt className="text-slate-600">Last problem</dt>
                    <dd className="break-words text-red-800">{d.lastFailure}</dd>
                  </>
                )}
              </dl>
              <form method="post" className="mt-2">
                <CsrfInput token={csrf} />
                <input type="hidden" name="deviceId" value={d.id} />
                <button
                  type="submit"
                  className="rounded-md border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-800"
                >
                  Remove this device<span className="sr-only">: {d.device}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
