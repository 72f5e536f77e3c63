import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary, summaryItems } from "#app/components/kit/error-summary";
import { FormField } from "#app/components/kit/form-field";
import type { SubmissionResult } from "#app/lib/light-form";
import { getFormProps, getInputProps, useForm } from "#app/lib/light-form";
import type { MyDetails } from "#worker/services/profile/my-details";

function Rows({ rows }: { rows: { label: string; value: string }[] }) {
  return (
    <dl className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      {rows.map((r) => (
        <div key={r.label} className="contents">
          <dt className="font-semibold text-slate-700">{r.label}</dt>
          <dd className="break-words text-slate-900">{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export type DetailsReply = { result: SubmissionResult | null; formError: string | null };

/** /profile: what the platform holds about me, and my phone number form (not for farmers). */
export function DetailsSection({
  details,
  csrf,
  saved,
  reply,
}: {
  details: MyDetails;
  csrf: string;
  saved: boolean;
  reply?: DetailsReply;
}) {
  const actionData = reply;
  const [form, fields] = useForm<{ phone: string }>({
    id: "contact",
    lastResult: actionData?.result ?? undefined,
    defaultValue: { phone: details.phone ?? "" },
  });
  const items = summaryItems([actionData?.formError, ...(form.errors ?? [])], [fields.phone]);
  return (
    <div className="space-y-5">
      <section aria-labelledby="details-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="details-heading" className="mb-2 text-lg font-bold">
          My details
        </h2>
        <Rows rows={details.fixed} />
        <p className="mt-3 text-sm text-slate-600">{details.askWho}</p>
      </section>
      {details.registry && (
        <section aria-labelledby="registry-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="registry-heading" className="mb-2 text-lg font-bold">
            My farmer registry record
          </h2>
          <Rows rows={details.registry} />
        </section>
      )}
      {details.phoneEditable && (
        <section aria-labelledby="contact-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="contact-heading" className="mb-2 text-lg font-bold">
            My phone number
          </h2>
          {saved && (
            <p role="status" className="mb-3 rounded-md bg-green-50 p-2 text-sm text-green-900">
              Your phone number is saved.
            </p>
          )}
          <form method="post" action="/profile" {...getFormProps(form)} className="space-y-3">
            <CsrfInput token={csrf} />
            <ErrorSummary items={items} />
            <FormField
              field={fields.phone}
              label="Phone number"
              hint="Like +231 77 123 4567. Leave blank to remove it."
            >
              <input
                {...getInputProps(fields.phone, { type: "tel" })}
                key={fields.phone.key}
                autoComplete="tel"
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2.5"
              />
            </FormField>
            <button
              type="submit"
              className="w-full rounded-md bg-green-800 px-4 py-3 font-semibold text-white sm:w-auto"
            >
              Save phone number
            </button>
          </form>
        </section>
      )}
    </div>
  );
}
