import { FormField } from "#app/components/kit/form-field";
import { PairOptions } from "#app/components/kit/options";
import { pageMeta } from "#app/components/kit/page-meta";
import { WorkShell } from "#app/components/work-shell";
import type { Route } from "./+types/auditor-export";

import { pageLoader } from "./auditor-export.server";

export const loader = ({ request }: Route.LoaderArgs) => pageLoader(request);

const AUDITOR_EXPORT_TITLE = "Auditor's export";
export const meta = () => pageMeta(AUDITOR_EXPORT_TITLE);

const KINDS = [
  ["batch", "Batch"],
  ["shipment", "Shipment"],
] as const;

export default function AuditorExport({ loaderData: d }: Route.ComponentProps) {
  const field = { id: "auditor-code", errorId: "auditor-code-error", errors: d.error ? [d.error] : [] };
  return (
    <WorkShell title={AUDITOR_EXPORT_TITLE} user={d.user}>
      <p className="mb-3 max-w-prose text-slate-700">
        One ZIP file with the whole record of a batch or a shipment: every batch it came from and was made into, the
        custody steps, inspections, origin farmers and plots with their verdicts, certificates as issued, and the audit
        trail, each file with its SHA-256 in the manifest.
      </p>
      <form method="get" action="/auditor-export/zip" className="max-w-md space-y-3 rounded-lg bg-white p-4 shadow-sm">
        <label className="flex flex-col text-sm font-semibold">
          Record
          <select name="kind" defaultValue={d.kind} className="mt-1 min-h-11 rounded border p-2 font-normal">
            <PairOptions pairs={KINDS} />
          </select>
        </label>
        <FormField field={field} label="Batch or shipment code" hint="For example LR-COC-2026-000001">
          <input
            id={field.id}
            name="code"
            defaultValue={d.code}
            required
            maxLength={64}
            autoComplete="off"
            aria-invalid={d.error ? true : undefined}
            aria-describedby={d.error ? `${field.errorId} auditor-code-hint` : "auditor-code-hint"}
            className="min-h-11 w-full rounded border p-2 font-mono"
          />
        </FormField>
        <button type="submit" className="min-h-11 rounded bg-green-800 px-4 py-2 font-semibold text-white">
          Download the auditor's export (ZIP)
        </button>
      </form>
    </WorkShell>
  );
}
