/**
 * Faults on the field write paths (docs/fault-injection.md): farmer registration (the API, and
 * the page's service call with a photo), plot capture, a plot visit with photos sent from the
 * outbox, and a farmer correction. Each row of `PATHS` is faulted at every D1, KV and R2 call.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { database } from "#db/client";
import { isStoreFailure } from "#db/errors";
import { STORE_BUSY_MESSAGE } from "#worker/api/errors";
import { registerFarmer } from "#worker/services/registry/register-farmer";
import { sessionAs } from "../factories";
import { count, farmerInsert } from "../helpers";
import { type Attempt, faultRows, type Outcome, outcomeTable, runFaults, sendJson, type WritePath } from "./harness";
import { type Faults, faultyD1, faultyR2 } from "./inject";

let inspector: Awaited<ReturnType<typeof sessionAs>>;
let n = 0;
const next = () => ++n;
/** `k` in letters (names take no digits): 1 → "b", 27 → "bb". */
const letters = (k: number) => k.toString(26).replace(/./g, (d) => String.fromCharCode(97 + Number.parseInt(d, 26)));

/** The objects under `prefix` in R2. */
async function objects(prefix: string) {
  return (await env.CERTS.list({ prefix })).objects.map((o) => o.key);
}

/** A 1×1 JPEG the photo cleaner accepts. */
const JPEG = Uint8Array.from(
  atob(
    "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==",
  ),
  (c) => c.charCodeAt(0),
);

/** A registration through POST /api/farmers (the inspector; a new national ID each time). */
const registration: WritePath = {
  name: "registration (POST /api/farmers)",
  async prepare(): Promise<Attempt> {
    const k = next();
    const body = {
      firstName: "Gbessay",
      lastName: `Zinnah-${letters(k)}`,
      gender: "female",
      dateOfBirth: "1979-11-02",
      community: "Compound 1",
      county: "Grand Bassa County",
      crops: ["Cassava"],
      nationalId: `LR88${String(k).padStart(5, "0")}`,
      submissionId: crypto.randomUUID(),
    };
    return {
      send: (faults) => sendJson(faults, inspector.token, "/api/farmers", body),
      counts: async () => ({
        farmers: await count("SELECT COUNT(*) AS n FROM farmers WHERE import_key = ?", body.submissionId),
        accounts: await count(
          "SELECT COUNT(*) AS n FROM users u JOIN farmers f ON f.user_id = u.id WHERE f.import_key = ?",
          body.submissionId,
        ),
        // A resend may give the registering inspector a fresh temporary password (its own audit row).
        audit: await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'farmer.register'"),
      }),
    };
  },
};

/** What a service call answers, as the API would: a store failure is the 503 busy reply. */
async function asReply(run: () => Promise<{ ok: boolean; status?: number }>): Promise<Response> {
  try {
    const result = await run();
    return Response.json(result, { status: result.ok ? 200 : (result.status ?? 500) });
  } catch (error) {
    if (!isStoreFailure(error)) throw error;
    return Response.json(
      { success: false, message: STORE_BUSY_MESSAGE },
      { status: 503, headers: { "Retry-After": "5" } },
    );
  }
}

/** The registration page's service call with a photo (the API takes no photo): row and object agree. */
const registrationWithPhoto: WritePath = {
  name: "registration with photo (onboard-farmer page)",
  degraded: { change: { farmers: 1, photos: 0 }, message: /the photo could not be stored/ },
  async prepare(): Promise<Attempt> {
    const k = next();
    const submissionId = crypto.randomUUID();
    const input = {
      firstName: "Musu",
      lastName: `Kollie-${letters(k)}`,
      gender: "male",
      dateOfBirth: "1985-03-04",
      community: "Salala",
      county: "Bong County",
      crops: ["Cocoa"],
      nationalId: `LR99${String(k).padStart(5, "0")}`,
      submissionId,
      photo: { body: JPEG.buffer as ArrayBuffer, contentType: "image/jpeg" },
    };
    const farmer = () =>
      env.DB.prepare("SELECT farmer_id AS farmerId, photo_key AS photoKey FROM farmers WHERE import_key = ?")
        .bind(submissionId)
        .first<{ farmerId: string; photoKey: string | null }>();
    return {
      send: (faults: Faults) =>
        asReply(() =>
          registerFarmer(input as Parameters<typeof registerFarmer>[0], {
            db: database(faultyD1(env.DB, faults)),
            photos: faultyR2(env.CERTS, faults),
            actor: { id: inspector.account.id, role: "land_inspector" },
            hash: async (p: string) => `test-hash:${p}`,
          }),
        ),
      counts: async () => {
        const f = await farmer();
        return {
          farmers: f ? 1 : 0,
          photos: f ? (await objects(`farmers/${f.farmerId}/`)).length : 0,
        };
      },
      async consistent() {
        const f = await farmer();
        if (!f) return;
        const stored = await objects(`farmers/${f.farmerId}/`);
        expect(stored.length ? [f.photoKey] : [], `farmer ${f.farmerId}: photo row and object`).toEqual(stored);
      },
    };
  },
};

