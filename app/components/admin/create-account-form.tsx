import { Form } from "react-router";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary, replyItems } from "#app/components/kit/error-summary";
import { FormField } from "#app/components/kit/form-field";
import { PairOptions } from "#app/components/kit/options";
import { type ReplyView, replyView } from "#app/lib/light-form";
import { ENTITY_TYPES, OFFICE_DEPARTMENT_LABEL, OFFICE_DEPARTMENTS, ROLE_LABEL, type Role } from "#worker/auth/roles";
import { COUNTIES } from "#worker/content/counties";
import { DoneNotice, TemporaryPassword } from "./password-notice";

/** What an admin form's action answered, as the page shows it: a refusal, or a success shown once (`done`). */
export type FormReply = ReplyView & {
  done?: { message: string; loginId?: string; temporaryPassword?: string };
};

/** The action's answer (app/lib/page-form.server.ts): its `reply`, or the `done` of a success that stays on the page. */
export function adminReply(actionData: unknown): FormReply | undefined {
  const answer = actionData as { intent?: string; done?: FormReply["done"] } | undefined;
  if (answer?.done) return { intent: answer.intent ?? "", values: {}, errors: {}, done: answer.done };
  return replyView(actionData);
}

export const INPUT = "mt-1 block w-full rounded border border-slate-400 px-2 py-1";
export const BUTTON = "rounded bg-green-800 px-4 py-2 font-semibold text-white";

const FIELDS = [
  "role",
  "loginId",
  "firstName",
  "lastName",
  "county",
  "phone",
  "companyName",
  "organizationName",
  "department",
  "entityType",
  "accessCode",
] as const;

/**
 * The account creation form: the rules of `npm run user:create`, checked on the server.
 * `roles`: the roles this page creates (one role: a hidden field). A plain POST: works without JS.
 */
export function CreateAccountForm({
  csrf,
  roles,
  reply,
  heading = "Create an account",
}: {
  csrf: string;
  roles: readonly Role[];
  reply?: FormReply;
  heading?: string;
}) {
  const mine = reply?.intent === "create" ? reply : undefined;
  const f = (name: (typeof FIELDS)[number]) => ({
    field: { id: `create-${name}`, errors: mine?.errors[name] },
    value: mine?.values[name],
    aria: mine?.errors[name] ? { "aria-invalid": true, "aria-describedby": `create-${name}-error` } : {},
  });
  const text = (name: (typeof FIELDS)[number], label: string, hint?: string, type = "text") => {
    const x = f(name);
    return (
      <FormField field={x.field} label={label} hint={hint} small>
        <input
          id={x.field.id}
          name={name}
          type={type}
          defaultValue={type === "password" ? undefined : (x.value ?? "")}
          autoComplete="off"
          className={INPUT}
          {...x.aria}
        />
      </FormField>
    );
  };
  const select = (
    name: (typeof FIELDS)[number],
    label: string,
    options: readonly (readonly [string, string])[],
    blank?: string,
  ) => {
    const x = f(name);
    return (
      <FormField field={x.field} label={label} small>
        <select id={x.field.id} name={name} defaultValue={x.value ?? ""} className={INPUT} {...x.aria}>
          <PairOptions none={blank} pairs={options} />
        </select>
      </FormField>
    );
  };
  const only = roles.length === 1 ? roles[0] : undefined;
  const shows = (role: Role) => roles.includes(role);
  return (
    <Form method="post" className="mt-4 space-y-3 rounded-lg bg-white p-4 shadow-sm" aria-labelledby="create-title">
      <h2 id="create-title" className="text-lg font-bold">
        {heading}
      </h2>
      {mine?.done && (
        <DoneNotice testId="created" message={mine.done.message}>
          {mine.done.temporaryPassword && (
            <p>
              Login ID <span className="font-mono">{mine.done.loginId}</span>, temporary password{" "}
              <TemporaryPassword value={mine.done.temporaryPassword} />. Give it to the person: it is shown only now,
              and they must change it at first sign-in.
            </p>
          )}
        </DoneNotice>
      )}
      <CsrfInput token={csrf} />
      <input type="hidden" name="intent" value="create" />
      <ErrorSummary items={replyItems(mine?.done ? undefined : mine, FIELDS, "create")} />
      {only ? (
        <input type="hidden" name="role" value={only} />
      ) : (
        select(
          "role",
          "Role",
          roles.map((r) => [r, ROLE_LABEL[r]] as const),
        )
      )}
      {text(
        "loginId",
        "Login ID",
        only === "exporter"
          ? "EXP-YYYYMMDD-NNN, e.g. EXP-20260115-001"
          : "Farmers: FRM + 6 digits; exporters: EXP-YYYYMMDD-NNN; others: a username such as j.doe",
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {text("firstName", "First name")}
        {text("lastName", "Last name")}
      </div>
      {select(
        "county",
        "County",
        COUNTIES.map((c) => [c, c] as const),
        "Not given",
      )}
      {text("phone", "Phone", "Like +231 77 123 4567", "tel")}
      {(shows("buyer") || shows("exporter")) && text("companyName", "Company")}
      {shows("monitoring_observer") && text("organizationName", "Organisation (observers)")}
      {shows("monitoring_observer") &&
        select(
          "entityType",
          "Entity type (observers only)",
          ENTITY_TYPES.map((e) => [e, e.toUpperCase()] as const),
          "Not an observer",
        )}
      {shows("office_admin") &&
        select(
          "department",
          "Department (office administrators only)",
          OFFICE_DEPARTMENTS.map((d) => [d, OFFICE_DEPARTMENT_LABEL[d]] as const),
          "None",
        )}
      {shows("system_administrator") &&
        text("accessCode", "System access code (system administrators only)", "At least 8 characters", "password")}
      <button type="submit" className={BUTTON}>
        Create the account
      </button>
    </Form>
  );
}
