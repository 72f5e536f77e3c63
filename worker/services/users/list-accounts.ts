/**
 * Account lists: every account for the system administrator (/agritrace-admin-portal,
 * GET /api/users), and the buyers, inspectors or exporters of a management page with their licence
 * (buyers, exporters) or county assignment (inspectors). Regulator staff read them; what each may
 * change is decided by the service that changes it.
 */
import { type AccountRow, licencesOfApplicants, listAccounts } from "#db/queries/admin";
import type { LicenceRow } from "#db/queries/licensing";
import { findUserById, type UserRow } from "#db/queries/users";
import { can } from "#worker/auth/permissions";
import { INSPECTORS, type Role } from "#worker/auth/roles";
import type { UserListQuery } from "#worker/contracts/users";
import type { ServiceDeps } from "../deps";
import { fail, ok, type Result } from "../result";

export type AccountList = { items: AccountRow[]; page: number; pageSize: number; total: number };

export async function listUsers(
  query: UserListQuery,
  deps: Pick<ServiceDeps, "db" | "actor">,
): Promise<Result<AccountList>> {
  if (!can(deps.actor.role, "administerSystem"))
    return fail(403, "Only the AgriTrace System Administrator can list every account");
  const { items, total } = await listAccounts(deps.db, {
    q: query.q,
    roles: query.role ? [query.role] : undefined,
    active: query.active,
    page: query.page,
    pageSize: query.pageSize,
  });
  return ok({ items, page: query.page, pageSize: query.pageSize, total });
}

export const TRADE_KINDS = ["buyer", "inspector", "exporter"] as const;
export type TradeKind = (typeof TRADE_KINDS)[number];
export const TRADE_ROLES: Record<TradeKind, readonly Role[]> = {
  buyer: ["buyer"],
  inspector: INSPECTORS,
  exporter: ["exporter"],
};

export type TradeAccount = AccountRow & { licence: LicenceRow | null };

/** One page of a management list; buyers and exporters with their latest licence. */
export async function listTradeAccounts(
  kind: TradeKind,
  query: Pick<UserListQuery, "q" | "page" | "pageSize">,
  deps: Pick<ServiceDeps, "db" | "actor">,
): Promise<Result<{ items: TradeAccount[]; page: number; pageSize: number; total: number }>> {
  if (!can(deps.actor.role, "readTradeAccounts")) return fail(403, "Only regulator staff can see these accounts");
  const { items, total } = await listAccounts(deps.db, {
    q: query.q,
    roles: TRADE_ROLES[kind],
    page: query.page,
    pageSize: query.pageSize,
  });
  const licences =
    kind === "inspector"
      ? []
      : await licencesOfApplicants(
          deps.db,
          items.map((i) => i.id),
        );
  const latest = new Map<string, LicenceRow>();
  for (const l of licences) if (l.type === kind && !latest.has(l.applicantId)) latest.set(l.applicantId, l);
  return ok({
    items: items.map((i) => ({ ...i, licence: latest.get(i.id) ?? null })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  });
}

/** One account as the administrator's page shows it (never its hashes). */
export async function readAccount(
  userId: string,
  deps: Pick<ServiceDeps, "db" | "actor">,
): Promise<Result<Omit<UserRow, "passwordHash" | "accessCodeHash">>> {
  if (!can(deps.actor.role, "administerSystem"))
    return fail(403, "Only the AgriTrace System Administrator can open an account");
  const row = await findUserById(deps.db, userId);
  if (!row) return fail(404, "User not found");
  const { passwordHash: _p, accessCodeHash: _a, ...account } = row;
  return ok(account);
}
