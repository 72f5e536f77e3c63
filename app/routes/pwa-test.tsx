import { useEffect, useState } from "react";
import { pageMeta } from "#app/components/kit/page-meta";
import { TableHead } from "#app/components/kit/table-head";
import { PageShell } from "../components/page-shell";

export const meta = () => pageMeta("Debug PWA", { index: true });

type Check = { id: string; label: string; value: string; ok: boolean | null };

async function runChecks(): Promise<Check[]> {
  const checks: Check[] = [];
  const secure = window.isSecureContext;
  checks.push({ id: "secure", label: "Secure context (HTTPS)", value: secure ? "Yes" : "No", ok: secure });

  if (!("serviceWorker" in navigator)) {
    checks.push({ id: "sw", label: "Service worker", value: "Not supported by this browser", ok: false });
  } else {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
    checks.push({
      id: "sw",
      label: "Service worker",
      value: registration
        ? `Registered (scope ${registration.scope}; state ${worker?.state ?? "unknown"}${registration.waiting ? "; a new version is waiting" : ""})`
        : "Not registered",
      ok: Boolean(registration),
    });
    checks.push({
      id: "sw-control",
      label: "Page controlled by service worker",
      value: navigator.serviceWorker.controller ? "Yes" : "No (reload once after the first visit)",
      ok: Boolean(navigator.serviceWorker.controller),
    });
  }

  const manifestHref = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href;
  if (!manifestHref) {
    checks.push({ id: "manifest", label: "Web app manifest", value: "No manifest link", ok: false });
  } else {
    try {
      const manifest = (await (await fetch(manifestHref)).json()) as {
        name?: string;
        icons?: unknown[];
        display?: string;
      };
      checks.push({
        id: "manifest",
        label: "Web app manifest",
        value: `${manifest.name ?? "unnamed"} · ${manifest.icons?.length ?? 0} icons · display ${manifest.display ?? "browser"}`,
        ok: Boolean(manifest.name && manifest.icons?.length),
      });
    } catch {
      checks.push({ id: "manifest", label: "Web app manifest", value: "Could not be loaded", ok: false });
    }
  }

  const installed = window.matchMedia?.("(display-mode: standalone)").matches ?? false;
  checks.push({
    id: "display",
    label: "Running as installed app",
    value: installed ? "Yes" : "No (in browser)",
    ok: null,
  });

  checks.push({
    id: "online",
    label: "Network",
    value: navigator.onLine ? "Online" : "Offline",
    ok: null,
  });

  if ("caches" in window) {
    const keys = await caches.keys();
    const described = await Promise.all(
      keys.map(async (key) => `${key} (${(await (await caches.open(key)).keys()).length})`),
    );
    checks.push({
      id: "caches",
      label: "Cache storage (entries)",
      value: described.length ? described.join(", ") : "Empty",
      ok: null,
    });
  } else {
    checks.push({ id: "caches", label: "Cache storage", value: "Not supported", ok: false });
  }

  // The outbox: its code loads only here and where forms are queued.
  try {
    const outbox = await import("../lib/outbox");
    const c = await outbox.counts();
    checks.push({
      id: "outbox",
      label: "Outbox",
      value: `${c.waiting} waiting · ${c.sending} sending · ${c.failed} failed · ${c.conflict} conflict · ${c.sent} sent`,
      ok: c.failed + c.conflict === 0,
    });
  } catch {
    checks.push({ id: "outbox", label: "Outbox", value: "Could not be read (IndexedDB unavailable)", ok: false });
  }
  if (navigator.storage?.persisted) {
    const persisted = await navigator.storage.persisted();
    checks.push({
      id: "persistence",
      label: "Storage persistence",
      value: persisted
        ? "Granted: queued work is not evicted"
        : "Not granted (the browser may clear storage when full)",
      ok: persisted,
    });
  }
  if (navigator.storage?.estimate) {
    const { usage = 0, quota = 0 } = await navigator.storage.estimate();
    checks.push({
      id: "storage",
      label: "Storage used",
      value: `${(usage / 1024 / 1024).toFixed(1)} MB of ${(quota / 1024 / 1024).toFixed(0)} MB`,
      ok: null,
    });
  }

  checks.push({
    id: "notifications",
    label: "Notification permission",
    value: "Notification" in window ? Notification.permission : "Not supported",
    ok: "Notification" in window ? Notification.permission !== "denied" : false,
  });
  return checks;
}

