/**
 * The outbox proof (ADR 027): a small signed note the server gives a live session of a
 * field person, kept by the phone's outbox. When the session has ended (expired, signed out, or
 * the account deactivated — its sessions are revoked with it), the phone shows it to learn *why*
 * its queued work cannot be sent. It names only its own holder's account, so nobody learns
 * anything about another account; it grants no access at all (no session, no page, no write).
 * It lasts the offline sign-in window (7 days) plus a session (12 hours).
 */
import { jwtVerify, SignJWT } from "jose";

const AUDIENCE = "outbox-proof";
const ISSUER = "lr-eip";
export const OUTBOX_PROOF_MS = (7 * 24 + 12) * 60 * 60 * 1000;
const encoder = new TextEncoder();

export async function signOutboxProof(secret: string, user: { id: string; loginId: string }, now = Date.now()) {
  return new SignJWT({ lid: user.loginId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor((now + OUTBOX_PROOF_MS) / 1000))
    .sign(encoder.encode(secret));
}

/** The account a proof names, or null if it is forged, expired or not a proof (a session token is not one). */
export async function readOutboxProof(secret: string, proof: string | null | undefined, now = Date.now()) {
  if (!proof || proof.length > 2_000) return null;
  try {
    const { payload } = await jwtVerify(proof, encoder.encode(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
      currentDate: new Date(now),
    });
    if (typeof payload.sub !== "string" || typeof payload.lid !== "string") return null;
    return { userId: payload.sub, loginId: payload.lid };
  } catch {
    return null;
  }
}
