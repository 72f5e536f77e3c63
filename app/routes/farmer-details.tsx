import { Form, Link } from "react-router";
import { CorrectionEnd, CorrectionFields, PlainRadios, PlainSummary } from "#app/components/inspection/plain-form";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { DataTable } from "#app/components/kit/data-table";
import { pageMeta } from "#app/components/kit/page-meta";
import { Section } from "#app/components/kit/section";
import { TextList } from "#app/components/kit/text-list";
import { FARMER_HISTORY_LABEL } from "#app/content/farmer-history";
import { utcMinute } from "#app/lib/dates";
import { firstMessage, replyFor } from "#app/lib/light-form";
import { OutboxNotice } from "../components/outbox-notice";
import { WorkShell } from "../components/work-shell";
import { useOutboxForm } from "../lib/use-outbox-form";
import type { Route } from "./+types/farmer-details";

export { outboxPageHeaders as headers } from "#app/lib/page-form.server";
export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./farmer-details.server";

export function meta({ loaderData }: Route.MetaArgs) {
  const f = loaderData?.farmer;
  return pageMeta(f ? `${f.firstName} ${f.lastName} (${f.farmerId})` : "Farmer details");
}

type Plot = Route.ComponentProps["loaderData"]["plots"][number];

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="border-t border-slate-200 py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="sm:col-span-2">{children}</dd>
    </div>
  );
}

