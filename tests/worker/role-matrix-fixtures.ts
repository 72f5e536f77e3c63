/**
 * The role matrices' callers (role-matrix.test.ts for the API, role-matrix-pages.test.ts for the
 * screens): every role signs in once before the file's tests, then calls as itself.
 */
import { beforeAll } from "vitest";
import { ROLES } from "#worker/auth/roles";
import { sessionAs } from "./factories";
import { bearer, call } from "./helpers";

/**
 * A session for every role before the file's tests (tests/worker/factories.ts); `api` calls /api
 * with the role's bearer token, `page` opens a page with its session cookie (whose value is the
 * same token).
 */
export function everyRoleSignedIn() {
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const role of ROLES) tokens.set(role, (await sessionAs(role)).token);
  }, 120_000);
  return {
    api: (role: string, path: string, method = "GET", body?: unknown) => bearer(tokens.get(role), path, method, body),
    page: (role: string, path: string) => call(path, { headers: { Cookie: `__Host-eip_session=${tokens.get(role)}` } }),
    /** The role's session cookie, for forms sent with postForm. */
    cookie: (role: string) => `__Host-eip_session=${tokens.get(role)}`,
  };
}

/** Regulator staff: the executives and the administrators. */
export const STAFF = ["dg", "ddgots", "ddgaf", "office_admin", "system_administrator"];
