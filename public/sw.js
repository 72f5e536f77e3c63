/* Service worker of the installable app (spec §1; ADR 027). Hand-written, no build step.
 *
 * - Precache (at install): the public shell and the offline page. Field pages (onboarding, plot
 *   capture, inspection forms, my dashboard, the outbox) are private, so they are fetched with the
 *   signed-in person's cookie when a signed-in page asks for it ("warm"), never at install.
 * - Pages: network first, falling back to the last copy seen, then to the offline page. Private
 *   pages are kept only for the field paths below, keyed to the account whose pages they are (the
 *   page's own `data-account`, see app/components/logout-button.tsx). They are wiped when someone
 *   signs out, when a page of another account appears, when a private page sends the phone to a
 *   sign-in page, and when the outbox learns from /outbox/session that the session ended (idle
 *   expiry, remote revoke, deactivation: the page says "SIGNED_OUT"), so a phone never shows one
 *   person's pages to the next. Nothing under /api is ever cached.
 * - Hashed build assets and icons: cache first (their names change with their content).
 * - A new version waits until the page says "update now" (or every tab is closed): queued work
 *   lives in IndexedDB, which no version of this worker touches, so an update never loses it.
 * - Background Sync: the browser wakes this worker when a connection returns; it asks the open
 *   pages to send their outbox (the sending code is the page's, app/lib/outbox.ts).
 * Push handlers, if any, go at the END of this file (the push part).
 */
const VERSION = "v4";
const SHELL = `shell-${VERSION}`;
const STATIC = "static";
const PAGES = "pages";
const PRIVATE = "private-pages";
const OFFLINE_URL = "/offline";
const PRECACHE = [OFFLINE_URL, "/", "/portals", "/manifest.webmanifest", "/icons/icon-192.png", "/icons/icon.svg"];

/** Signed-in pages a field role needs offline. Anything else private is never stored. */
const FIELD_PAGES = [
  /^\/onboard-farmer$/,
  /^\/create-land-plot$/,
  /^\/outbox$/,
  /^\/field-agent-dashboard$/,
  /^\/unified-land-inspector-dashboard$/,
  /^\/warehouse-inspector-dashboard$/,
  /^\/port-inspector-dashboard$/,
  /^\/land-plot-details\/[^/]+\/(visit|edit)$/,
  /^\/(warehouse|port)-inspector-dashboard\/inspect\/[^/]+$/,
];
const isFieldPage = (path) => FIELD_PAGES.some((re) => re.test(path));

/* ---- Whose signed-in pages PRIVATE holds (one account at a time). ---- */
const OWNER = "private-owner";
const OWNER_KEY = "/__private-owner";
let ownerQueue = Promise.resolve();
/** Runs the private-cache changes one after another, so a wipe and a store never interleave. */
const serial = (task) => {
  const next = ownerQueue.then(task, task);
  ownerQueue = next.catch(() => undefined);
  return next;
};
const accountIn = (html) => /\sdata-account="([^"]+)"/.exec(html)?.[1] ?? null;
async function ownerNow() {
  const hit = await caches.match(OWNER_KEY, { cacheName: OWNER });
  return hit ? hit.text() : null;
}
const wipePrivate = () => serial(() => Promise.all([caches.delete(PRIVATE), caches.delete(OWNER)]));
/** Makes `account` the owner of the kept pages; another person's pages are wiped first. */
async function claimUnlocked(account) {
  if (!account || (await ownerNow()) === account) return;
  await Promise.all([caches.delete(PRIVATE), caches.delete(OWNER)]);
  await (await caches.open(OWNER)).put(OWNER_KEY, new Response(account));
}
const claimFor = (account) => serial(() => claimUnlocked(account));

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(PRECACHE))
      .catch(() => undefined)
      .then(async () => {
        // The first install takes over at once; a later version waits for "update now".
        if (!self.registration.active) await self.skipWaiting();
      }),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k.startsWith("shell-") && k !== SHELL)
            .concat(keys.filter((k) => k.startsWith("static-") || k.startsWith("pages-")))
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/**
 * Stores a page answer if it may be kept: public pages, and field pages of the signed-in person
 * (keyed to the account the page names). Any signed-in page of another account wipes what is kept;
 * a private page answered by a sign-in page (the session ended) wipes it too.
 */
function keepPage(request, response) {
  if (response.redirected && new URL(response.url).searchParams.has("redirectTo")) return wipePrivate();
  if (!response.ok || response.redirected || response.type !== "basic") return;
  const path = new URL(request.url).pathname;
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  if (cacheControl.includes("public")) {
    const copy = response.clone();
    return caches.open(PAGES).then((cache) => cache.put(path, copy));
  }
  if (!(response.headers.get("Content-Type") ?? "").includes("text/html")) return;
  const copy = response.clone();
  return copy.text().then((html) => {
    const account = accountIn(html);
    if (!account) return;
    return serial(async () => {
      await claimUnlocked(account);
      if (!isFieldPage(path)) return;
      const headers = new Headers(copy.headers);
      await (await caches.open(PRIVATE)).put(path, new Response(html, { status: copy.status, headers }));
    });
  });
}

async function fromCache(request) {
  const path = new URL(request.url).pathname;
  const options = { ignoreVary: true, ignoreSearch: true };
  return (
    (await caches.match(path, { ...options, cacheName: PRIVATE })) ??
    (await caches.match(path, { ...options, cacheName: PAGES })) ??
    (await caches.match(path, { ...options, cacheName: SHELL })) ??
    (await caches.match(OFFLINE_URL, { ...options, cacheName: SHELL }))
  );
}

