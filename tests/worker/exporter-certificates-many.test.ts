/**
 * /exporter/certificates of an exporter with many batches: D1 binds at most 100 values per
 * statement, so the lookup of an exporter with 100+ batch codes used to fail (HTTP 500, found by
 * `npm run bench`'s 100-batch shipment). The codes now go in chunks.
 */
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { database } from "#db/client";
import { certificatesOfCodes } from "#db/queries/exporter-desk";
import { batchCertificateStates } from "#db/queries/inspections";

it("finds the certificates of 250 batch codes and 150 shipment codes", async () => {
  const batchCodes = Array.from({ length: 250 }, (_, i) => `LR-COC-2026-${String(800_000 + i).padStart(6, "0")}`);
  const shipmentCodes = Array.from({ length: 150 }, (_, i) => `SHP-2026-${String(800_000 + i).padStart(6, "0")}`);
  await env.DB.prepare(
    "INSERT INTO certificates (id, certificate_number, type, subject_type, subject_id, data_hash, r2_key, issued_at, expires_at) VALUES (?, ?, 'quality', 'batch', ?, 'h', 'k', '2026-11-01T00:00:00Z', '2027-11-01T00:00:00Z'), (?, ?, 'origin', 'shipment', ?, 'h', 'k', '2026-11-02T00:00:00Z', '2027-11-02T00:00:00Z')",
  )
    .bind(
      crypto.randomUUID(),
      "LR-QCG-TEST-MANY-1",
      batchCodes[200],
      crypto.randomUUID(),
      "LR-ORG-TEST-MANY-2",
      shipmentCodes[120],
    )
    .run();
  const found = await certificatesOfCodes(database(env.DB), batchCodes, shipmentCodes);
  // Newest first, from beyond the first 100 codes of each list.
  expect(found.map((c) => c.certificateNumber)).toEqual(["LR-ORG-TEST-MANY-2", "LR-QCG-TEST-MANY-1"]);
});

it("reads the certificate states of 160 batches without dropping any (chunked IN lists)", async () => {
  const codes = Array.from({ length: 160 }, (_, i) => `LR-COC-2026-${String(810_000 + i).padStart(6, "0")}`);
  await env.DB.prepare(
    "INSERT INTO certificates (id, certificate_number, type, subject_type, subject_id, data_hash, r2_key, issued_at, expires_at) VALUES (?, 'LR-QCG-TEST-MANY-3', 'quality', 'batch', ?, 'h', 'k', '2026-11-03T00:00:00Z', '2027-11-03T00:00:00Z'), (?, 'LR-QCG-TEST-MANY-4', 'quality', 'batch', ?, 'h', 'k', '2026-11-04T00:00:00Z', '2027-11-04T00:00:00Z')",
  )
    .bind(crypto.randomUUID(), codes[5], crypto.randomUUID(), codes[150])
    .run();
  const states = await batchCertificateStates(database(env.DB), codes);
  // Both, newest first, though the second is beyond the first statement's 90 codes.
  expect(states.map((c) => c.certificateNumber)).toEqual(["LR-QCG-TEST-MANY-4", "LR-QCG-TEST-MANY-3"]);
});
