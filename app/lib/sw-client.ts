/**
 * The page's side of the service worker (public/sw.js, ADR 027), loaded by every page (tiny, no
 * dependencies): registers it, offers "update now" when a new version waits, and asks it to keep
 * the field pages of the person signed in for offline work.
 */
import { noteOnlineSession } from "./offline-session";

export const FIELD_PAGES = [
  "/onboard-farmer",
  "/create-land-plot",
  "/outbox",
  "/field-agent-dashboard",
  "/unified-land-inspector-dashboard",
  "/warehouse-inspector-dashboard",
  "/port-inspector-dashboard",
];
const WARMED_KEY = "eip.swWarmed";

/** Asks the worker (once per person and day) to keep the field pages they can open. */
export async function warmFieldPages(loginId: string, paths: string[] = FIELD_PAGES) {
  if (!navigator.onLine) return;
  noteOnlineSession(loginId);
  if (!("serviceWorker" in navigator)) return;
  const mark = `${loginId}:${new Date().toISOString().slice(0, 10)}`;
  try {
    if (localStorage.getItem(WARMED_KEY) === mark) return;
  } catch {
    // No storage: warm every time.
  }
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage({ type: "WARM", paths, loginId });
  try {
    localStorage.setItem(WARMED_KEY, mark);
  } catch {
    // Nothing to remember it in.
  }
}

function showUpdate(registration: ServiceWorkerRegistration) {
  if (document.getElementById("sw-update")) return;
  const bar = document.createElement("div");
  bar.id = "sw-update";
  bar.setAttribute("role", "status");
  bar.className =
    "fixed inset-x-2 bottom-2 z-50 flex flex-wrap items-center gap-3 rounded-md bg-slate-900 p-3 text-sm text-white shadow-lg";
  const text = document.createElement("span");
  text.textContent = "A new version of the app is ready. Work saved on this phone is kept.";
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = "Update now";
  button.className = "rounded bg-white px-3 py-2 font-semibold text-slate-900";
  button.addEventListener("click", () => {
    button.disabled = true;
    registration.waiting?.postMessage({ type: "SKIP_WAITING" });
  });
  bar.appendChild(text);
  bar.appendChild(button);
  document.body.appendChild(bar);
}

function watchUpdates(registration: ServiceWorkerRegistration, hadController: boolean) {
  if (registration.waiting && hadController) showUpdate(registration);
  registration.addEventListener("updatefound", () => {
    const incoming = registration.installing;
    incoming?.addEventListener("statechange", () => {
      if (incoming.state === "installed" && navigator.serviceWorker.controller) showUpdate(registration);
    });
  });
}

export function registerServiceWorker() {
  const hadController = Boolean(navigator.serviceWorker.controller);
  // Offline, register() fails its update check; the registration kept from before still serves.
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error) => {
    console.warn("Service worker registration failed", error);
  });
  void navigator.serviceWorker.getRegistration("/").then((registration) => {
    if (registration) watchUpdates(registration, hadController);
    else void navigator.serviceWorker.ready.then((ready) => watchUpdates(ready, hadController));
  });
  navigator.serviceWorker.addEventListener("message", (event) => {
    // The field pages are kept: /pwa-test and the tests read this.
    if ((event.data as { type?: string } | null)?.type === "warmed") document.documentElement.dataset.swWarmed = "1";
  });
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // Only after "update now": the first install taking over needs no reload.
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });
}