/** Asset paths named in a page or a script: module preloads, scripts, styles, and the chunks a script imports. */
function assetsIn(text) {
  const found = new Set();
  for (const m of text.matchAll(/["'`](\/assets\/[^"'`]+)["'`]/g)) found.add(m[1]);
  for (const m of text.matchAll(/["'`](?:\.\/|assets\/)([\w.-]+\.(?:js|css))["'`]/g)) found.add(`/assets/${m[1]}`);
  return found;
}

/**
 * The assets a page needs offline, cached with it: what its HTML loads and, followed through the
 * scripts, what they import later (the outbox, the map), at most MAX_ASSETS files.
 */
const MAX_ASSETS = 150;
async function keepAssetsOf(response) {
  const cache = await caches.open(STATIC);
  const queue = [...assetsIn(await response.clone().text())];
  const seen = new Set(queue);
  while (queue.length && seen.size <= MAX_ASSETS) {
    const batch = queue.splice(0, 6);
    await Promise.all(
      batch.map(async (url) => {
        let res = await cache.match(url, { ignoreVary: true });
        if (!res) {
          res = await fetch(url).catch(() => null);
          if (!res?.ok) return;
          await cache.put(url, res.clone());
        }
        if (!url.endsWith(".js")) return;
        for (const next of assetsIn(await res.text()))
          if (!seen.has(next)) {
            seen.add(next);
            queue.push(next);
          }
      }),
    );
  }
}

/** Fetches the field pages of the person signed in now, with their assets ("warm" message). */
async function warm(paths) {
  await Promise.all(
    paths.filter(isFieldPage).map(async (path) => {
      const res = await fetch(path, { credentials: "same-origin", redirect: "follow" }).catch(() => null);
      if (!res?.ok || res.redirected) return;
      await keepPage(new Request(new URL(path, self.location.origin)), res);
      await keepAssetsOf(res);
    }),
  );
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;

  if (request.method !== "GET") {
    // Signing out wipes the signed-in pages kept on this phone (the next person must not see them).
    if (url.pathname === "/logout") event.waitUntil(wipePrivate());
    return;
  }
  if (url.pathname === "/outbox/session") return;

  // React Router's route manifest (no personal data): network first, the last copy offline.
  if (url.pathname === "/__manifest") {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            event.waitUntil(caches.open(STATIC).then((cache) => cache.put(request, copy)));
          }
          return response;
        })
        .catch(() =>
          caches.match(request, { cacheName: STATIC, ignoreVary: true }).then(
            (hit) => hit ?? caches.match(request, { cacheName: STATIC, ignoreSearch: true, ignoreVary: true }).then((any) => any ?? Response.error()),
          ),
        ),
    );
    return;
  }

  // A field page's data for React Router's in-app navigation: network first, the last copy offline.
  if (url.pathname.endsWith(".data") && isFieldPage(url.pathname.slice(0, -5))) {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            // Only beside pages already keyed to an account (its page came first).
            event.waitUntil(
              serial(async () => {
                if (await ownerNow()) await (await caches.open(PRIVATE)).put(request, copy);
              }),
            );
          }
          return response;
        })
        .catch(() =>
          caches.match(request, { cacheName: PRIVATE, ignoreSearch: true, ignoreVary: true }).then((hit) => hit ?? Response.error()),
        ),
    );
    return;
  }

  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request)
        .then((response) => {
          const kept = keepPage(request, response);
          if (kept)
            event.waitUntil(
              kept.then(() => (response.ok && !response.redirected ? keepAssetsOf(response) : undefined)).catch(() => undefined),
            );
          return response;
        })
        .catch(() => fromCache(request)),
    );
    return;
  }

  if (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/icons/")) {
    event.respondWith(
      caches.match(request, { ignoreVary: true }).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              event.waitUntil(caches.open(STATIC).then((cache) => cache.put(request, copy)));
            }
            return response;
          }),
      ),
    );
  }
});

self.addEventListener("message", (event) => {
  const data = event.data ?? {};
  if (data.type === "SKIP_WAITING") self.skipWaiting();
  else if (data.type === "WARM" && Array.isArray(data.paths))
    event.waitUntil(
      claimFor(typeof data.loginId === "string" ? data.loginId : null)
        .then(() => warm(data.paths))
        .catch(() => undefined)
        .then(() => self.clients.matchAll({ type: "window" }))
        .then((clients) => clients.forEach((client) => client.postMessage({ type: "warmed" }))),
    );
  else if (data.type === "SIGNED_OUT") event.waitUntil(wipePrivate());
  else if (data.type === "ACCOUNT" && typeof data.loginId === "string") event.waitUntil(claimFor(data.loginId));
});

self.addEventListener("sync", (event) => {
  if (event.tag !== "eip-outbox") return;
  event.waitUntil(
    self.clients
      .matchAll({ type: "window" })
      .then((clients) => clients.forEach((client) => client.postMessage({ type: "outbox-flush" }))),
  );
});

/* ---- Push notifications: handlers go below this line. ---- */

/* Push notifications (ADR 028): the Worker sends { title, body, url, tag, kind },
 * encrypted for this browser; show it, and a click opens the record (focusing an open window). */
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = data.title || "Liberia EIP";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || "",
      tag: data.tag || undefined,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: typeof data.url === "string" && data.url.startsWith("/") ? data.url : "/profile/notifications" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || "/profile/notifications", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const same = windows.find((w) => w.url === target) || windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (same) {
        return same.focus().then((w) => (w && w.url !== target && "navigate" in w ? w.navigate(target) : w));
      }
      return self.clients.openWindow(target);
    }),
  );
});
