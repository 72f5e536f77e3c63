import { useEffect } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { DataTable } from "#app/components/kit/data-table";
import { ErrorSummary } from "#app/components/kit/error-summary";
import { pageMeta } from "#app/components/kit/page-meta";
import { SubmitButton } from "#app/components/kit/submit-button";
import { utcMinute } from "#app/lib/dates";
import { WorkShell } from "../components/work-shell";
import type { Route } from "./+types/bulk-import";

// The action's headers reach the page's answer (a quota's Retry-After), else the loader's.
export { outboxPageHeaders as headers } from "#app/lib/page-form.server";
export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./bulk-import.server";

export const meta = () => pageMeta("Bulk import");

const COLUMNS =
  "farmer_ref, first_name, last_name, gender, date_of_birth, phone, county, district, community, crops, national_id, plot_ref, plot_crop, planting_year, tenure_reference, latitude, longitude, geometry";

export default function BulkImport({ loaderData, actionData }: Route.ComponentProps) {
  const { user, current, runs } = loaderData;
  const revalidator = useRevalidator();
  const running = current?.status === "running";
  // With JavaScript: refresh the progress every 2 s. Without: the <noscript> refresh below.
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), 2000);
    return () => clearInterval(t);
  }, [running, revalidator]);
  const percent = current?.total ? Math.floor((current.processed / current.total) * 100) : 100;
  return (
    <WorkShell title="Bulk import of farmers and plots" user={user}>
      {running && (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      )}
      {current && (
        <section
          aria-labelledby="run-title"
          className="mb-6 rounded-lg border border-slate-200 bg-white p-4"
          data-testid="import-run"
        >
          <h2 id="run-title" className="font-bold">
            {current.fileName}: {running ? "importing…" : current.status === "done" ? "finished" : "stopped"}
          </h2>
          <progress max={100} value={percent} className="mt-2 h-3 w-full" aria-label="Import progress">
            {percent}%
          </progress>
          <p className="mt-1 text-sm" role="status" aria-live="polite">
            {current.processed} of {current.total} rows read ({percent}%) — {current.stored} stored, {current.skipped}{" "}
            already imported, {current.failed} not stored
          </p>
          {current.errors.length > 0 && (
            <details open={!running} className="mt-3">
              <summary className="cursor-pointer font-semibold">Rows not stored ({current.errors.length})</summary>
              <DataTable
                label="Rows not stored"
                className="mt-2"
                tableClassName="w-full text-sm"
                dense
                rows={current.errors}
                rowKey={(e) => `${e.line}-${e.reason}`}
                rowClassName="border-t align-top"
                columns={[
                  { header: "Line", cellClassName: "tabular-nums", cell: (e) => e.line },
                  { header: "Reason", cell: (e) => e.reason },
                ]}
              />
            </details>
          )}
        </section>
      )}
      <Form method="post" encType="multipart/form-data" className="space-y-3 rounded-lg bg-white p-4 shadow-sm">
        <CsrfInput token={user.csrf} />
        <ErrorSummary items={actionData?.error ? [{ fieldId: "import-file", message: actionData.error }] : []} />
        <label htmlFor="import-file" className="block font-semibold">
          CSV or GeoJSON file (up to 30 MiB)
        </label>
        <input
          id="import-file"
          name="file"
          type="file"
          accept=".csv,.geojson,.json,text/csv,application/geo+json"
          className="block w-full text-sm"
          required
        />
        <SubmitButton
          busy="Uploading…"
          className="rounded bg-green-800 px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          Import
        </SubmitButton>
      </Form>
      <section className="mt-6 text-sm text-slate-700">
        <h2 className="text-lg font-bold text-slate-900">File format</h2>
        <p className="mt-1">
          One row per farmer and plot. Columns: <code className="break-words">{COLUMNS}</code>. Required: first_name,
          last_name, gender, date_of_birth, county, community, crops (separated by “;”). A point plot uses latitude and
          longitude (6 decimals); a polygon uses a GeoJSON geometry in the geometry column. A GeoJSON FeatureCollection
          with the same property names also works.
        </p>
        <p className="mt-1">
          Every row is stored or listed with its line number and the reason. Importing the same file again stores
          nothing twice. Imported farmers get no login until an inspector issues one.
        </p>
        <p className="mt-2">
          <a href="/api/imports/template.csv" className="font-semibold text-green-800 underline">
            Download the CSV template
          </a>
        </p>
      </section>
      {runs.length > 0 && (
        <section className="mt-6">
          <h2 className="text-lg font-bold">Recent imports</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {runs.map((r) => (
              <li key={r.id}>
                <Link to={`?run=${r.id}`} className="text-green-800 underline">
                  {r.fileName}
                </Link>{" "}
                · {utcMinute(r.createdAt)} UTC · {r.status} · {r.stored} stored, {r.skipped} already imported,{" "}
                {r.failed} not stored
              </li>
            ))}
          </ul>
        </section>
      )}
    </WorkShell>
  );
}
