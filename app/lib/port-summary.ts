/** How a port inspection version reads in the histories (port inspection page, batch page). */
const BLANK = "(blank)";
/** The port inspection as its history prints it: every field, "(blank)" for a finding left empty. */
export function portSummary(d: Record<string, unknown>) {
  const text = (v: unknown) => (typeof v === "string" && v ? v : BLANK);
  return [
    d.outcome === "signed_off" ? "Signed off" : `Refused: ${text(d.refusalReason)}`,
    `port ${text(d.port)}`,
    `container ${text(d.containerNumber)}`,
    `seal ${text(d.sealNumber)}`,
    `pests ${text(d.pestsFound)}`,
    `treatment ${text(d.treatment)}`,
    `chemical ${text(d.treatmentChemical)}`,
    `treatment date ${text(d.treatmentDate)}`,
    `fumigation cert. ${text(d.fumigationCertificateRef)}`,
  ].join(" · ");
}
