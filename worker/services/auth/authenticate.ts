import type { Database } from "#db/client";
import { findFarmerByPhone, findUserByLoginId, logAuthEvent, markLogin, type UserRow } from "#db/queries/users";
import { AUTH_MESSAGES } from "#worker/auth/messages";
import { isRole, type Role, USER_TYPE } from "#worker/auth/roles";
import { createSession, revokeSession, type Session, type SessionDeps } from "#worker/auth/session";
import { fail, ok, type Result } from "../result";
import {
  recordFailedLogin,
  recordSuccessfulLogin,
  throttleAccount,
  throttleKeys,
  throttleWait,
} from "./login-throttle";
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from "./password";

/** The sign-in doors of docs/product.md §2/§7 and the roles each admits. */
export const PORTALS = {
  farmer: ["farmer"],
  buyer: ["buyer"],
  "land-inspector": ["land_inspector"],
  "port-inspector": ["port_inspector"],
  "warehouse-inspector": ["warehouse_inspector"],
  exporter: ["exporter"],
  dg: ["dg"],
  ddgots: ["ddgots"],
  ddgaf: ["ddgaf"],
  office: ["office_admin"],
  "agritrace-admin": ["system_administrator"],
  monitoring: ["monitoring_observer"],
  "field-agent": ["field_agent"],
} as const satisfies Record<string, readonly Role[]>;
export type Portal = keyof typeof PORTALS;

export type LoginInput = {
  portal: Portal;
  loginId: string;
  password: string;
  /** agritrace-admin: the system access code. */
  accessCode?: string;
  /** monitoring: donor | ngo | auditor — must match the account. */
  entityType?: string;
  /** office: the selected role — must match the account. */
  role?: string;
  /** Registration-style fields: recorded when the account has none yet. */
  profile?: { county?: string; phone?: string; companyName?: string };
  ip: string;
  userAgent: string;
};

/** A sign-in that opened a session: the account (as updated by it) and the session. */
export type SignedIn = { user: UserRow; session: Session };

/** `demoMode`: demo accounts may sign in only while demo mode is on. */
export type AuthDeps = SessionDeps & { db: Database; demoMode: boolean };

export function displayName(user: Pick<UserRow, "firstName" | "lastName" | "loginId">) {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.loginId;
}

/**
 * Checks a sign-in attempt at one portal. Throttled before any password work; a wrong ID costs
 * the same as a wrong password; a right password at the wrong door opens nothing.
 */
export async function authenticate(input: LoginInput, deps: AuthDeps): Promise<Result<SignedIn>> {
  const now = deps.now?.() ?? Date.now();
  const { db } = deps;
  const event = {
    portal: input.portal,
    loginId: input.loginId.slice(0, 120),
    ip: input.ip,
    userAgent: input.userAgent.slice(0, 300),
  };

  // The account is resolved first (one indexed read, no password work), so that every spelling
  // of it (ID, phone number in any format) counts against the same throttle (ADR 006).
  let user = await findUserByLoginId(db, input.loginId);
  if (!user && input.portal === "farmer") user = await findFarmerByPhone(db, input.loginId);
  const keys = throttleKeys(throttleAccount(input.loginId, user?.id), input.ip);

  const wait = await throttleWait(db, keys, now);
  if (wait > 0) {
    await logAuthEvent(db, { ...event, userId: user?.id, event: "login_throttled", detail: `${wait}s` });
    return { ...fail(429, AUTH_MESSAGES.tooManyAttempts(Math.ceil(wait / 60))), retryAfter: wait };
  }

  if (user?.isDemo && !deps.demoMode) user = null;
  const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  const codeOk =
    input.portal !== "agritrace-admin" ||
    (Boolean(user?.accessCodeHash) && (await verifyPassword(input.accessCode ?? "", user!.accessCodeHash!)));

  if (!user || !passwordOk || !codeOk) {
    await recordFailedLogin(db, keys, now);
    await logAuthEvent(db, {
      ...event,
      userId: user?.id,
      event: "login_failed",
      detail: !user ? "unknown id" : !passwordOk ? "password" : "access code",
    });
    return fail(401, AUTH_MESSAGES.invalidCredentials);
  }

  const role = user.role;
  const allowed: readonly Role[] = PORTALS[input.portal];
  const roleOk =
    isRole(role) &&
    allowed.includes(role) &&
    (input.portal !== "monitoring" || !input.entityType || input.entityType === user.entityType) &&
    (input.portal !== "office" || !input.role || input.role === role);
  if (!roleOk) {
    await logAuthEvent(db, { ...event, userId: user.id, event: "login_wrong_portal", detail: role });
    const message = input.portal === "exporter" ? AUTH_MESSAGES.exporterDenied : AUTH_MESSAGES.insufficientPermissions;
    return fail(403, message);
  }
  if (!user.active) {
    await logAuthEvent(db, { ...event, userId: user.id, event: "login_inactive" });
    return fail(403, AUTH_MESSAGES.accountDisabled);
  }

  const patch: Parameters<typeof markLogin>[2] = {};
  if (needsRehash(user.passwordHash)) patch.passwordHash = await hashPassword(input.password);
  if (input.profile?.county && !user.county) patch.county = input.profile.county;
  if (input.profile?.phone && !user.phone) patch.phone = input.profile.phone;
  if (input.profile?.companyName && !user.companyName) patch.companyName = input.profile.companyName;

  const [made, ...bookkeeping] = await Promise.allSettled([
    createSession(deps, {
      id: user.id,
      role: role as Role,
      userType: USER_TYPE[role as Role],
      loginId: user.loginId,
      name: displayName(user),
      mustChangePassword: user.mustChangePassword,
    }),
    markLogin(db, user.id, patch),
    recordSuccessfulLogin(db, keys, now),
    logAuthEvent(db, { ...event, userId: user.id, event: "login_success" }),
  ]);
  // A sign-in that answers an error leaves no session behind: nobody would hold its token, and it
  // would sit in the account's session list until it expired (docs/fault-injection.md).
  const failed = [made, ...bookkeeping].find((r) => r.status === "rejected");
  if (failed) {
    if (made.status === "fulfilled") await revokeSession(deps, made.value).catch(() => undefined);
    throw failed.reason;
  }
  const session = (made as PromiseFulfilledResult<Session>).value;
  return ok({ user: { ...user, ...patch }, session });
}
