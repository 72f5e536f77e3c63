/**
 * The role matrices' callers (role-matrix.test.ts for the API, role-matrix-pages.test.ts for the
 * screens): every role signs in once before the file's tests, then calls as itself.
 */
import { beforeAll } from "vitest";
import { ROLES } from "#worker/auth/roles";
import { signInAs } from "./auth-helpers";
import { bearer, call } from "./helpers";

/**
 * Signs every role in before the file's tests, each from its own address `10.<net>.<n>.1` (so no
 * sign-in limit trips); `api` calls /api with the role's bearer token, `page` opens a page with its
 * session cookie (whose value is the same token).
 */
export function everyRoleSignedIn(net: number) {
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const role of ROLES) tokens.set(role, (await signInAs(role, `10.${net}.${ROLES.indexOf(role)}.1`)).token);
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
