import { Link } from "react-router";
import { BatchQr } from "#app/components/batch-qr";
import { Facts } from "#app/components/kit/facts";
import { COMPLIANCE_BADGE, COMPLIANCE_SHORT } from "#app/content/batches";
import { type BatchData, kg, stage } from "./shared";

/** The batch at a glance (commodity, weight, stage, compliance) and its public trace QR code. */
export function BatchSummary({ d }: { d: BatchData }) {
  const { batch } = d;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <section aria-labelledby="summary" className="rounded-md border border-slate-200 bg-white p-4 lg:col-span-2">
        <h2 id="summary" className="sr-only">
          Summary
        </h2>
        <Facts
          className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3"
          ddClassName="break-words"
          facts={[
            ["Commodity", `${batch.commodity} (HS ${batch.hsCode})`],
            ["Weight", kg(batch.weightKg)],
            ["Quality grade", batch.grade ?? "—"],
            ["Harvest date", batch.harvestDate ?? "—"],
            ["Stage", stage(batch.status)],
            ["County of origin", batch.county ?? "—"],
            ["Registered", batch.createdAt.slice(0, 10)],
            ...(batch.derivedBy
              ? ([["Made by", batch.derivedBy === "split" ? "Splitting a batch" : "Merging batches"]] as const)
              : []),
            ...(batch.ddsReference
              ? ([
                  ["EU DDS reference", batch.ddsReference],
                  ["DDS verification", batch.ddsVerification ?? "—"],
                ] as const)
              : []),
          ]}
        />
        <div className="mt-4 space-y-2" data-testid="compliance">
          <p>
            <span className={`rounded px-2 py-1 text-sm font-bold ${COMPLIANCE_BADGE[batch.complianceStatus] ?? ""}`}>
              {COMPLIANCE_SHORT[batch.complianceStatus] ?? batch.complianceStatus}
            </span>
          </p>
          {batch.complianceReason && <p className="text-sm">{batch.complianceReason}</p>}
          {batch.complianceStatus !== "compliant" &&
            d.eligibility.verdict === "eligible" &&
            batch.complianceStatus !== "pending" && (
              <p className="text-sm text-slate-700">
                Today every origin plot is valid and low risk: re-check to update.
              </p>
            )}
          {batch.volumeFlag && (
            <p className="rounded-md bg-red-50 p-2 text-sm text-red-900" data-testid="volume-flag">
              <strong>Volume flagged for inspection.</strong> {batch.volumeNote}
            </p>
          )}
          {!batch.volumeFlag && batch.volumeNote && <p className="text-sm text-slate-600">{batch.volumeNote}</p>}
        </div>
      </section>

      <section aria-labelledby="trace" className="rounded-md border border-slate-200 bg-white p-4 text-center">
        <h2 id="trace" className="font-bold">
          Public trace
        </h2>
        <BatchQr
          code={batch.batchCode}
          alt={`QR code of the public trace page of ${batch.batchCode}`}
          className="mx-auto my-2 h-40 w-40"
        />
        <p className="text-sm">
          <Link to={`/qr/${batch.batchCode}`} className="font-semibold text-green-800 underline" reloadDocument>
            Open the public page
          </Link>
        </p>
        <p className="mt-1 text-sm">
          Download the label:{" "}
          <a href={`/api/qr/${batch.batchCode}.png`} download className="text-green-800 underline">
            PNG
          </a>{" "}
          ·{" "}
          <a href={`/api/qr/${batch.batchCode}.svg`} download className="text-green-800 underline">
            SVG
          </a>
        </p>
      </section>
    </div>
  );
}
