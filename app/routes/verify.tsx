import { Link } from "react-router";
import type { z } from "zod";
import { PublicNotFound, PublicShell } from "#app/components/brand";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary } from "#app/components/kit/error-summary";
import { Facts } from "#app/components/kit/facts";
import { FieldError } from "#app/components/kit/form-field";
import { pageMeta } from "#app/components/kit/page-meta";
import { Section } from "#app/components/kit/section";
import { longDate } from "#app/lib/dates";
import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "#app/lib/light-form";
import type { RevokeSchema } from "#worker/contracts/certificates";
import { VERIFY_TEXT } from "../content/certificates";
import type { Route } from "./+types/verify";

export { action, loader } from "./verify.server";

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store" };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  const title = d?.view ? `${VERIFY_TEXT.title} ${d.view.certificateNumber}` : VERIFY_TEXT.notFoundTitle;
  return pageMeta(title);
}

// "15 January 2026" (UTC), as the paper prints dates.
const day = longDate;
const SUBJECT_WORD: Record<string, string> = {
  test_farmer: "Test farmer profile",
  farmer: "Farmer",
  batch: "Batch",
  shipment: "Shipment",
};
const STATUS_STYLE: Record<string, string> = {
  valid: "border-green-700 bg-green-50 text-green-900",
  expired: "border-amber-600 bg-amber-50 text-amber-950",
  revoked: "border-red-700 bg-red-50 text-red-900",
  superseded: "border-slate-500 bg-slate-100 text-slate-900",
  test: "border-red-700 bg-white text-red-900",
};

/**
 * The public verification page a certificate's QR code opens: genuine or not, its
 * status in plain words, and what it certifies — nothing beyond what the paper itself prints.
 */
export default function Verify({ loaderData: d, actionData }: Route.ComponentProps) {
  const v = d.view;
  return (
    <PublicShell sub={VERIFY_TEXT.header}>
      {!v ? (
        <PublicNotFound testId="verify-not-found" title={VERIFY_TEXT.notFoundTitle}>
          <p className="break-words">{d.notFound}</p>
        </PublicNotFound>
      ) : (
        <>
          <h1 className="text-xl font-extrabold">{VERIFY_TEXT.title}</h1>
          <p className="mt-1 text-sm text-slate-700">{VERIFY_TEXT.intro}</p>
          {d.revokedNow && (
            <p role="status" className="mt-3 rounded-md bg-green-50 p-3 font-semibold text-green-900">
              {VERIFY_TEXT.revoked}
            </p>
          )}
          <div
            className={`mt-4 rounded-md border-2 p-4 ${v.testProfile && v.status === "valid" ? STATUS_STYLE.test : (STATUS_STYLE[v.status] ?? "")}`}
            data-testid="verify-status"
          >
            <p className="text-sm font-semibold">{v.testProfile ? VERIFY_TEXT.testGenuine : VERIFY_TEXT.genuine}</p>
            <p className="mt-1 text-3xl font-extrabold">
              {v.status === "valid" && (v.testProfile ? VERIFY_TEXT.testStatus : VERIFY_TEXT.status.valid)}
              {v.status === "expired" && `${VERIFY_TEXT.status.expired} on ${day(v.expiresAt)}`}
              {v.status === "revoked" && `${VERIFY_TEXT.status.revoked} on ${day(v.revokedAt)}`}
              {v.status === "superseded" && VERIFY_TEXT.status.superseded}
            </p>
            {v.status === "revoked" && <p className="mt-1 font-semibold break-words">Reason: {v.revocationReason}</p>}
            {v.status === "superseded" && v.supersededBy && (
              <p className="mt-1">
                Current certificate:{" "}
                <Link to={`/verify/${v.supersededBy}`} reloadDocument className="font-mono font-semibold underline">
                  {v.supersededBy}
                </Link>
              </p>
            )}
          </div>
          {v.underReview && (
            <div
              role="status"
              className="mt-3 rounded-md border-2 border-amber-600 bg-amber-50 p-3 text-amber-950"
              data-testid="verify-under-review"
            >
              <p className="text-lg font-extrabold">
                {VERIFY_TEXT.underReview} since {day(v.underReview.since)}
              </p>
              <p className="mt-1 text-sm">{VERIFY_TEXT.underReviewNote}</p>
              <p className="mt-1 text-sm break-words">Plot(s): {v.underReview.plots.join(", ")}</p>
            </div>
          )}
          {v.testProfile && (
            <p
              className="mt-3 rounded-md bg-red-50 p-3 text-sm font-bold text-red-800"
              data-testid="verify-test-profile"
            >
              {VERIFY_TEXT.testProfile}
            </p>
          )}
          <Facts
            className="mt-4 grid grid-cols-1 gap-x-4 gap-y-2 rounded-md bg-white p-4 text-sm shadow-sm sm:grid-cols-2"
            testId="verify-details"
            ddClassName="break-words"
            facts={[
              ["Certificate", v.title],
              ["Certificate No.", v.certificateNumber],
              ["Date of issue", day(v.issuedAt)],
              [v.status === "expired" ? "Expired on" : "Valid until", day(v.expiresAt)],
              ["Issued by", v.issuer],
              ["Subject", `${SUBJECT_WORD[v.subject.kind] ?? "Subject"}: ${v.subject.label}`],
              ["Subject reference", v.subject.reference],
            ]}
          />
          {d.revoke && <RevokeForm csrf={d.revoke.csrf} result={actionData?.reply} />}
        </>
      )}
    </PublicShell>
  );
}

function RevokeForm({ csrf, result }: { csrf: string; result: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm<z.input<typeof RevokeSchema>>({
    id: "revoke",
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const items = [
    ...(form.errors ?? []).map((message) => ({ message })),
    ...(fields.reason.errors ?? []).map((message) => ({ fieldId: fields.reason.id, message })),
  ];
  return (
    <Section
      id="revoke-heading"
      className="mt-6 rounded-md border border-red-200 bg-white p-4"
      title={VERIFY_TEXT.revokeHeading}
    >
      <form method="post" {...getFormProps(form)} className="mt-2 space-y-3">
        <CsrfInput token={csrf} />
        <ErrorSummary items={items} />
        <div>
          <label htmlFor={fields.reason.id} className="block text-sm font-semibold">
            Reason
          </label>
          <p className="text-xs text-slate-600">{VERIFY_TEXT.revokeHint}</p>
          <FieldError field={fields.reason} />
          <textarea
            {...getTextareaProps(fields.reason)}
            key={fields.reason.key}
            rows={3}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2"
          />
        </div>
        <button type="submit" className="rounded-md bg-red-700 px-4 py-2.5 font-semibold text-white">
          {VERIFY_TEXT.revokeButton}
        </button>
      </form>
    </Section>
  );
}
