/**
 * The page side's one deps builder: what a loader or action hands to a service
 * (worker/services/deps.ts), with the signed-in user as the actor.
 */
import { env } from "cloudflare:workers";
import type { Session } from "#worker/auth/session";
import { buildDeps, type ServiceDeps } from "#worker/services/deps";

export function pageDeps(): Omit<ServiceDeps, "actor">;
export function pageDeps(session: Pick<Session, "id" | "role">): ServiceDeps;
export function pageDeps(session?: Pick<Session, "id" | "role">): ServiceDeps | Omit<ServiceDeps, "actor"> {
  return session ? buildDeps(env, { id: session.id, role: session.role }) : buildDeps(env);
}
