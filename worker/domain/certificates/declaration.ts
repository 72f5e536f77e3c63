/** The comprehensive declaration: every check's result, each resting on the certificate named beside it. */
import type { Layout } from "../pdf/layout";
import { AMBER, GREEN, ha, kg, NAVY, PALE_BLUE, RED } from "../pdf/theme";
import { type CertificateData, type CertificateType, COUNTRY, formatDate, NOT_A_DDS_STATEMENT } from "./content";
import { gradeFromMeasurements, tradeGradeOf } from "./grading";
import { complianceOf, monitoringWindow, plotsTable, subjectFields, totalArea, verdictCounts } from "./parts";

export function declarationBody(l: Layout, data: CertificateData) {
  const compliance = complianceOf(data);
  const related = new Map((data.relatedCertificates ?? []).map((r) => [r.type, r]));
  const ref = (t: CertificateType) => {
    const r = related.get(t);
    return r ? `${r.certificateNumber} (valid until ${formatDate(r.expiresAt)})` : "not issued";
  };
  l.heading("Declaration");
  l.text(
    `The ${data.issuer.authority} declares that, on the records of the national traceability platform on ${formatDate(data.issuedAt)}, the subject below has been checked for EUDR compliance, deforestation, plant health, origin and quality, with the results summarised here. Each result rests on the certificate named beside it.`,
  );
  l.heading("Subject");
  subjectFields(l, data);

  const months = data.monitoring.reduce((s, m) => s + m.months.length, 0);
  const alertMonths = data.monitoring.reduce((s, m) => s + m.months.filter((x) => x.alerts > 0).length, 0);
  const q = data.quality ? gradeFromMeasurements(data.quality.measurements) : null;
  const t = data.phytosanitary?.treatment;
  const s = data.shipment;
  l.heading("Results");
  l.table(
    [
      { header: "Check", width: 1.1 },
      { header: "Result", width: 2.9 },
      { header: "Certificate", width: 1.6 },
    ],
    [
      [
        "EUDR compliance",
        {
          text:
            compliance.verdict === "eligible"
              ? `Eligible for an EU due diligence statement: ${compliance.reason}`
              : compliance.reason,
          bold: true,
          color: compliance.verdict === "eligible" ? GREEN : compliance.verdict === "held_for_review" ? AMBER : RED,
        },
        ref("eudr"),
      ],
      [
        "EU due diligence statement",
        data.dds
          ? `Filed by the EU operator: reference ${data.dds.referenceNumber}, verification ${data.dds.verificationNumber}`
          : { text: "not yet recorded", color: AMBER },
        "—",
      ],
      [
        "Deforestation",
        `${data.plots.length} plot(s), ${ha(totalArea(data.plots))}: ${verdictCounts(data.plots)}. Monitoring: ${monitoringWindow(data)}, alerts in ${alertMonths} of ${months} plot-months.`,
        ref("deforestation"),
      ],
      [
        "Plant health",
        data.phytosanitary
          ? `Prepared for the National Plant Quarantine Service; ${t ? `${t.treatment.toLowerCase()} on ${formatDate(t.date)}` : data.phytosanitary.treatmentRecorded === false ? "treatment not recorded" : "no treatment declared"}; valid only when signed by its officer.`
          : "not recorded",
        ref("phytosanitary"),
      ],
      [
        "Origin",
        `${COUNTRY.name}${data.batch ? `; HS ${data.batch.hsCode}; ${kg(s?.netWeightKg ?? data.batch.netWeightKg)} net` : ""}`,
        ref("origin"),
      ],
      [
        "Quality",
        q && data.quality
          ? `Grade ${q.grade} (${tradeGradeOf(q.grade, data.quality.measurements.commodity)}): ${q.meaning}`
          : data.batch?.grade
            ? `Grade ${data.batch.grade} recorded at inspection; criteria not measured`
            : "not measured",
        ref("quality"),
      ],
    ],
    { size: 8 },
  );
  l.heading("Origin plots");
  if (data.plots.length) plotsTable(l, data.plots);
  else l.text("No origin plot is recorded.", { bold: true, color: RED });
  l.y -= 4;
  l.callout(NOT_A_DDS_STATEMENT, NAVY, PALE_BLUE, 8.5);
}