export default function PwaTest() {
  const [checks, setChecks] = useState<Check[] | null>(null);
  const [online, setOnline] = useState<boolean | null>(null);

  useEffect(() => {
    let alive = true;
    const refresh = () =>
      runChecks().then((result) => {
        if (alive) setChecks(result);
      });
    const onNetwork = () => {
      setOnline(navigator.onLine);
      void refresh();
    };
    setOnline(navigator.onLine);
    void refresh();
    window.addEventListener("online", onNetwork);
    window.addEventListener("offline", onNetwork);
    navigator.serviceWorker?.addEventListener("controllerchange", onNetwork);
    return () => {
      alive = false;
      window.removeEventListener("online", onNetwork);
      window.removeEventListener("offline", onNetwork);
      navigator.serviceWorker?.removeEventListener("controllerchange", onNetwork);
    };
  }, []);

  return (
    <PageShell title="PWA Diagnostics">
      <p className="mt-2 text-slate-700">
        What this browser reports about the installable app. Share this page with support if installation fails.
      </p>
      <noscript>
        <p className="mt-4 rounded-md bg-amber-100 p-3 text-amber-900">
          JavaScript is turned off, so the app cannot be installed or checked. The website itself still works.
        </p>
      </noscript>
      {online !== null && (
        <p className="mt-4 text-sm" data-testid="online-state">
          You are <strong>{online ? "online" : "offline"}</strong>.
        </p>
      )}
      {checks === null ? (
        <p className="mt-4 text-slate-500" role="status">
          Checking…
        </p>
      ) : (
        <table className="mt-4 w-full border-collapse overflow-hidden rounded-lg bg-white text-left text-sm shadow-sm">
          <caption className="sr-only">PWA diagnostics</caption>
          <TableHead className="bg-slate-100" cellClassName="p-2" heads={["Check", "Result"]} />
          <tbody>
            {checks.map((check) => (
              <tr key={check.id} className="border-t border-slate-100" data-check={check.id}>
                <th scope="row" className="p-2 font-medium">
                  {check.ok === true ? "✅ " : check.ok === false ? "❌ " : "ℹ️ "}
                  {check.label}
                </th>
                <td className="p-2 break-all">{check.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {/* Push subscription status (push part) goes here. */}
      <div data-slot="push-status" />
      <button
        type="button"
        className="mt-4 min-h-11 rounded-md border border-green-700 px-4 py-2 text-sm font-semibold text-green-800 hover:bg-green-50"
        onClick={() => runChecks().then(setChecks)}
      >
        Run checks again
      </button>
      <PushStatus />
    </PageShell>
  );
}

/** Push (ADR 028): whether this browser holds a push subscription, and with which service. */
function PushStatus() {
  const [status, setStatus] = useState("Checking…");
  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
      setStatus("Not supported by this browser.");
      return;
    }
    navigator.serviceWorker
      .getRegistration("/")
      .then((r) => r?.pushManager.getSubscription())
      .then((s) =>
        setStatus(s ? `Subscribed (${new URL(s.endpoint).host}).` : "Not subscribed: turn it on in My profile."),
      )
      .catch(() => setStatus("Could not be read."));
  }, []);
  return (
    <section aria-labelledby="push-status" className="mt-6 text-sm">
      <h2 id="push-status" className="font-bold">
        Push notifications
      </h2>
      <p data-check="push">
        {status}{" "}
        <a href="/profile/push" className="font-semibold text-green-800 underline">
          Manage devices
        </a>
      </p>
    </section>
  );
}
