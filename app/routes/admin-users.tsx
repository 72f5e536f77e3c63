import { Form, Link } from "react-router";
import { DataTable } from "#app/components/kit/data-table";
import { pageMeta } from "#app/components/kit/page-meta";
import { Pagination } from "#app/components/kit/pagination";
import { ROLE_LABEL, ROLES } from "#worker/auth/roles";
import { AdminNav } from "../components/admin/admin-nav";
import { adminReply, BUTTON, CreateAccountForm, INPUT } from "../components/admin/create-account-form";
import { WorkShell } from "../components/work-shell";
import type { Route } from "./+types/admin-users";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./admin-users.server";

export const meta = () => pageMeta("Users and roles");

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { user, list, filter } = loaderData;
  const pageCount = Math.max(1, Math.ceil(list.total / list.pageSize));
  const href = (page: number) => {
    const p = new URLSearchParams();
    if (filter.q) p.set("q", filter.q);
    if (filter.role) p.set("role", filter.role);
    if (filter.active) p.set("active", filter.active);
    p.set("page", String(page));
    return `/agritrace-admin-portal/users?${p}`;
  };
  return (
    <WorkShell title="Users and roles" user={user}>
      <AdminNav current="/agritrace-admin-portal/users" />
      <Form method="get" className="grid gap-2 rounded-lg bg-white p-3 shadow-sm sm:grid-cols-4" role="search">
        <label className="block text-sm font-semibold sm:col-span-2">
          Search
          <input name="q" defaultValue={filter.q} className={INPUT} placeholder="Login ID, name or company" />
        </label>
        <label className="block text-sm font-semibold">
          Role
          <select name="role" defaultValue={filter.role} className={INPUT}>
            <option value="">Every role</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-semibold">
          State
          <select name="active" defaultValue={filter.active} className={INPUT}>
            <option value="">Active and deactivated</option>
            <option value="yes">Active</option>
            <option value="no">Deactivated</option>
          </select>
        </label>
        <div>
          <button type="submit" className={BUTTON}>
            Search
          </button>
        </div>
      </Form>
      <p className="mt-3 text-sm" data-testid="user-count">
        {list.total} {list.total === 1 ? "account" : "accounts"}
      </p>
      <DataTable
        label="Accounts"
        testId="users"
        stack
        rows={list.items}
        rowKey={(u) => u.id}
        dense
        empty={<p className="mt-2">No account matches.</p>}
        columns={[
          {
            header: "Login ID",
            cell: (u) => (
              <Link
                to={`/agritrace-admin-portal/users/${u.id}`}
                className="font-mono font-semibold text-green-800 underline"
              >
                {u.loginId}
              </Link>
            ),
          },
          {
            header: "Name and role",
            cell: (u) => (
              <>
                {`${u.firstName} ${u.lastName}`.trim() || "—"}
                <span className="block text-xs text-slate-600">
                  {ROLE_LABEL[u.role as keyof typeof ROLE_LABEL] ?? u.role}
                </span>
              </>
            ),
          },
          {
            header: "State",
            cell: (u) =>
              u.active ? (u.mustChangePassword ? "Active (must change password)" : "Active") : "Deactivated",
            cellClassName: (u) => (u.active ? "" : "font-semibold text-red-700"),
          },
        ]}
      />
      <Pagination page={list.page} pageCount={pageCount} href={href} numbered />
      <CreateAccountForm csrf={user.csrf} roles={ROLES} reply={adminReply(actionData)} />
    </WorkShell>
  );
}