export default function FarmerDetails({ loaderData, actionData }: Route.ComponentProps) {
  const {
    user,
    farmer: f,
    plots,
    history,
    registeredBy,
    canAddPlot,
    genderLabel,
    canIssueLogin,
    hasLogin,
    canCorrect,
    corrected,
    currentVersion,
    genderOptions,
    versions,
    blankable,
    submissionId,
  } = loaderData;
  const correction = replyFor(actionData, "correct_farmer");
  const issued = actionData && "issued" in actionData ? actionData.issued : undefined;
  const loginRefusal = actionData && "reply" in actionData ? firstMessage(replyFor(actionData, undefined)) : undefined;
  // Offline (with JavaScript), the correction waits in the outbox with the version it was based on (ADR 027).
  const outbox = useOutboxForm({
    formId: "farmer-correct",
    kind: "farmer-edit",
    owner: user.loginId,
    label: (form) => `Correction of ${f.farmerId} (from version ${form.get("baseVersion") ?? "?"})`,
  });
  return (
    <WorkShell title={`${f.firstName} ${f.lastName}`} user={user}>
      <p className="-mt-3 mb-4 font-mono text-lg" data-testid="farmer-id">
        {f.farmerId}
        {f.status !== "active" && (
          <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 font-sans text-sm">{f.status}</span>
        )}
      </p>
      {issued && (
        <div
          role="status"
          className="mb-4 rounded-md border-2 border-green-700 bg-green-50 p-3"
          data-testid="login-issued"
        >
          <p className="font-bold">Login issued for {issued.farmerId}</p>
          <p>
            Temporary password: <span className="font-mono text-lg">{issued.temporaryPassword}</span>
          </p>
          <p className="text-sm">
            Give it to the farmer now: it is shown only once. They must choose their own password at first sign-in.
          </p>
        </div>
      )}
      {corrected && (
        <p role="status" className="mb-4 rounded-md border-2 border-green-700 bg-green-50 p-3">
          Correction recorded. The details as they were are kept in the history below.
        </p>
      )}
      {loginRefusal && (
        <p role="alert" className="mb-4 rounded-md border-2 border-red-700 bg-red-50 p-3 text-red-900">
          {loginRefusal}
        </p>
      )}
      {canIssueLogin && !issued && (
        <Form method="post" className="mb-4 flex flex-wrap items-center gap-3 rounded-md bg-amber-50 p-3 text-sm">
          <CsrfInput token={user.csrf} />
          <span>This farmer has no login yet (for example, registered by bulk import).</span>
          <button type="submit" className="rounded bg-green-800 px-3 py-1.5 font-semibold text-white">
            Issue a login
          </button>
        </Form>
      )}
      {!canIssueLogin && !hasLogin && !issued && (
        <p className="mb-4 text-sm text-slate-600">This farmer has no login yet.</p>
      )}
      <div className="grid gap-6 md:grid-cols-3">
        <section aria-labelledby="details-title" className="rounded-md bg-white p-4 shadow-sm md:col-span-2">
          <h2 id="details-title" className="mb-2 text-lg font-bold">
            Registration
          </h2>
          <dl>
            <Row label="Gender">{genderLabel ?? "—"}</Row>
            <Row label="Date of birth">{f.dateOfBirth ?? "—"}</Row>
            <Row label="Phone">{f.phone ?? "—"}</Row>
            <Row label="National ID number">{f.nationalId ?? "—"}</Row>
            <Row label="County">{f.county}</Row>
            <Row label="District">{f.district ?? "—"}</Row>
            <Row label="Community">{f.community ?? "—"}</Row>
            <Row label="Crops">{f.crops.join(", ") || "—"}</Row>
            <Row label="Registered on">{f.registrationDate}</Row>
            <Row label="Registered by">{registeredBy ?? "—"}</Row>
          </dl>
        </section>
        <section aria-labelledby="photo-title" className="rounded-md bg-white p-4 shadow-sm">
          <h2 id="photo-title" className="mb-2 text-lg font-bold">
            Photo
          </h2>
          {f.photoUrl ? (
            <img
              src={f.photoUrl}
              alt={`${f.firstName} ${f.lastName}`}
              loading="lazy"
              width={240}
              height={240}
              className="h-auto w-full max-w-60 rounded object-cover"
            />
          ) : (
            <p className="text-slate-700">No photo on record.</p>
          )}
        </section>
      </div>

      <Section id="versions-title" className="mt-6" title="Corrections and versions">
        {versions.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">These details have not been corrected.</p>
        ) : (
          <ol className="mt-2 space-y-2 text-sm" data-testid="farmer-versions">
            {versions.map((v) => (
              <li key={v.key} className="rounded-md bg-white p-3 shadow-sm">
                <p className="font-semibold">{v.head}</p>
                <p className="text-slate-700">{v.by}</p>
                <p className="break-words">{v.details}</p>
                {v.reason && <p>{`Reason: ${v.reason}`}</p>}
              </li>
            ))}
          </ol>
        )}
        {canCorrect && (
          <details
            className="mt-3 rounded-md bg-white p-4 shadow-sm"
            open={Boolean(correction) || Boolean(outbox.fixing) || Boolean(outbox.notice)}
          >
            <summary className="cursor-pointer font-semibold">Correct these details</summary>
            <form method="post" id="farmer-correct" className="mt-3 space-y-3" noValidate>
              <CsrfInput token={user.csrf} />
              <OutboxNotice state={outbox} />
              <input type="hidden" name="intent" value="correct_farmer" />
              <input type="hidden" name="baseVersion" value={String(currentVersion)} />
              <input
                type="hidden"
                name="submissionId"
                value={String(correction?.initialValue?.submissionId ?? "") || submissionId}
              />
              <PlainSummary reply={correction} prefix="fix-" />
              <p className="text-sm text-slate-700">
                Change what was recorded wrongly. The details as they were stay in the history above.
              </p>
              <div className="grid gap-3 sm:grid-cols-2">
                <CorrectionFields fields={DETAILS} reply={correction} recorded={f} />
              </div>
              <fieldset id="fix-clear">
                <legend className="text-sm font-semibold">Leave blank</legend>
                <p className="text-sm text-slate-700">
                  Tick a detail that should not be recorded at all (e.g. a number that was never the farmer's).
                </p>
                <div className="mt-1 flex flex-wrap gap-4">
                  {blankable.map(([name, label]) => (
                    <label key={name} className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        name="clear"
                        value={name}
                        defaultChecked={[correction?.initialValue?.clear].flat().includes(name)}
                      />
                      {label}
                    </label>
                  ))}
                </div>
              </fieldset>
              <PlainRadios
                reply={correction ?? { initialValue: { gender: f.gender ?? "" } }}
                prefix="fix-"
                name="gender"
                legend="Gender"
                options={genderOptions}
              />
              <CorrectionEnd reply={correction} />
            </form>
          </details>
        )}
      </Section>

      <section aria-labelledby="plots-title" className="mt-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="plots-title" className="text-lg font-bold">
            Land plots ({plots.length})
          </h2>
          {canAddPlot && (
            <Link
              to={`/create-land-plot?farmerId=${f.farmerId}`}
              className="rounded-md bg-green-800 px-4 py-2 font-semibold text-white"
            >
              Add a land plot for this farmer
            </Link>
          )}
        </div>
        <DataTable<Plot>
          empty={<p className="mt-2 text-slate-700">No land plot has been mapped for this farmer yet.</p>}
          label="Land plots of this farmer"
          className="mt-2"
          tableClassName="w-full bg-white text-sm shadow-sm"
          rows={plots}
          rowKey={(p) => p.id}
          rowClassName="border-t border-slate-200"
          columns={[
            {
              header: "Plot",
              cell: (p) => (
                <Link to={`/land-plot-details/${p.id}`} className="font-semibold text-green-900 underline">
                  {p.plotCode}
                </Link>
              ),
            },
            { header: "Crop", cell: (p) => p.crop ?? "—" },
            { header: "Area (ha)", className: "text-right", cell: (p) => p.areaHectares.toFixed(2) },
            { header: "Geometry", className: "hidden sm:table-cell", cell: (p) => p.validationState },
            {
              header: "Risk",
              className: "hidden sm:table-cell",
              cell: (p) => p.riskLevel?.replaceAll("_", " ") ?? "not assessed",
            },
          ]}
        />
      </section>

      <Section id="history-title" className="mt-6" title="History">
        {history.length === 0 ? (
          <p className="mt-2 text-slate-700">No recorded changes.</p>
        ) : (
          <ol className="mt-2 space-y-2">
            {history.map((h) => (
              <li key={h.id} className="rounded-md bg-white p-3 text-sm shadow-sm">
                <p className="font-semibold">{FARMER_HISTORY_LABEL[h.action] ?? h.action.replaceAll("_", " ")}</p>
                <p className="text-slate-700">
                  <time dateTime={h.at}>{utcMinute(h.at)} UTC</time> · {h.by} · {h.on}
                </p>
                {h.changes.length > 0 && <TextList className="mt-1 list-disc pl-5" items={h.changes} />}
              </li>
            ))}
          </ol>
        )}
      </Section>

      <p className="mt-6">
        <Link to="/farmers-list" className="font-semibold text-green-900 underline">
          Back to the farmers list
        </Link>
      </p>
    </WorkShell>
  );
}

/** The details a correction may change, as when registering (the form's fields are `fix-<name>`). */
const DETAILS = [
  ["firstName", "First name"],
  ["lastName", "Last name"],
  ["dateOfBirth", "Date of birth", "date"],
  ["phone", "Phone"],
  ["nationalId", "National ID number"],
  ["district", "District"],
  ["community", "Community"],
] as const;
