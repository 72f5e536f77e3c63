import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { STARTUP } from "./content/startup";

/** Hydrates the server-rendered page; a failed start is retried (spec §2, §9: after 1000 ms). */
function init() {
  try {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  } catch (error) {
    console.error("Initialisation failed, retrying", error);
    window.setTimeout(init, STARTUP.initRetryMs);
  }
}

init();

// The installable, offline-capable app (spec §1): the service worker is registered at load.
// Its page-side code (app/lib/sw-client.ts) loads after the page, outside the first-load budget.
function registerServiceWorker() {
  import("./lib/sw-client")
    .then((client) => client.registerServiceWorker())
    .catch((error) => console.warn("Service worker registration failed", error));
}
if ("serviceWorker" in navigator) {
  if (document.readyState === "complete") registerServiceWorker();
  else window.addEventListener("load", registerServiceWorker, { once: true });
}
