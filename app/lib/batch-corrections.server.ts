/**
 * The batch page's corrections (ADR 031): which correction forms this user may use, and the
 * history of versions as the page prints it. Texts are made here on the server, so the browser
 * bundle carries none of them.
 */

import { type ChainStatus, STATUS_LABEL } from "#worker/domain/custody";
import type { MeasuredNumber } from "#worker/domain/inspections";
import { formatMoney, isCurrency } from "#worker/domain/money";
import type { BatchCorrections } from "#worker/services/batches/read-batch-page";
import type { RecordVersionView } from "#worker/services/records/read-versions";
import type { CorrectionField, CorrectionSpec, VersionRow } from "./batch-page";
import { portSummary } from "./port-summary";
import { versionBy } from "./record-versions.server";

/** The labels of the inspection's measurements on the correction form. */
const MEASUREMENT_LABEL: Record<MeasuredNumber, string> = {
  moisturePercent: "Moisture (%)",
  beanCountPer100g: "Bean count per 100 g",
  mouldyPercent: "Mouldy beans (%)",
  slatyPercent: "Slaty beans (%)",
  defectivePercent: "Insect-damaged, germinated or flat (%)",
  foreignMatterPercent: "Foreign matter (%)",
  defectsPer300g: "Defects per 300 g",
};

/** The correction forms this user may use on this batch (ADR 031), texts made here for a small bundle. */
export function correctionForms(c: BatchCorrections): CorrectionSpec[] {
  const reasonHint = "At least 10 characters, kept with the record";
  return [
    ...(c.voidStep
      ? [
          {
            intent: "void_step" as const,
            title: `Void the step "${STATUS_LABEL[c.voidStep] ?? c.voidStep}"`,
            submit: "Void this step",
            hidden: { toStatus: c.voidStep },
            fields: [] as CorrectionField[],
            values: {} as Record<string, string>,
            hint: reasonHint,
          },
        ]
      : []),
    ...(c.purchase
      ? [
          {
            intent: "correct_purchase" as const,
            title: "Correct the purchase",
            submit: "Record the correction",
            hidden: { baseVersion: String(c.purchase.version) },
            fields: [
              ["weightKg", "Correct weight (kg)"],
              ["pricePerKg", "Correct price per kg"],
              ["currency", "Currency (USD or LRD)", "text"],
            ] as CorrectionField[],
            values: {} as Record<string, string>,
            hint: reasonHint,
          },
        ]
      : []),
    ...(c.inspection
      ? [
          {
            intent: "correct_inspection" as const,
            title: "Correct the warehouse inspection",
            submit: "Record the correction",
            hidden: { baseVersion: String(c.inspection.version) },
            fields: c.inspection.fields.map((name): CorrectionField => [name, MEASUREMENT_LABEL[name]]),
            values: Object.fromEntries(
              Object.entries(c.inspection.values).map(([name, value]) => [name, value === null ? "" : String(value)]),
            ),
            hint: "At least 10 characters; the grade is computed again",
          },
        ]
      : []),
  ];
}

const RECORD_LABEL: Record<string, string> = {
  purchase: "Purchase",
  custody_event: "Custody step",
  batch_dds: "DDS numbers",
  batch_inspection: "Warehouse inspection",
  port_inspection: "Port inspection",
};
const KIND_LABEL: Record<string, string> = { original: "As recorded", correction: "Correction", void: "Voided" };
const kgText = (g: number) => `${(g / 1000).toLocaleString("en-US", { maximumFractionDigits: 3 })} kg`;

/** One version as the history table prints it (the texts are made here, not in the browser bundle). */
export function versionRow(v: RecordVersionView): VersionRow {
  const d = v.data;
  const what = [
    v.recordType === "port_inspection" ? portSummary(d) : null,
    typeof d.toStatus === "string" ? (STATUS_LABEL[d.toStatus as ChainStatus] ?? d.toStatus) : null,
    typeof d.weightG === "number" ? `weight ${kgText(d.weightG)}` : null,
    typeof d.weightOutG === "number" ? `weight out ${kgText(d.weightOutG)}` : null,
    typeof d.moistureTenthPct === "number" ? `moisture ${(d.moistureTenthPct / 10).toFixed(1)} %` : null,
    typeof d.pricePerKgMinor === "number" && isCurrency(d.currency)
      ? `price ${formatMoney({ amountMinor: d.pricePerKgMinor, currency: d.currency })}/kg`
      : null,
    typeof d.totalMinor === "number" && isCurrency(d.currency)
      ? `total ${formatMoney({ amountMinor: d.totalMinor, currency: d.currency })}`
      : null,
    typeof d.paymentReference === "string" ? `payment ref. ${d.paymentReference}` : null,
    typeof d.ddsReference === "string" ? `DDS ${d.ddsReference} / ${d.ddsVerification}` : null,
    typeof d.grade === "string" ? `grade ${d.grade}` : null,
  ].filter(Boolean);
  const who = versionBy(v);
  return {
    key: `${v.recordType}-${v.recordId}-${v.version}`,
    cells: [
      RECORD_LABEL[v.recordType] ?? v.recordType,
      `${v.version} · ${KIND_LABEL[v.kind] ?? v.kind}`,
      what.join(" · ") || "—",
      v.reason ? `${who} — Reason: ${v.reason}` : who,
    ],
  };
}
