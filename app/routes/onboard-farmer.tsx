import { Link } from "react-router";
import type { z } from "zod";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary } from "#app/components/kit/error-summary";
import { FieldError, FormField, noKey } from "#app/components/kit/form-field";
import { Options } from "#app/components/kit/options";
import { pageMeta } from "#app/components/kit/page-meta";
import { getCollectionProps, getFormProps, getInputProps, getSelectProps, useForm } from "#app/lib/light-form";
import { COUNTIES } from "#worker/content/counties";
import type { FarmerFormSchema } from "#worker/contracts/farmer";
import { FARMER_FIELDS, GENDER_LABEL, GENDERS, PHOTO_TYPES } from "#worker/contracts/farmer-light";
import { CROPS } from "#worker/domain/commodities";
import { OutboxNotice } from "../components/outbox-notice";
import { WorkShell } from "../components/work-shell";
import { useOutboxForm } from "../lib/use-outbox-form";
import type { Route } from "./+types/onboard-farmer";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./onboard-farmer.server";

const TITLE = "Onboard a farmer";

export { outboxPageHeaders as headers } from "#app/lib/page-form.server";

export const meta = () => pageMeta(TITLE);

const LABEL: Record<(typeof FARMER_FIELDS)[number], string> = {
  firstName: "First name",
  lastName: "Last name",
  gender: "Gender",
  dateOfBirth: "Date of birth",
  phone: "Phone number (optional)",
  nationalId: "National ID number (optional)",
  county: "County",
  district: "District (optional)",
  community: "Community or town",
  crops: "Crops grown",
  photo: "Photo of the farmer (optional)",
};

const farmerLabel = (form: FormData) => `Farmer ${form.get("firstName") ?? ""} ${form.get("lastName") ?? ""}`.trim();

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700";

export default function OnboardFarmer({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData && "kind" in actionData) return <Registered user={loaderData.user} result={actionData} />;
  return <RegistrationForm loaderData={loaderData} actionData={actionData} />;
}

function Registered({
  user,
  result,
}: {
  user: Route.ComponentProps["loaderData"]["user"];
  result: Extract<NonNullable<Route.ComponentProps["actionData"]>, { kind: "registered" }>;
}) {
  const { farmer, temporaryPassword } = result;
  return (
    <WorkShell title={TITLE} user={user}>
      <section
        className="max-w-xl rounded-md border-2 border-green-800 bg-white p-4"
        aria-labelledby="registered-title"
        data-testid="registered"
      >
        <h2 id="registered-title" className="text-xl font-bold text-green-900">
          {result.created ? "Farmer registered" : "This farmer was already registered"}
        </h2>
        <p className="mt-2 text-slate-800">
          {farmer.firstName} {farmer.lastName}, {farmer.county}
        </p>
        <p className="mt-3 text-sm font-semibold text-slate-700">Farmer ID</p>
        <p className="font-mono text-3xl font-bold tracking-wider" data-testid="farmer-id">
          {farmer.farmerId}
        </p>
        {temporaryPassword ? (
          <div className="mt-4 rounded-md bg-amber-50 p-3 text-amber-950">
            <p className="text-sm font-semibold">Temporary password</p>
            <p className="font-mono text-2xl font-bold tracking-wider" data-testid="temporary-password">
              {temporaryPassword}
            </p>
            <p className="mt-2 text-sm">
              {result.created ? "" : "A new temporary password replaces any shown before. "}
              It is shown only this once. Give it to the farmer with their farmer ID: they sign in at the farmer portal
              and must choose their own password the first time.
            </p>
          </div>
        ) : (
          <p className="mt-4 rounded-md bg-slate-100 p-3 text-sm">
            The farmer's account is already in use, so no new temporary password was issued.
          </p>
        )}
        {result.photoError && <p className="mt-3 font-semibold text-red-700">{result.photoError}</p>}
        <ul className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <li>
            <a
              href="/onboard-farmer"
              className="inline-block rounded-md bg-green-800 px-4 py-3 font-semibold text-white"
            >
              Register another farmer
            </a>
          </li>
          <li>
            <Link
              to={`/create-land-plot?farmerId=${farmer.farmerId}`}
              className="inline-block rounded-md border-2 border-green-800 px-4 py-2.5 font-semibold text-green-900"
            >
              Add a land plot for this farmer
            </Link>
          </li>
          <li>
            <Link
              to={`/farmers/${farmer.farmerId}`}
              className="inline-block px-2 py-3 font-semibold text-green-900 underline"
            >
              View farmer
            </Link>
          </li>
        </ul>
      </section>
    </WorkShell>
  );
}

