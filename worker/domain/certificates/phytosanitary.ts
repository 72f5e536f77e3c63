/**
 * The phytosanitary certificate in the IPPC model layout, prepared by the platform for the
 * National Plant Quarantine Service, which signs it.
 */
import type { Layout } from "../pdf/layout";
import { formatNumber, kg, MUTED } from "../pdf/theme";
import { type CertificateData, COUNTRY, formatDate } from "./content";
import { farmersText, nameAndAddress, orNot, partyText } from "./parts";

export function phytosanitaryBody(l: Layout, data: CertificateData) {
  const s = data.shipment;
  const ph = data.phytosanitary;
  const b = data.batch;
  l.y -= 4;
  l.fields(
    [
      ["Plant Protection Organization of", COUNTRY.name],
      ["TO: Plant Protection Organization(s) of", orNot(s?.consignee?.country)],
    ],
    { labelWidth: 190 },
  );

  l.heading("I. Description of consignment");
  l.fields(
    [
      ["Name and address of exporter", s ? nameAndAddress(s.exporter.name, s.exporter.address) : "not recorded"],
      ["Declared name and address of consignee", partyText(s?.consignee)],
      [
        "Number and description of packages",
        s?.packages ? `${formatNumber(s.packages.count)} ${s.packages.kind}` : "not recorded",
      ],
      [
        "Distinguishing marks",
        orNot(
          s?.marks ??
            (ph?.containerNumber ? `Container ${ph.containerNumber}, seal ${ph.sealNumber ?? "not recorded"}` : null),
        ),
      ],
      [
        "Place of origin",
        ph?.placeOfOrigin ?? ([...new Set(data.plots.map((p) => p.county))].join(", ") || "not recorded"),
      ],
      [
        "Declared means of conveyance",
        orNot(s ? [s.meansOfConveyance, s.vesselOrFlight].filter(Boolean).join(" — ") : null),
      ],
      ["Declared point of entry", orNot(s?.pointOfEntry)],
      [
        "Name of produce and quantity declared",
        b
          ? `${b.description}; ${kg(s?.netWeightKg ?? b.netWeightKg)} net${s?.grossWeightKg != null ? `, ${kg(s.grossWeightKg)} gross` : ""}`
          : "not recorded",
      ],
      ["Botanical name of plants", ph?.botanicalName ?? "not recorded"],
    ],
    { labelWidth: 190 },
  );
  l.y -= 2;
  l.text(
    "This is to certify that the plants, plant products or other regulated articles described herein have been inspected and/or tested according to appropriate official procedures and are considered to be free from the quarantine pests specified by the importing contracting party and to conform with the current phytosanitary requirements of the importing contracting party, including those for regulated non-quarantine pests.",
    { size: 8.5 },
  );

  l.heading("II. Additional declaration");
  l.text(ph ? (ph.additionalDeclaration ?? "not recorded") : "None.", { size: 9 });
  if (ph?.inspectionDate)
    l.text(
      `Consignment inspected on ${formatDate(ph.inspectionDate)}${ph.inspectionPlace ? ` at ${ph.inspectionPlace}` : ""}.`,
      { size: 8.5, color: MUTED },
    );

  l.heading("III. Disinfestation and/or disinfection treatment");
  const t = ph?.treatment;
  // "none declared" says there was no treatment; with no treatment record at all, say so instead.
  const none = ph?.treatmentRecorded === false ? "not recorded" : "none declared";
  l.fields(
    [
      ["Date", t ? formatDate(t.date) : none],
      ["Treatment", t?.treatment ?? none],
      ["Chemical (active ingredient)", t?.chemical ?? none],
      ["Duration and temperature", t?.durationAndTemperature ?? none],
      ["Concentration", t?.concentration ?? none],
      [
        "Additional information",
        t?.additionalInformation ??
          (ph?.fumigationCertificateRef ? `Fumigation certificate ${ph.fumigationCertificateRef}` : "—"),
      ],
    ],
    { labelWidth: 190 },
  );

  l.heading("Traceability reference");
  l.fields(
    [
      ["Batch", b ? `${b.batchCode} (${b.commodity}, HS ${b.hsCode})` : "not recorded"],
      ["Producer(s)", farmersText(data)],
      [
        "Origin plots",
        `${data.plots.length} plot(s) in ${[...new Set(data.plots.map((p) => p.county))].join(", ") || "—"}`,
      ],
    ],
    { labelWidth: 190 },
  );
}