/** A plot through POST /api/plots: a ≈1 ha square of its own on a grid in Nimba County. */
const plotCapture: WritePath = {
  name: "plot capture (POST /api/plots)",
  async prepare(): Promise<Attempt> {
    const k = next();
    // Six decimals on every corner, none of them a trailing zero (EUDR Art. 2(28) counts them as written).
    const lon = -8.712341 + (k % 10) * 0.004;
    const lat = 7.112341 + Math.floor(k / 10) * 0.004;
    const d = 0.000903;
    const ring = [
      [lon, lat],
      [lon + d, lat],
      [lon + d, lat + d],
      [lon, lat + d],
      [lon, lat],
    ].map(([x, y]) => [+x!.toFixed(6), +y!.toFixed(6)]);
    const body = {
      farmerId: "FRM300001",
      geometry: { type: "Polygon", coordinates: [ring] },
      crop: "Cocoa",
      plantingYear: 2015,
      submissionId: crypto.randomUUID(),
    };
    return {
      send: (faults) => sendJson(faults, inspector.token, "/api/plots", body),
      counts: async () => ({
        plots: await count("SELECT COUNT(*) AS n FROM land_plots WHERE import_key = ?", body.submissionId),
        audit: await count("SELECT COUNT(*) AS n FROM audit_log"),
      }),
    };
  },
};

/** A visit with two photos, as the outbox sends it (POST /api/plots/{id}/visits, same submissionId on resend). */
const visitFromOutbox: WritePath = {
  name: "outbox send: plot visit with photos",
  async prepare(): Promise<Attempt> {
    const plotId = "fault-plot";
    const submissionId = crypto.randomUUID();
    const photo = { data: btoa(String.fromCharCode(...JPEG)) };
    const body = {
      visitedOn: "2026-01-10",
      findings: "Boundary pegs at every corner.",
      decision: "confirmed",
      submissionId,
      photos: [photo, photo],
    };
    const visit = () =>
      env.DB.prepare("SELECT id, photo_keys AS photoKeys FROM plot_visits WHERE submission_id = ?")
        .bind(submissionId)
        .first<{ id: string; photoKeys: string }>();
    return {
      send: (faults) => sendJson(faults, inspector.token, `/api/plots/${plotId}/visits`, body),
      counts: async () => ({
        visits: await count("SELECT COUNT(*) AS n FROM plot_visits"),
        audit: await count("SELECT COUNT(*) AS n FROM audit_log"),
        notices: await count("SELECT COUNT(*) AS n FROM notifications"),
        photos: (await objects(`plot-visits/${plotId}/`)).length,
      }),
      async consistent() {
        // Every photo object belongs to a stored visit, and every stored visit's photos exist.
        const rows = await env.DB.prepare("SELECT photo_keys AS photoKeys FROM plot_visits WHERE plot_id = ?")
          .bind(plotId)
          .all<{ photoKeys: string }>();
        const keys = rows.results.flatMap((r) => JSON.parse(r.photoKeys) as string[]).sort();
        expect(await objects(`plot-visits/${plotId}/`), `visit ${(await visit())?.id}`).toEqual(keys);
      },
    };
  },
};

/** A correction of a farmer's phone through POST /api/records/farmers/{id}/corrections. */
const farmerCorrection: WritePath = {
  name: "correction: farmer record",
  async prepare(): Promise<Attempt> {
    const k = next();
    const submissionId = crypto.randomUUID();
    const body = { phone: `0886 ${String(100000 + k)}`, reason: "Phone number typed wrongly", submissionId };
    return {
      send: (faults) => sendJson(faults, inspector.token, "/api/records/farmers/FRM300001/corrections", body),
      counts: async () => ({
        versions: await count("SELECT COUNT(*) AS n FROM record_versions WHERE submission_id = ?", submissionId),
        audit: await count("SELECT COUNT(*) AS n FROM audit_log"),
      }),
    };
  },
};

const PATHS = [registration, registrationWithPhoto, plotCapture, visitFromOutbox, farmerCorrection];
const outcomes: Outcome[] = [];

beforeAll(async () => {
  inspector = await sessionAs("land_inspector");
  await farmerInsert({
    farmerId: "FRM300001",
    firstName: "Comfort",
    lastName: "Gbah",
    county: "Nimba County",
    registrationDate: "2025-01-15",
    more: { registered_by: inspector.account.id },
  }).run();
  await env.DB.prepare(
    `INSERT INTO land_plots (id, plot_code, farmer_id, geometry, geometry_type, area_hectares, min_lon, min_lat, max_lon, max_lat,
       crop, county, declared_county, validation_state, validation_issues)
     VALUES ('fault-plot', 'PLT-300001-09', 'FRM300001', '{"type":"Point","coordinates":[-8.6,7.2]}', 'Point', 1,
       -8.6, 7.2, -8.6, 7.2, 'Cocoa', 'Nimba County', 'Nimba County', 'valid', '{}')`,
  ).run();
});

// Every injected fault is logged by the code under test as it would be in production: expected here.
beforeAll(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterAll(() => {
  console.log(`Fault outcomes (field paths):\n${outcomeTable(outcomes)}`);
});

describe("a D1, KV or R2 fault on a field write path leaves no partial write, and the resend is recorded once", () => {
  // A row per write path × store × fault kind; each fails every call of the path to that store in turn.
  it.each(faultRows(PATHS))(
    "%s",
    async (_name, path, store, kind) => {
      outcomes.push(...(await runFaults(path, store, kind)));
    },
    120_000,
  );
});
