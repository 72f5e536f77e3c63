/**
 * The offline journeys' tools (offline-outbox.spec.ts): a TCP proxy between the browser and the
 * server that cuts every open connection on demand (ADR 027), a seeded
 * RNG for when, and the outbox as the phone's IndexedDB holds it.
 */
import { connect, createServer, type Server, type Socket } from "node:net";
import { type Browser, type BrowserContext, type Page, test } from "@playwright/test";

const TARGET = Number(process.env.E2E_PORT ?? 4173);

/** The seeded generator of the benchmarks: the same cuts on every run. */
export { rng } from "../../scripts/seeded-random.ts";

export type CutProxy = {
  port: number;
  cut: () => number;
  nextRequest: (ms: number) => Promise<boolean>;
  /** Answers requests whose first line starts with `prefix` itself (a new app version, say). */
  answer: (prefix: string, response: Buffer | null) => void;
  close: () => void;
};

export function startProxy(): Promise<CutProxy> {
  const sockets = new Set<Socket>();
  let waiting: (() => void) | null = null;
  const answers = new Map<string, Buffer>();
  const server: Server = createServer((client) => {
    const upstream = connect(TARGET, "127.0.0.1");
    sockets.add(client);
    sockets.add(upstream);
    client.on("data", (chunk: Buffer) => {
      waiting?.();
      waiting = null;
      const head = chunk.subarray(0, 200).toString("latin1");
      for (const [prefix, response] of answers) {
        if (head.startsWith(prefix)) {
          client.end(response);
          upstream.destroy();
          return;
        }
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const s of [client, upstream]) {
      s.on("error", close);
      s.on("close", close);
    }
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      resolve({
        port,
        cut: () => {
          const n = sockets.size;
          for (const s of sockets) s.destroy();
          sockets.clear();
          return n;
        },
        nextRequest: (ms) =>
          new Promise((done) => {
            const timer = setTimeout(() => done(false), ms);
            waiting = () => {
              clearTimeout(timer);
              done(true);
            };
          }),
        answer: (prefix, response) => {
          if (response) answers.set(prefix, response);
          else answers.delete(prefix);
        },
        close: () => {
          for (const s of sockets) s.destroy();
          server.close();
        },
      });
    }),
  );
}

export type Row = { submissionId: string; status: string; receipt?: string; reason?: string; kind: string };

/** The outbox as IndexedDB holds it (read raw: what the phone really keeps). */
export function outbox(page: Page): Promise<Row[]> {
  return page.evaluate(
    () =>
      new Promise<Row[]>((resolve, reject) => {
        const req = indexedDB.open("eip-outbox");
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const db = req.result;
          const all = db.transaction("records").objectStore("records").getAll();
          all.onsuccess = () => {
            resolve(
              (all.result as Row[]).map(({ submissionId, status, receipt, reason, kind }) => ({
                submissionId,
                status,
                receipt,
                reason,
                kind,
              })),
            );
            db.close();
          };
        };
      }),
  );
}

/** How many records still wait to be sent. */
export const pending = (rows: Row[]) => rows.filter((r) => r.status !== "sent").length;

/**
 * A fresh cutting proxy for each test of the describe this is called in: `cut.proxy`, `cut.base`
 * for the browser, and `cut.phone(browser)`, a 360 px phone's context that goes through it.
 */
export function useCutProxy() {
  const cut = {
    phone: (browser: Browser) => browser.newContext({ baseURL: cut.base, viewport: { width: 360, height: 740 } }),
  } as { proxy: CutProxy; base: string; phone: (browser: Browser) => Promise<BrowserContext> };
  test.beforeEach(async () => {
    cut.proxy = await startProxy();
    cut.base = `http://127.0.0.1:${cut.proxy.port}`;
  });
  test.afterEach(() => cut.proxy.close());
  return cut;
}
