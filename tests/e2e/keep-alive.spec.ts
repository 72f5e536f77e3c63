/**
 * Bad bodies on keep-alive connections, through the same local server `npm start` runs
 * (vite preview: the Workers runtime behind Vite's proxy). Before the Worker drained unread bodies
 * (worker/http/unread-body.ts, ADR 015), about one answer in ten was a 500 HTML stack trace
 * ("TypeError: fetch failed") for the request after one the Worker answered without reading.
 */
import http from "node:http";
import { expect, test } from "@playwright/test";

type Answer = { status: number; type: string; body: string };

function post(agent: http.Agent, base: URL, path: string, type: string, body: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path,
        method: "POST",
        agent,
        headers: { "Content-Type": type, "Content-Length": Buffer.byteLength(body) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), body: text }),
        );
      },
    );
    req.on("error", (error) => resolve({ status: 0, type: "", body: String(error) }));
    req.end(body);
  });
}

const BAD_BODIES: [type: string, body: string][] = [
  ["text/plain", "x".repeat(200_000)],
  ["application/json", "[]"],
  ["application/x-www-form-urlencoded", "username=a&password=b"],
  ["application/json", "{}"],
  ["application/json", "[".repeat(20_000)],
];

test("bad bodies on one keep-alive connection never get a 5xx, and always JSON", async ({ baseURL }) => {
  const base = new URL(baseURL ?? "http://127.0.0.1:4173");
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const failures: string[] = [];
  let sent = 0;
  try {
    for (const path of ["/api/auth/buyer-login", "/api/farmers/login", "/api/auth/exporter-login"]) {
      for (let round = 0; round < 16; round++) {
        for (const [type, body] of BAD_BODIES) {
          const answer = await post(agent, base, path, type, body);
          sent++;
          if (answer.status >= 500 || answer.status === 0 || !answer.type.includes("application/json")) {
            failures.push(`${path} ${type} → ${answer.status} ${answer.type} ${answer.body.slice(0, 80)}`);
          }
        }
      }
    }
  } finally {
    agent.destroy();
  }
  expect(sent).toBe(240);
  expect(failures).toEqual([]);
});
