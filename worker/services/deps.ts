/**
 * What every service may need, built once per request by the side that calls it: pages use
 * `pageDeps` (app/lib/deps.server.ts), `/api` uses `serviceDeps(c)` (worker/api), the cron
 * handler and push delivery call `buildDeps` below with no actor (worker/jobs). A service takes
 * only what it uses: `Pick<ServiceDeps, "db" | "actor">`.
 */
import { type Database, database } from "#db/client";
import type { Role } from "#worker/auth/roles";

/** Who asks: the signed-in user, by id and role. */
export type Actor = { id: string; role: Role };
/**
 * Who the audit trail records: a user, or the platform itself (`role: "system"`, e.g. the
 * nightly job). Services that only record who acted take this wider type.
 */
export type AuditActor = { id: string; role: Role | (string & {}) };

export type ServiceDeps = {
  db: Database;
  /** The R2 bucket (certificates, reports, photos, import files, reference layers). */
  r2: R2Bucket;
  actor: Actor;
  now: () => Date;
};

/** The one builder both sides call with their bindings; `actor` is left out where nobody is signed in. */
export function buildDeps(bindings: { DB: D1Database; CERTS: R2Bucket }): Omit<ServiceDeps, "actor">;
export function buildDeps(bindings: { DB: D1Database; CERTS: R2Bucket }, actor: Actor): ServiceDeps;
export function buildDeps(
  bindings: { DB: D1Database; CERTS: R2Bucket },
  actor?: Actor,
): ServiceDeps | Omit<ServiceDeps, "actor"> {
  const base = { db: database(bindings.DB), r2: bindings.CERTS, now: () => new Date() };
  return actor ? { ...base, actor } : base;
}
