/**
 * What the warehouse inspection of a batch found: grade, measurements, and a rejection
 * with its reason and what happens to the batch. The form that sends a batch to an inspector is
 * in dispatch-form.tsx.
 */

type Quality = {
  grade: string;
  outcome: string;
  inspectedAt: string;
  decidingCriteria: string[];
  rejectionReason: string | null;
  disposition: string | null;
  measurements: string[];
} | null;

export function InspectionSection({
  inspection,
}: {
  inspection: { dispatch: { warehouse: string | null; dispatchedAt: string } | null; quality: Quality } | null;
}) {
  if (!inspection || (!inspection.dispatch && !inspection.quality)) return null;
  const { dispatch, quality } = inspection;
  const rejected = quality?.outcome === "rejected";
  return (
    <section aria-labelledby="inspection" className="mt-6" data-testid="inspection">
      <h2 id="inspection" className="text-lg font-bold">
        Inspection
      </h2>
      {dispatch && (
        <p className="mt-1 text-sm">
          Sent to the warehouse{dispatch.warehouse ? ` ${dispatch.warehouse}` : ""} on{" "}
          {dispatch.dispatchedAt.slice(0, 10)}.
        </p>
      )}
      {quality && (
        <div
          className={`mt-2 rounded-md border p-3 text-sm ${rejected ? "border-red-300 bg-red-50" : "border-slate-200 bg-white"}`}
        >
          <p className="font-semibold">
            {rejected ? "Rejected at inspection" : "Passed inspection"} · grade {quality.grade} ·{" "}
            {quality.inspectedAt.slice(0, 10)}
          </p>
          {rejected && (
            <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3" data-testid="rejection">
              <dt className="font-semibold">Reason</dt>
              <dd>{quality.rejectionReason ?? "Not given"}</dd>
              <dt className="font-semibold">What happens</dt>
              <dd>{quality.disposition ?? "Not decided"}</dd>
            </dl>
          )}
          {quality.decidingCriteria.length > 0 && (
            <p className="mt-1">Decided by: {quality.decidingCriteria.join("; ")}</p>
          )}
          {quality.measurements.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {quality.measurements.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
