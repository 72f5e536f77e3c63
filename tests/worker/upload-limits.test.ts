// Every upload route, API and page, refuses a body over its limit while it streams in: a chunked
// body (no Content-Length) is read no further than the limit (worker/http/body-limit.ts,
// docs/decisions/015-unread-request-bodies.md). The stream counts the bytes the Worker pulled.
import { beforeAll, describe, expect, it } from "vitest";
import { sessionAs } from "./factories";
import { call, count, ORIGIN } from "./helpers";
import { inspector, seedFarmersAndSignIn, storeThePlots } from "./plots-fixtures";

const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;
const BOUNDARY = "limit-test";

/** A body of `total` bytes that starts like a multipart file field, pulled chunk by chunk and counted. */
function countedBody(total: number, field = "file") {
  const head = new TextEncoder().encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  );
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= total) return controller.close();
        const chunk = new Uint8Array(Math.min(CHUNK, total - pulled)).fill(0x41);
        if (pulled === 0) chunk.set(head);
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

/** POSTs a chunked 40 MiB (or `total`) body to `path`; answers the response and the bytes pulled. */
async function chunked(path: string, auth: Record<string, string>, total = 40 * MiB, field = "file") {
  const body = countedBody(total, field);
  const res = await call(path, {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, Origin: ORIGIN, ...auth },
    body: body.stream,
    // @ts-expect-error: a streamed request body (Node's fetch types want `duplex`)
    duplex: "half",
  });
  return { res, pulled: body.pulled() };
}

let office: Awaited<ReturnType<typeof sessionAs>>;
let plotId = "";
beforeAll(async () => {
  office = await sessionAs("office_admin");
  await seedFarmersAndSignIn();
  plotId = await storeThePlots();
});

const bearerOf = () => ({ Authorization: `Bearer ${office.token}` });

describe("API upload routes: a chunked body over the limit is refused without reading past it", () => {
  const cases: [string, string, number, string][] = [
    ["/api/imports", "file", 30 * MiB, "The file is too large (limit 30 MiB): split it into several files"],
    [
      "/api/messages/threads",
      "attachment",
      5 * MiB,
      "The attached file is too large: an attachment may be at most 5 MB",
    ],
    [
      "/api/messages/threads/no-such-thread/messages",
      "attachment",
      5 * MiB,
      "The attached file is too large: an attachment may be at most 5 MB",
    ],
    [
      "/api/office/documents/no-such-document/files",
      "attachment",
      5 * MiB,
      "The attached file is too large: an attachment may be at most 5 MB",
    ],
    ["/api/market/prices/import", "file", 1 * MiB, "The file is too large (limit 1 MiB)"],
    ["/api/eudr/layers", "file", 1 * MiB, "Request body too large (limit 1 MiB)"],
    ["/api/health", "file", 1 * MiB, "Request body too large (limit 1 MiB)"],
  ];
  for (const [path, field, limit, message] of cases) {
    it(`${path}: 413 JSON "${message.slice(0, 40)}…", at most the limit read`, async () => {
      const { res, pulled } = await chunked(path, bearerOf(), 40 * MiB, field);
      expect(res.status).toBe(413);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ success: false, message });
      // The limit plus the framing allowance and what the runtime buffers: never the 40 MiB.
      expect(pulled).toBeLessThan(limit + MiB);
    });
  }

  it("a chunked body within the limit is still read whole (an import of a small CSV is accepted)", async () => {
    const csv = "farmer_ref,first_name,last_name,county\nLIM-1,Musu,Kollie,Nimba\n";
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(csv));
        controller.close();
      },
    });
    const res = await call("/api/imports?fileName=small.csv", {
      method: "POST",
      headers: { ...bearerOf(), "Content-Type": "text/csv" },
      body: stream,
      // @ts-expect-error: a streamed request body
      duplex: "half",
    });
    expect(res.status).toBe(202);
  });

  it("an anonymous caller's upload is refused by the guard, before the route's large limit reads it", async () => {
    const { res, pulled } = await chunked("/api/imports", {});
    expect(res.status).toBe(401);
    // What the Worker reads of a body nobody read: at most 1 MiB, then cancelled (ADR 015).
    expect(pulled).toBeLessThan(2 * MiB);
  });
});

describe("page upload actions: a chunked body over the limit is refused on the page without reading past it", () => {
  const cookie = () => ({ Cookie: office.cookie });
  const cases: [string, () => string, number, string][] = [
    ["/bulk-import", () => "The file is too large (limit 30 MiB)", 30 * MiB, "file"],
    ["/world-market-pricing/manage", () => "The file is too large (limit 1 MiB)", MiB, "file"],
    ["/eudr-assessment", () => "The file is larger than 10 MiB", 10 * MiB, "file"],
    ["/onboard-farmer", () => "2 MB", 8 * MiB, "photo"],
    ["/messages", () => "The attached file is too large", 5 * MiB, "attachment"],
    ["/messages/no-such-thread", () => "The attached file is too large", 5 * MiB, "attachment"],
  ];
  for (const [path, text, limit, field] of cases) {
    it(`${path}: 413 with the page's message, at most the limit read`, async () => {
      const { res, pulled } = await chunked(path, cookie(), 40 * MiB, field);
      expect(res.status).toBe(413);
      expect(await res.text()).toContain(text());
      expect(pulled).toBeLessThan(limit + MiB);
    });
  }

  it("/land-plot-details/:id/visit: 413 with the photo message, at most the limit read", async () => {
    const { res, pulled } = await chunked(
      `/land-plot-details/${plotId}/visit`,
      { Cookie: inspector.cookie },
      40 * MiB,
      "photos",
    );
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("Nothing was saved");
    expect(pulled).toBeLessThan(10 * MiB + MiB);
  });

  it("an office register document page: the attachment message on the page, nothing stored", async () => {
    const created = await call("/api/office/documents", {
      method: "POST",
      headers: { Authorization: `Bearer ${office.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        kind: "incoming_letter",
        title: "Upload limit letter",
        counterparty: "Ministry of Agriculture",
      }),
    });
    expect(created.status).toBe(201);
    const document = (await created.json()) as { id: string };
    const before = await count("SELECT COUNT(*) AS n FROM office_document_files");
    const { res, pulled } = await chunked(
      `/office-administration-portal/documents/${document.id}`,
      cookie(),
      40 * MiB,
      "attachment",
    );
    // Refusals are answered on the page itself (never free text through the address).
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("The attached file is too large: an attachment may be at most 5 MB");
    expect(pulled).toBeLessThan(6 * MiB);
    expect(await count("SELECT COUNT(*) AS n FROM office_document_files")).toBe(before);
  });
});
