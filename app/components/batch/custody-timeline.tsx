import { ROLE_LABEL, type Role } from "#worker/auth/roles";
import { type BatchData, kg, stage } from "./shared";

/** The batch's chain of custody, oldest first, including the steps of the batches it came from. */
export function CustodyTimeline({ d }: { d: BatchData }) {
  return (
    <section aria-labelledby="custody" className="mt-6">
      <h2 id="custody" className="mb-2 text-lg font-bold">
        Chain of custody
      </h2>
      <ol className="space-y-2 border-l-2 border-green-700 pl-4" data-testid="custody-timeline">
        {d.custody.map((e) => (
          <li
            key={e.id}
            className={`rounded-md p-3 text-sm shadow-sm ${e.voidedAt ? "bg-slate-100" : "bg-white"}`}
            data-voided={e.voidedAt ? "true" : undefined}
          >
            {e.voidedAt && (
              <p className="font-semibold text-red-800">
                Voided {e.voidedAt.slice(0, 16).replace("T", " ")} UTC: {e.voidReason}
              </p>
            )}
            <p className={`font-semibold ${e.voidedAt ? "line-through" : ""}`}>
              {e.fromStatus === null ? `New batch (${stage(e.toStatus)})` : stage(e.toStatus)}
              {e.batchCode !== d.batch.batchCode && (
                <span className="font-normal text-slate-600"> · as {e.batchCode}</span>
              )}
            </p>
            <p className="text-slate-700">
              {e.occurredAt.slice(0, 16).replace("T", " ")} UTC · {e.actorName ?? "—"} (
              {ROLE_LABEL[e.actorRole as Role] ?? e.actorRole})
            </p>
            <p className="text-slate-700">
              {e.location ?? "Place not given"}
              {e.latitude != null &&
                e.longitude != null &&
                ` · GPS ${e.latitude.toFixed(6)}, ${e.longitude.toFixed(6)}`}
            </p>
            {(e.weightInKg != null || e.weightOutKg != null) && (
              <p className="text-slate-700">
                Weight in {kg(e.weightInKg)} · out {kg(e.weightOutKg)}
              </p>
            )}
            {e.note && <p className="mt-1 text-slate-800">{e.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
