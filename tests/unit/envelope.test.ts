import { describe, expect, it } from "vitest";
import {
  EnvelopeError,
  envelopeKeyId,
  openBytes,
  openText,
  parseEnvelopeKeys,
  sealBytes,
  sealText,
} from "#worker/services/crypto/envelope";

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const randomKey = () => b64(crypto.getRandomValues(new Uint8Array(32)));
const encoder = new TextEncoder();
const K1 = randomKey();
const K2 = randomKey();

describe("envelope encryption (AES-256-GCM, key id beside the ciphertext)", () => {
  it("round-trips bytes and text, with a fresh IV each time, under the current key", async () => {
    const keys = await parseEnvelopeKeys(`k1:${K1}, k2:${K2}`, "k2");
    const plain = encoder.encode("national ID 1234-5678");
    const a = await sealBytes(keys, plain, "backups/x/000001");
    const b = await sealBytes(keys, plain, "backups/x/000001");
    expect(envelopeKeyId(a)).toBe("k2");
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    expect(Buffer.from(a).includes(Buffer.from("1234-5678"))).toBe(false);
    expect(new TextDecoder().decode(await openBytes(keys, a, "backups/x/000001"))).toBe("national ID 1234-5678");
    const text = await sealText(keys, "an importer's key", "importer:42");
    expect(text).toMatch(/^e1\.k2\.[A-Za-z0-9_-]+$/);
    expect(envelopeKeyId(text)).toBe("k2");
    expect(await openText(keys, text, "importer:42")).toBe("an importer's key");
  });

  it("opens data sealed under an older key after rotation, picking the key by the stored id", async () => {
    const before = await parseEnvelopeKeys(`k1:${K1}`, "k1");
    const sealed = await sealBytes(before, encoder.encode("old"), "ctx");
    const after = await parseEnvelopeKeys(`k1:${K1},k2:${K2}`, "k2");
    expect(new TextDecoder().decode(await openBytes(after, sealed, "ctx"))).toBe("old");
    expect(envelopeKeyId(await sealBytes(after, encoder.encode("new"), "ctx"))).toBe("k2");
  });

  it("fails loudly with a wrong key, an unknown key id, a changed context or altered bytes", async () => {
    const keys = await parseEnvelopeKeys(`k1:${K1}`, "k1");
    const sealed = await sealBytes(keys, encoder.encode("secret"), "users/000001");
    const wrong = await parseEnvelopeKeys(`k1:${K2}`, "k1");
    await expect(openBytes(wrong, sealed, "users/000001")).rejects.toThrow(
      /could not be decrypted with key "k1".*wrong key, or the data or its context "users\/000001" was altered/,
    );
    const other = await parseEnvelopeKeys(`k9:${K1}`, "k9");
    await expect(openBytes(other, sealed, "users/000001")).rejects.toThrow(
      'sealed with key "k1", which is not among the keys given (k9)',
    );
    // The context (e.g. a backup part's name) is authenticated: a part moved elsewhere fails.
    await expect(openBytes(keys, sealed, "users/000002")).rejects.toThrow(EnvelopeError);
    const tampered = sealed.slice();
    tampered[tampered.length - 20]! ^= 1;
    await expect(openBytes(keys, tampered, "users/000001")).rejects.toThrow(/could not be decrypted/);
    // A stored id changed to another key the ring holds does not open it either (the id is authenticated).
    const both = await parseEnvelopeKeys(`k1:${K1},k2:${K1}`, "k1");
    const text = await sealText(both, "x", "c");
    await expect(openText(both, text.replace("e1.k1.", "e1.k2."), "c")).rejects.toThrow(/could not be decrypted/);
    await expect(openBytes(keys, encoder.encode("plain gzip? no"), "c")).rejects.toThrow(/not an encrypted envelope/);
    await expect(openText(keys, "hello", "c")).rejects.toThrow(/not an encrypted envelope/);
  });

  it("refuses missing or malformed key settings with a message naming the setting", async () => {
    await expect(parseEnvelopeKeys(undefined, "k1")).rejects.toThrow(/ENVELOPE_KEYS is not set/);
    await expect(parseEnvelopeKeys("  ", "k1")).rejects.toThrow(/ENVELOPE_KEYS is not set/);
    await expect(parseEnvelopeKeys(`k1:${b64(new Uint8Array(16))}`, "k1")).rejects.toThrow(/32 bytes/);
    await expect(parseEnvelopeKeys("k1", "k1")).rejects.toThrow(/"id:base64key"/);
    await expect(parseEnvelopeKeys(`bad id:${K1}`, "bad id")).rejects.toThrow(/key id/);
    await expect(parseEnvelopeKeys(`k1:${K1},k1:${K2}`, "k1")).rejects.toThrow(/twice/);
    await expect(parseEnvelopeKeys(`k1:${K1}`, "k2")).rejects.toThrow(/ENVELOPE_KEY_ID names "k2"/);
    // Decrypt-only (the restore tool): no current key; sealing then refuses.
    const readOnly = await parseEnvelopeKeys(`k1:${K1}`, undefined);
    await expect(sealBytes(readOnly, encoder.encode("x"), "c")).rejects.toThrow(/ENVELOPE_KEY_ID is not set/);
  });
});