function RegistrationForm({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const failed = actionData && "reply" in actionData ? actionData : undefined;
  const [form, fields] = useForm<z.input<typeof FarmerFormSchema>>({
    id: "onboard-farmer",
    lastResult: failed?.reply ?? undefined,
    defaultValue: { submissionId: loaderData.submissionId },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const outbox = useOutboxForm({
    formId: form.id,
    kind: "farmer",
    owner: loaderData.user.loginId,
    label: farmerLabel,
  });
  const items = [
    ...(form.errors ?? []).map((message) => ({ message })),
    ...[...FARMER_FIELDS, "submissionId" as const].flatMap((name) =>
      (fields[name].errors ?? []).map((message) => ({
        // Checkbox and radio groups: link to their first box.
        fieldId:
          name === "crops" || name === "gender"
            ? `${fields[name].id}-${name === "crops" ? CROPS[0] : GENDERS[0]}`
            : fields[name].id,
        message,
      })),
    ),
  ];
  const text = (
    name: "firstName" | "lastName" | "phone" | "nationalId" | "district" | "community",
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <input
      {...noKey(getInputProps(fields[name], { type: "text" }))}
      key={fields[name].key}
      className={inputClass}
      {...extra}
    />
  );
  return (
    <WorkShell title={TITLE} user={loaderData.user}>
      <form method="post" encType="multipart/form-data" {...getFormProps(form)} className="max-w-xl space-y-4">
        <CsrfInput token={loaderData.user.csrf} />
        <input {...noKey(getInputProps(fields.submissionId, { type: "hidden" }))} key={fields.submissionId.key} />
        <ErrorSummary items={items} />
        <OutboxNotice state={outbox} />
        <p className="text-sm text-slate-700">
          The farmer gets a farmer ID and a sign-in account. Fields marked optional may be left empty.
        </p>

        <FormField field={fields.firstName} label={LABEL.firstName}>
          {text("firstName", { autoComplete: "off" })}
        </FormField>
        <FormField field={fields.lastName} label={LABEL.lastName}>
          {text("lastName", { autoComplete: "off" })}
        </FormField>

        <fieldset aria-describedby={fields.gender.errors ? fields.gender.errorId : undefined}>
          <legend className="font-semibold">{LABEL.gender}</legend>
          <FieldError field={fields.gender} />
          <div className="mt-1 flex gap-6">
            {getCollectionProps(fields.gender, { type: "radio", options: [...GENDERS] }).map(({ key, ...props }) => (
              <label key={key} className="flex items-center gap-2 py-1">
                <input {...props} className="h-5 w-5" />
                {GENDER_LABEL[props.value as (typeof GENDERS)[number]]}
              </label>
            ))}
          </div>
        </fieldset>

        <FormField
          field={fields.dateOfBirth}
          label={LABEL.dateOfBirth}
          hint="For example 1985-03-27. The farmer must be at least 16."
        >
          <input
            {...noKey(getInputProps(fields.dateOfBirth, { type: "date" }))}
            key={fields.dateOfBirth.key}
            className={inputClass}
          />
        </FormField>
        <FormField
          field={fields.phone}
          label={LABEL.phone}
          hint="A Liberian number, for example +231 77 123 4567 or 0886 123 456."
        >
          {text("phone", { type: "tel", inputMode: "tel", autoComplete: "off" })}
        </FormField>
        <FormField field={fields.nationalId} label={LABEL.nationalId} hint="As printed on the national ID card.">
          {text("nationalId", { autoComplete: "off", autoCapitalize: "characters" })}
        </FormField>

        <FormField field={fields.county} label={LABEL.county}>
          <select {...noKey(getSelectProps(fields.county))} key={fields.county.key} className={inputClass}>
            <Options none="Choose a county" items={COUNTIES} />
          </select>
        </FormField>
        <FormField field={fields.district} label={LABEL.district}>
          {text("district")}
        </FormField>
        <FormField field={fields.community} label={LABEL.community}>
          {text("community")}
        </FormField>

        <fieldset aria-describedby={fields.crops.errors ? fields.crops.errorId : undefined}>
          <legend className="font-semibold">{LABEL.crops}</legend>
          <p className="text-sm text-slate-600">Tick every crop the farmer grows.</p>
          <FieldError field={fields.crops} />
          <div className="mt-1 grid grid-cols-2 gap-x-4 sm:grid-cols-3">
            {getCollectionProps(fields.crops, { type: "checkbox", options: [...CROPS] }).map(({ key, ...props }) => (
              <label key={key} className="flex items-center gap-2 py-1.5">
                <input {...props} className="h-5 w-5" />
                {props.value}
              </label>
            ))}
          </div>
        </fieldset>

        <FormField field={fields.photo} label={LABEL.photo} hint="JPEG, PNG or WebP, 2 MB or smaller.">
          <input
            {...noKey(getInputProps(fields.photo, { type: "file" }))}
            key={fields.photo.key}
            accept={PHOTO_TYPES.join(",")}
            className="mt-1 block w-full text-sm"
          />
          {failed && <p className="mt-1 text-sm text-slate-700">If you had chosen a photo, choose it again.</p>}
        </FormField>

        <button type="submit" className="w-full rounded-md bg-green-800 px-4 py-3 font-semibold text-white sm:w-auto">
          Register farmer
        </button>
      </form>
    </WorkShell>
  );
}
