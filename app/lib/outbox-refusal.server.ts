/**
 * The server's distinct answer to a phone whose account was deactivated while its work waited in
 * the outbox (ADR 027): 401 with `code: account_deactivated` in the body and in
 * X-Outbox-Error, only for the holder of that account's outbox proof (X-Outbox-Proof). Anyone
 * else gets the plain signed-out answer.
 */
import { env } from "cloudflare:workers";
import { ACCOUNT_DEACTIVATED, outboxRefusal } from "#worker/services/auth/outbox-refusal";
import { pageDeps } from "./deps.server";
import { ERROR_HEADER, OUTBOX_TEXT, PROOF_HEADER } from "./outbox-light";

/** The answer for a deactivated account's phone, or null (then: the usual signed-out answer). */
export async function deactivatedAnswer(request: Request, headers: Record<string, string>) {
  const proof = request.headers.get(PROOF_HEADER);
  if (!proof) return null;
  const refusal = await outboxRefusal(proof, { db: pageDeps().db, secret: env.SESSION_SECRET });
  if (!refusal.ok || refusal.value !== ACCOUNT_DEACTIVATED) return null;
  const detail = { code: ACCOUNT_DEACTIVATED, message: OUTBOX_TEXT.deactivated };
  return Response.json(
    { success: false, ...detail },
    { status: 401, headers: { ...headers, [ERROR_HEADER]: encodeURIComponent(JSON.stringify(detail)) } },
  );
}
