// The offline app (ADR 027). Two figures:
// - precache size: what the service worker (public/sw.js) stores at install (its PRECACHE list),
//   and what it keeps when a field agent signs in (the field pages and every script they load);
// - outbox throughput: records per second the outbox sends after reconnect, each a farmer with a
//   ~20 KB photo, through the real outbox code in Chromium (one at a time, as on a phone).
// Called by bench.mjs with { BASE }; also alone: node scripts/bench-offline.mjs http://127.0.0.1:8787
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { segment, withSegments } from "../tests/unit/photo-fixtures.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH, SESSION_COOKIE, sessionCookie, signIn, VIEWPORT } from "./bench-pages.mjs";

const FIELD_PAGES = ["/onboard-farmer", "/create-land-plot", "/outbox", "/field-agent-dashboard"];
const RECORDS = Number(process.env.BENCH_OUTBOX_RECORDS ?? 20);
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

async function bytesOf(BASE, urls, headers = {}) {
  let raw = 0;
  let gz = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(BASE + url, { headers })).arrayBuffer());
    raw += body.length;
    gz += gzipSync(body, { level: 6 }).length;
  }
  return { raw, gz };
}

export async function precacheSize(BASE, token) {
  const sw = readFileSync(new URL("../public/sw.js", import.meta.url), "utf8");
  const list = sw.match(/const PRECACHE = \[([^\]]*)\]/)[1];
  const names = { OFFLINE_URL: "/offline" };
  const install = [...list.matchAll(/"([^"]+)"|([A-Z_]+)/g)].map((m) => m[1] ?? names[m[2]]).filter(Boolean);
  const installBytes = await bytesOf(BASE, install);
  const headers = { Cookie: `${SESSION_COOKIE}=${token}` };
  const assets = new Set();
  for (const page of FIELD_PAGES) {
    const html = await (await fetch(BASE + page, { headers })).text();
    for (const m of html.matchAll(/["'](\/assets\/[^"']+)["']/g)) assets.add(m[1]);
  }
  const pageBytes = await bytesOf(BASE, FIELD_PAGES, headers);
  const scripts = await bytesOf(BASE, [...assets]);
  return { install: install.length, installBytes, pages: FIELD_PAGES.length, pageBytes, assets: assets.size, scripts };
}

export async function outboxThroughput(BASE, token) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    await context.addCookies([sessionCookie(BASE, token)]);
    const page = await context.newPage();
    await page.goto(`${BASE}/outbox`);
    await page.getByTestId("outbox-counts").waitFor();
    const photo = [...withSegments(segment(0xfe, Array(20_000).fill(0x41)))];
    const run = Date.now() % 1_000_000;
    // Queued as the forms queue them (app/lib/outbox.ts record shape), straight into IndexedDB.
    await page.evaluate(
      ({ photo, count, run }) =>
        new Promise((resolve, reject) => {
          const open = indexedDB.open("eip-outbox");
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction("records", "readwrite");
            const letters = (n) =>
              Array.from({ length: 5 }, (_, i) => String.fromCharCode(97 + (Math.floor(n / 26 ** i) % 26))).join("");
            for (let i = 0; i < count; i++) {
              const id = crypto.randomUUID();
              const blob = new Blob([new Uint8Array(photo)], { type: "image/jpeg" });
              tx.objectStore("records").put({
                submissionId: id,
                kind: "farmer",
                label: `Farmer bench ${i}`,
                url: "/onboard-farmer",
                owner: "AGT-0001",
                status: "waiting",
                attempts: 0,
                createdAt: Date.now(),
                updatedAt: Date.now(),
                fields: [
                  ["firstName", `Bench ${letters(i)}`],
                  ["lastName", `Outbox ${letters(run)}`],
                  ["gender", "female"],
                  ["dateOfBirth", "1985-03-01"],
                  ["county", "Nimba County"],
                  ["community", "Zortapa"],
                  ["crops", "Cocoa"],
                  ["photo", { blob, name: `bench-${i}.jpg` }],
                  ["submissionId", id],
                ],
              });
            }
            tx.oncomplete = () => resolve(null);
            tx.onerror = () => reject(tx.error);
          };
        }),
      { photo, count: RECORDS, run },
    );
    const started = performance.now();
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    const settled = () =>
      page.evaluate(
        () =>
          new Promise((resolve) => {
            const open = indexedDB.open("eip-outbox");
            open.onsuccess = () => {
              const all = open.result.transaction("records").objectStore("records").getAll();
              all.onsuccess = () => resolve(all.result.every((r) => r.status === "sent" || r.status === "failed"));
            };
          }),
      );
    const deadline = Date.now() + 300_000;
    while (!(await settled()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const seconds = (performance.now() - started) / 1000;
    const sent = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const open = indexedDB.open("eip-outbox");
          open.onsuccess = () => {
            const all = open.result.transaction("records").objectStore("records").getAll();
            all.onsuccess = () => resolve(all.result.filter((r) => r.status === "sent").length);
          };
        }),
    );
    if (process.env.BENCH_DEBUG)
      console.log(
        await page.evaluate(
          () =>
            new Promise((resolve) => {
              const open = indexedDB.open("eip-outbox");
              open.onsuccess = () => {
                const all = open.result.transaction("records").objectStore("records").getAll();
                all.onsuccess = () => resolve(JSON.stringify(all.result.slice(0, 3).map((r) => [r.status, r.reason])));
              };
            }),
        ),
      );
    return { sent, seconds, photoBytes: photo.length };
  } finally {
    await browser.close();
  }
}

export default async function offlineBench({ BASE }) {
  const token = await signIn(BASE, "field_agent");
  const p = await precacheSize(BASE, token);
  console.log("\nOffline app");
  console.log(
    `  Precache at install: ${p.install} files, ${kib(p.installBytes.raw)} (${kib(p.installBytes.gz)} gzip)` +
      ` · kept at a field agent's sign-in: ${p.pages} pages ${kib(p.pageBytes.raw)} + ${p.assets} scripts/styles ${kib(p.scripts.raw)} (${kib(p.scripts.gz)} gzip)`,
  );
  const t = await outboxThroughput(BASE, token);
  console.log(
    `  Outbox after reconnect: ${t.sent} farmers with a ${kib(t.photoBytes)} photo each sent in ${t.seconds.toFixed(1)} s — ${(t.sent / t.seconds).toFixed(1)} records/s`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`)
  await offlineBench({ BASE: process.argv[2] ?? "http://127.0.0.1:8787" });
