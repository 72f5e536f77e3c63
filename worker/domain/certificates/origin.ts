/** The certificate of origin: consignment, goods, the exporter's declaration and the certification. */
import type { Layout } from "../pdf/layout";
import { formatNumber, kg } from "../pdf/theme";
import { type CertificateData, COUNTRY, formatDate } from "./content";
import { nameAndAddress, partyText } from "./parts";

export function originBody(l: Layout, data: CertificateData) {
  const s = data.shipment;
  const b = data.batch;
  const counties = [...new Set(data.plots.map((p) => p.county))].join(", ");
  l.heading("Consignment");
  l.fields(
    [
      [
        "1. Exporter",
        s
          ? `${nameAndAddress(s.exporter.name, s.exporter.address)}, ${s.exporter.country}${s.exporter.licenceNumber ? ` (licence ${s.exporter.licenceNumber})` : ""}`
          : "not recorded",
      ],
      ["2. Consignee", partyText(s?.consignee, true)],
      ["3. Transport details", s ? transportText(s) : "not recorded"],
      ["4. Route", s?.route ?? "not recorded"],
      ["5. Country of origin", { text: `${COUNTRY.name} (${COUNTRY.iso2})`, bold: true }],
    ],
    { labelWidth: 150 },
  );

  l.heading("Goods");
  l.table(
    [
      { header: "Marks and numbers", width: 1.5 },
      { header: "Number and kind of packages; description of goods", width: 2.4 },
      { header: "HS code", width: 0.6 },
      { header: "Quantity", width: 1.1, align: "right" },
    ],
    [
      [
        s?.marks || s?.containerNumbers?.length
          ? [s.marks ?? "", s.containerNumbers?.length ? `container ${s.containerNumbers.join(", ")}` : ""]
              .filter(Boolean)
              .join("; ")
          : "not recorded",
        `${s?.packages ? `${formatNumber(s.packages.count)} ${s.packages.kind}: ` : ""}${b?.description ?? "not recorded"}${b ? `; batch ${b.batchCode}` : ""}`,
        b?.hsCode ?? "—",
        s
          ? `${kg(s.netWeightKg)} net${s.grossWeightKg != null ? `\n${kg(s.grossWeightKg)} gross` : ""}`
          : b
            ? `${kg(b.netWeightKg)} net`
            : "—",
      ],
    ],
    { size: 8.5 },
  );
  l.fields(
    [
      [
        "Invoice",
        s?.invoiceNumber
          ? `No. ${s.invoiceNumber}${s.invoiceDate ? ` of ${formatDate(s.invoiceDate)}` : ""}`
          : "not recorded",
      ],
      [
        "Evidence of origin",
        `Grown by ${data.farmers.length} registered farmer(s) on ${data.plots.length} geolocated plot(s) in ${counties || "—"}; harvest of ${formatDate(b?.harvestDate)}; custody recorded on the national traceability platform.`,
      ],
    ],
    { labelWidth: 150 },
  );

  // An exporter's declaration is only claimed when one is recorded (its date is the invoice date).
  const declared = !!s?.invoiceDate;
  l.heading("Declaration by the exporter");
  l.text(
    declared
      ? `The exporter${s ? `, ${s.exporter.name},` : ""} declared on ${formatDate(s?.invoiceDate)} that the above details and statements are correct, and that all the goods were produced in the ${COUNTRY.name}.`
      : "not recorded: no exporter's declaration is held on the platform for these goods.",
  );
  l.heading("Certification");
  l.text(
    `The undersigned authority certifies, on the basis of the traceability records of the national platform${declared ? " and the exporter's declaration" : ""}, that the goods described above originate in the ${COUNTRY.name}.`,
  );
}

function transportText(s: NonNullable<CertificateData["shipment"]>): string {
  const means = [s.meansOfConveyance, s.vesselOrFlight].filter(Boolean).join(", ") || "means of transport not recorded";
  return `${means}; from ${s.portOfLoading ?? "a port of loading not recorded"}${s.departureDate ? ` on or about ${formatDate(s.departureDate)}` : ""}`;
}
