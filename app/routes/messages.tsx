import { Link } from "react-router";
import { FormField } from "#app/components/kit/form-field";
import { Options } from "#app/components/kit/options";
import { pageMeta } from "#app/components/kit/page-meta";
import { Pagination } from "#app/components/kit/pagination";
import { Section } from "#app/components/kit/section";
import { OFFICE_DEPARTMENT_LABEL, OFFICE_DEPARTMENTS, ROLE_LABEL } from "#worker/auth/roles";
import { MESSAGE_LIMITS } from "#worker/domain/messages";
import { type FormReply, fieldOf, inputClass, MessageForm, when } from "../components/messages/fields";
import { WorkShell } from "../components/work-shell";
import type { Route } from "./+types/messages";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./messages.server";

export const meta = () => pageMeta("Messages");

const FORM_FIELDS = ["to", "department", "loginId", "subject", "reference", "body", "attachment"];

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const { user, base, threads, totalUnread, page, pageSize, total, partners } = loaderData;
  const reply = actionData as FormReply | undefined;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const canStart = partners.office || partners.roles.length > 0;
  const f = (name: string, hint = false) => fieldOf(reply, "new", name, hint);
  const to = reply?.values.to || (partners.office ? "office" : "person");
  const whom = partners.roles.map((r) => ROLE_LABEL[r].toLowerCase()).join(" or ");
  const article = /^[aeiou]/i.test(whom) ? "An" : "A";
  return (
    <WorkShell title="Messages" user={user}>
      <p role="status" className="text-sm font-semibold" data-testid="total-unread">
        {totalUnread === 0
          ? "No unread messages."
          : `${totalUnread} unread ${totalUnread === 1 ? "message" : "messages"}.`}
      </p>

      <Section id="threads-title" className="mt-4" title="Conversations">
        {threads.length === 0 ? (
          <p className="mt-2 text-slate-600">No conversations yet.</p>
        ) : (
          <ul className="mt-2 divide-y rounded-lg border bg-white" data-testid="threads">
            {threads.map((t) => (
              <li key={t.id}>
                <Link to={`${base}/${t.id}`} prefetch="none" className="block p-3 hover:bg-green-50">
                  <span className="flex items-start justify-between gap-2">
                    <span
                      className={`break-words ${t.unread ? "font-bold" : "font-semibold"} text-green-900 underline`}
                    >
                      {t.subject}
                    </span>
                    {t.unread > 0 && (
                      <span className="shrink-0 rounded-full bg-green-800 px-2 text-sm font-bold text-white">
                        {t.unread} unread
                      </span>
                    )}
                  </span>
                  <span className="block text-sm break-words text-slate-700">With {t.with.join(", ") || "—"}</span>
                  <span className="block text-xs text-slate-600">
                    {t.reference ? `About ${t.reference} · ` : ""}Last message {when(t.lastMessageAt)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} pageCount={pageCount} href={(p) => `${base}?page=${p}`} />
      </Section>

      {canStart && (
        <MessageForm
          prefix="new"
          title="New conversation"
          csrf={user.csrf}
          reply={reply}
          fields={FORM_FIELDS}
          bodyLabel="Message"
          send="Send"
        >
          {partners.office ? (
            <fieldset>
              <legend className="font-semibold">To</legend>
              {reply?.errors.to && (
                <p id="new-to-error" className="text-sm font-semibold text-red-700">
                  {reply.errors.to[0]}
                </p>
              )}
              <label className="mt-1 flex items-center gap-2">
                <input id="new-to" type="radio" name="to" value="office" defaultChecked={to === "office"} />
                The regulator's office
              </label>
              <label className="mt-1 flex items-center gap-2">
                <input type="radio" name="to" value="person" defaultChecked={to === "person"} />
                {article} {whom}
              </label>
            </fieldset>
          ) : (
            <input type="hidden" name="to" value="person" />
          )}
          {partners.office && (
            <FormField
              field={f("department", true).field}
              label="Department (when writing to the office)"
              hint="Every office administrator of the department reads and answers."
            >
              <select {...f("department", true).control} defaultValue={f("department").value} className={inputClass}>
                <Options
                  none="Choose a department"
                  items={OFFICE_DEPARTMENTS}
                  text={(d) => OFFICE_DEPARTMENT_LABEL[d]}
                />
              </select>
            </FormField>
          )}
          <FormField
            field={f("loginId", true).field}
            label={
              partners.office
                ? `Login ID of the ${whom} (when writing to ${article.toLowerCase()} ${whom})`
                : `Login ID of the ${whom}`
            }
            hint={
              partners.tradersOnly
                ? "The ID they sign in with. You can write to those you trade with: a batch, order, shipment or offer between you."
                : "The ID they sign in with."
            }
          >
            <input
              {...f("loginId", true).control}
              defaultValue={f("loginId").value}
              autoComplete="off"
              className={inputClass}
            />
          </FormField>
          <FormField
            field={f("subject", true).field}
            label="Subject"
            hint={`${MESSAGE_LIMITS.subjectMin} to ${MESSAGE_LIMITS.subjectMax} characters.`}
          >
            <input
              {...f("subject", true).control}
              defaultValue={f("subject").value}
              maxLength={MESSAGE_LIMITS.subjectMax}
              required
              className={inputClass}
            />
          </FormField>
          <FormField
            field={f("reference", true).field}
            label="About (optional)"
            hint="A batch code, shipment, order or licence number."
          >
            <input
              {...f("reference", true).control}
              defaultValue={f("reference").value}
              maxLength={MESSAGE_LIMITS.referenceMax}
              className={inputClass}
            />
          </FormField>
        </MessageForm>
      )}
    </WorkShell>
  );
}
