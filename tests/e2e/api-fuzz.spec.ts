/**
 * Every /api route, through the same local server `npm start` runs, with bad input: no body, wrong
 * types, deep nesting, huge arrays, a form body, text. Signed out and signed in (a system
 * administrator and a farmer). The routes come from the OpenAPI document (/api/docs), which a worker
 * test proves lists every registered route. No answer may be a 5xx, and every answer is JSON.
 */
import { expect, test } from "@playwright/test";
import { demoLogin } from "../login-api";

const BODIES: [type: string, body: string][] = [
  ["application/json", "{}"],
  ["application/json", "[]"],
  ["application/json", "null"],
  ["application/json", '{"a":'],
  ["application/json", JSON.stringify({ geojson: 1, weightKg: "x", farmerId: [], decision: {}, page: -1 })],
  ["application/json", "[".repeat(20_000)],
  ["application/json", JSON.stringify({ weights: Array.from({ length: 50_000 }, () => 1) })],
  ["application/x-www-form-urlencoded", "a=1&b=2"],
  ["text/plain", "x".repeat(50_000)],
];

type Operation = { method: string; path: string };

test("no /api route answers bad input with a 5xx or anything but JSON", async ({ request }) => {
  test.setTimeout(300_000);
  const docs = (await (await request.get("/api/docs")).json()) as { paths: Record<string, Record<string, unknown>> };
  const operations: Operation[] = Object.entries(docs.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, "x") })),
  );
  expect(operations.length).toBeGreaterThan(30);

  const tokens: (string | null)[] = [null];
  for (const role of ["system_administrator", "farmer"]) {
    const { path, body } = demoLogin(role);
    const res = await request.post(path, { data: body, headers: { "CF-Connecting-IP": `10.99.0.${tokens.length}` } });
    tokens.push(((await res.json()) as { token?: string }).token ?? null);
  }

  const failures: string[] = [];
  let sent = 0;
  for (const token of tokens) {
    const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    for (const { method, path } of operations) {
      if (path.startsWith("/api/demo") || path.endsWith("/logout")) continue; // would end the session or reseed
      const url = path;
      const bodies: ([string, string] | null)[] = method === "GET" || method === "HEAD" ? [null] : BODIES;
      for (const entry of bodies) {
        const res = await request.fetch(`${url}?page=-1&q=%00`, {
          method,
          headers: { ...auth, ...(entry ? { "Content-Type": entry[0] } : {}) },
          ...(entry ? { data: entry[1] } : {}),
          failOnStatusCode: false,
        });
        sent++;
        const type = res.headers()["content-type"] ?? "";
        const pdfOrImage = /application\/pdf|image\/|application\/geo\+json|application\/zip|text\/csv/.test(type);
        if (res.status() >= 500 || (!type.includes("json") && !pdfOrImage && res.status() !== 304)) {
          failures.push(`${method} ${url} ${entry?.[0] ?? ""} → ${res.status()} ${type}`);
        }
      }
    }
  }
  expect(sent).toBeGreaterThan(300);
  expect(failures).toEqual([]);
});
