/** A registered farmer's certificate content, built from stored rows only (unit-tested without D1). */

import type { AssessmentForCertificate, FarmerForCertificate, PlotForCertificate } from "#db/queries/certificates";
import type { CertificateContent } from "#worker/domain/certificates/content";
import { farmerRecord, fullName, historyByPlot, monitoringSeries, plotRecords } from "./plot-records";

export type FarmerRows = {
  farmer: FarmerForCertificate;
  plots: PlotForCertificate[];
  assessments: AssessmentForCertificate[];
};

/** A registered farmer's certificate content: their plots, verdicts with evidence, monitoring. */
export function farmerCertificateContent(rows: FarmerRows, now: Date): CertificateContent {
  const { farmer } = rows;
  const history = historyByPlot(rows.assessments);
  const plots = plotRecords(rows.plots, () => farmer, history);
  return {
    subject: { kind: "farmer", id: farmer.farmerId, label: `${fullName(farmer)} (${farmer.farmerId})` },
    testProfile: false,
    farmers: [farmerRecord(farmer)],
    batch: null,
    shipment: null,
    plots,
    monitoring: rows.plots.map((p) => monitoringSeries(p.plotCode, history.get(p.id) ?? [], now)),
    quality: null,
    phytosanitary: null,
    dds: null,
  };
}
