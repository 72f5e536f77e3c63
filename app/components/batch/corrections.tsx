import type { BatchData } from "./shared";

/** Every version of the batch's corrected or voided records, oldest first (texts made on the server). */
export function VersionHistory({ d }: { d: BatchData }) {
  return (
    <section aria-labelledby="versions" className="mt-6">
      <h2 id="versions" className="mb-2 text-lg font-bold">
        Corrections and versions
      </h2>
      <ol className="space-y-1 text-sm" data-testid="record-versions">
        {d.versions.map((v) => (
          <li key={v.key}>{v.cells.join(" · ")}</li>
        ))}
      </ol>
      {!d.versions.length && <p className="text-sm">No record of this batch has been corrected or voided.</p>}
    </section>
  );
}
