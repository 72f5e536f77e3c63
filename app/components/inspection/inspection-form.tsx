import { buttonClass, type PlainReply, PlainSummary } from "#app/components/inspection/plain-form";
import { CsrfInput } from "#app/components/kit/csrf-input";
import type { OutboxFormState } from "#app/lib/use-outbox-form";
import { OutboxNotice } from "../outbox-notice";

/**
 * The record form of a batch inspection (warehouse or port): a plain POST with its CSRF token,
 * the outbox notice (the page calls useOutboxForm with the same `formId`), the submissionId that
 * makes a resend idempotent (kept from the reply on error), the error summary, the fields and the
 * submit button.
 */
export function InspectionForm({
  formId,
  outbox,
  csrf,
  reply,
  submissionId,
  submit,
  children,
}: {
  formId: string;
  outbox: OutboxFormState;
  csrf: string;
  reply?: PlainReply;
  submissionId: string;
  submit: string;
  children: React.ReactNode;
}) {
  return (
    <form method="post" id={formId} className="space-y-3 rounded-md border border-green-200 bg-white p-4" noValidate>
      <CsrfInput token={csrf} />
      <OutboxNotice state={outbox} />
      <input type="hidden" name="submissionId" value={String(reply?.initialValue?.submissionId ?? submissionId)} />
      <PlainSummary reply={reply} />
      {children}
      <button type="submit" className={buttonClass}>
        {submit}
      </button>
    </form>
  );
}
