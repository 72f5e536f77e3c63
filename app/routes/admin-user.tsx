import { Form } from "react-router";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { DataTable } from "#app/components/kit/data-table";
import { ErrorSummary, replyItems } from "#app/components/kit/error-summary";
import { FormField } from "#app/components/kit/form-field";
import { Options } from "#app/components/kit/options";
import { pageMeta } from "#app/components/kit/page-meta";
import { utcTime } from "#app/lib/dates";
import { INSPECTORS, ROLE_LABEL, ROLES, type Role } from "#worker/auth/roles";
import { COUNTIES } from "#worker/content/counties";
import { AdminNav } from "../components/admin/admin-nav";
import { adminReply, BUTTON, type FormReply, INPUT } from "../components/admin/create-account-form";
import { DoneNotice, TemporaryPassword } from "../components/admin/password-notice";
import { WorkShell } from "../components/work-shell";
import type { Route } from "./+types/admin-user";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./admin-user.server";

export const meta = () => pageMeta("Account");

const BOX = "mt-4 space-y-3 rounded-lg bg-white p-4 shadow-sm";
const COUNTY_ROLES: readonly string[] = [...INSPECTORS, "field_agent"];

/** The error summary of the form `intent`, when the last reply was its refusal. */
function ReplySummary({ intent, fields = [], reply }: { intent: string; fields?: string[]; reply?: FormReply }) {
  return reply?.intent === intent && !reply.done ? <ErrorSummary items={replyItems(reply, fields, intent)} /> : null;
}

/** One action on the account: a titled plain POST form (`<id>-title`) for `intent`, its error summary, then `children`. */
function ActionBox({
  id,
  title,
  intent,
  fields,
  csrf,
  reply,
  children,
}: {
  id: string;
  title: string;
  intent: string;
  fields?: string[];
  csrf: string;
  reply?: FormReply;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" className={BOX} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      <CsrfInput token={csrf} />
      <input type="hidden" name="intent" value={intent} />
      <ReplySummary intent={intent} fields={fields} reply={reply} />
      {children}
    </Form>
  );
}

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { user, account, self, sessions, done } = loaderData;
  const reply = adminReply(actionData);
  const name = `${account.firstName} ${account.lastName}`.trim();
  return (
    <WorkShell title={`Account ${account.loginId}`} user={user}>
      <AdminNav current="/agritrace-admin-portal/users" />
      {done && (
        <p role="status" className="rounded border border-green-700 bg-green-50 p-2 font-semibold text-green-900">
          {done}
        </p>
      )}
      {reply?.done && (
        <DoneNotice testId="reset-done" message={reply.done.message}>
          <p>
            Temporary password for <span className="font-mono">{reply.done.loginId}</span>:{" "}
            <TemporaryPassword value={reply.done.temporaryPassword} />. It is shown only now; the person must change it
            at next sign-in.
          </p>
        </DoneNotice>
      )}
      <dl
        className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-white p-4 text-sm shadow-sm"
        data-testid="account"
      >
        <dt className="font-semibold">Name</dt>
        <dd>{name || "—"}</dd>
        <dt className="font-semibold">Role</dt>
        <dd data-testid="account-role">{ROLE_LABEL[account.role as Role] ?? account.role}</dd>
        <dt className="font-semibold">State</dt>
        <dd data-testid="account-state">
          {account.active ? "Active" : "Deactivated"}
          {account.mustChangePassword ? " · must change password" : ""}
        </dd>
        <dt className="font-semibold">County</dt>
        <dd>{account.county ?? "—"}</dd>
        <dt className="font-semibold">Company</dt>
        <dd>{account.companyName ?? "—"}</dd>
        <dt className="font-semibold">Last sign-in</dt>
        <dd>{utcTime(account.lastLoginAt)}</dd>
      </dl>
      {self ? (
        <p className="mt-4 rounded border border-amber-600 bg-amber-50 p-2 text-sm">
          This is your own account: you cannot deactivate it or change its role here. Change your password on{" "}
          <a href="/change-password" className="font-semibold underline">
            Change password
          </a>
          .
        </p>
      ) : (
        <>
          <ActionBox
            id="state"
            title={account.active ? "Deactivate" : "Reactivate"}
            intent={account.active ? "deactivate" : "reactivate"}
            csrf={user.csrf}
            reply={reply}
          >
            <p className="text-sm">
              {account.active
                ? "The account can no longer sign in, and every session it has ends now."
                : "The account can sign in again with its password."}
            </p>
            <button
              type="submit"
              className={account.active ? "rounded bg-red-700 px-4 py-2 font-semibold text-white" : BUTTON}
            >
              {account.active ? "Deactivate the account" : "Reactivate the account"}
            </button>
          </ActionBox>
          <ActionBox id="reset" title="Reset the password" intent="reset" csrf={user.csrf} reply={reply}>
            <p className="text-sm">
              A temporary password is made and shown once; the person must change it at next sign-in. Their sessions
              end.
            </p>
            <button type="submit" className={BUTTON}>
              Reset the password
            </button>
          </ActionBox>
          <ActionBox id="role" title="Change the role" intent="role" fields={["role"]} csrf={user.csrf} reply={reply}>
            <FormField
              field={{ id: "role-role", errors: reply?.intent === "role" ? reply.errors.role : undefined }}
              label="New role"
              small
            >
              <select id="role-role" name="role" defaultValue={account.role} className={INPUT}>
                <Options items={ROLES} text={(r) => ROLE_LABEL[r]} />
              </select>
            </FormField>
            <button type="submit" className={BUTTON}>
              Change the role
            </button>
          </ActionBox>
        </>
      )}
      {COUNTY_ROLES.includes(account.role) && (
        <ActionBox
          id="county"
          title="Assigned county"
          intent="county"
          fields={["county"]}
          csrf={user.csrf}
          reply={reply}
        >
          <FormField
            field={{ id: "county-county", errors: reply?.intent === "county" ? reply.errors.county : undefined }}
            label="County"
            hint="Land inspectors and field agents work on the plots of their county."
            small
          >
            <select id="county-county" name="county" defaultValue={account.county ?? ""} className={INPUT}>
              <Options none="Choose a county" items={COUNTIES} />
            </select>
          </FormField>
          <button type="submit" className={BUTTON}>
            Assign the county
          </button>
        </ActionBox>
      )}
      <section className={BOX} aria-labelledby="sessions-title">
        <h2 id="sessions-title" className="text-lg font-bold">
          Active sessions ({sessions.length})
        </h2>
        <ReplySummary intent="revoke" reply={reply} />
        <DataTable
          labelledBy="sessions-title"
          testId="sessions"
          stack
          rows={sessions}
          rowKey={(s) => s.id}
          dense
          empty={<p className="text-sm">No active session.</p>}
          columns={[
            { header: "Device", cell: (s) => s.device },
            { header: "Place", cell: (s) => s.place ?? "Unknown" },
            { header: "Signed in", cell: (s) => utcTime(s.createdAt) },
            { header: "Last seen", cell: (s) => utcTime(s.lastSeenAt) },
            {
              header: "End",
              cell: (s) => (
                <Form method="post">
                  <CsrfInput token={user.csrf} />
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="target" value={s.id} />
                  <button type="submit" className="rounded border border-red-700 px-2 py-1 font-semibold text-red-700">
                    End session
                  </button>
                </Form>
              ),
            },
          ]}
        />
      </section>
    </WorkShell>
  );
}
