/**
 * A local push service for the push tests (no real push service is reachable here): it keeps
 * every request the Worker sends, answers what the test says, and a browser-side key pair that
 * decrypts the payload as a browser does (RFC 8291, aes128gcm; RFC 8188 framing), with WebCrypto.
 */
const enc = new TextEncoder();
type Bytes = Uint8Array<ArrayBuffer>;

export const b64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
export const fromB64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/** A VAPID key pair as the Worker holds it: private key (the JWK's `d`) and public key (base64url, raw). */
export async function vapidKeys() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  const raw = (await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer;
  return { privateKey: jwk.d!, publicKey: b64url(raw), verifyKey: pair.publicKey };
}

/** A browser's subscription keys: ECDH P-256 pair + 16-byte auth secret. */
export async function browserKeys() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const publicRaw = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return { privateKey: pair.privateKey, publicRaw, auth, p256dh: b64url(publicRaw), authB64: b64url(auth) };
}

async function hkdf(salt: Bytes, ikm: Bytes | ArrayBuffer, info: Bytes, bytes: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

const concat = (...parts: Uint8Array[]): Bytes => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** Decrypts an aes128gcm Web Push body with the browser's keys (RFC 8291 §3.4, RFC 8188 §2). */
export async function decryptPush(body: Bytes, keys: Awaited<ReturnType<typeof browserKeys>>) {
  const salt = body.slice(0, 16);
  const rs = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idlen = body[20]!;
  const asPublic = body.slice(21, 21 + idlen);
  const ciphertext = body.slice(21 + idlen);
  const asKey = await crypto.subtle.importKey("raw", asPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const ecdhSecret = await crypto.subtle.deriveBits({ name: "ECDH", public: asKey }, keys.privateKey, 256);
  const keyInfo = concat(enc.encode("WebPush: info\0"), keys.publicRaw, asPublic);
  const ikm = await hkdf(keys.auth, ecdhSecret, keyInfo, 32);
  const cek = await hkdf(salt, ikm, enc.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, enc.encode("Content-Encoding: nonce\0"), 12);
  const aes = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, aes, ciphertext));
  // One record, the last: content, then the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("not a final record (no 0x02 delimiter)");
  return { text: new TextDecoder().decode(padded.slice(0, end)), rs, asPublic, idlen };
}

export type Received = { url: string; headers: Headers; body: Bytes };

/** A reply of the local push service: a status, or a redirect to `location`. */
export type Answer = number | { status: number; location: string };

/**
 * The local push service: records every request; `answer` chooses each reply's status (throwing
 * is a network error). A redirect is handled as `fetch` handles it: followed (the request goes to
 * `location` and is recorded there too) unless the sender asked for `redirect: "manual"`.
 */
export function localPushService(answer: (req: Received, n: number) => Answer = () => 201) {
  const received: Received[] = [];
  const send = async (url: string, init: RequestInit): Promise<Response> => {
    const request = new Request(url, init);
    const got = { url, headers: request.headers, body: new Uint8Array(await request.arrayBuffer()) };
    received.push(got);
    const reply = answer(got, received.length);
    const { status, location } = typeof reply === "number" ? { status: reply, location: null } : reply;
    if (location && (init.redirect ?? "follow") === "follow") return send(new URL(location, url).href, init);
    if (location && init.redirect === "error") throw new TypeError("redirect refused");
    return new Response(null, { status, headers: location ? { Location: location } : {} });
  };
  return { received, send };
}
