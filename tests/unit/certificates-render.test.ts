/**
 * The six certificate PDFs, opened the way a reader opens them: text extracted with
 * poppler's pdftotext (the embedded fonts store subset glyph IDs, so searching the raw bytes
 * for words proves nothing), metadata read back with pdf-lib, page 1 rasterised with pdftoppm
 * and the QR code's modules compared pixel by pixel with the QR matrix of the verification URL.
 * Layout is checked on every page: every drawn box inside the margins, no two boxes overlapping.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import {
  CERTIFICATE_INFO,
  CERTIFICATE_TYPES,
  type CertificateData,
  type CertificateType,
  NOT_A_DDS_STATEMENT,
  type PlotRecord,
  stampCertificate,
  TEST_PROFILE_NOTICE,
} from "#worker/domain/certificates/content";
import { renderCertificate, renderCertificateLayout } from "#worker/domain/certificates/render";
import { TEST_FARMERS, testFarmerContent, testFarmerData } from "#worker/domain/certificates/test-farmers";
import { type DrawnBox, PAGE } from "#worker/domain/pdf/theme";
import { boxesOverlap, boxLabel, outsideMargins } from "./pdf-layout-checks";
import { POPPLER, pdfText, qrFromPixels } from "./pdf-tools";

const NOW = new Date("2026-01-15T10:30:00Z");
const BASE = "https://eip.example.gov.lr";

/** Every box inside the margins; no two boxes on a page overlapping. Returns the problems. */
function layoutProblems(boxes: DrawnBox[]): string[] {
  const problems = outsideMargins(boxes);
  const byPage = new Map<number, DrawnBox[]>();
  for (const b of boxes) byPage.set(b.page, [...(byPage.get(b.page) ?? []), b]);
  for (const list of byPage.values()) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i]!;
        const b = list[j]!;
        if (boxesOverlap(a, b)) problems.push(`overlap: ${boxLabel(a)} and ${boxLabel(b)}`);
      }
    }
  }
  return problems;
}

const names = TEST_FARMERS.map((f) => f.name);

describe("test farmer profiles", () => {
  it("are three, with ids 1 to 3, a name and a County / Town location, one with letters beyond ASCII", () => {
    expect(TEST_FARMERS.map((f) => f.id)).toEqual([1, 2, 3]);
    for (const f of TEST_FARMERS) expect(f.location).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)? County \/ \S+/);
    expect(names.some((n) => /[^\x20-\x7e]/.test(n))).toBe(true);
  });
});

describe.each(TEST_FARMERS.map((f) => [f.id, f.name] as const))("test farmer %i (%s)", (id, name) => {
  const all = testFarmerData(id, NOW, BASE);

  it.each(CERTIFICATE_TYPES.map((t) => [t]))(
    "%s: a valid PDF with its number, subject, title, metadata and the test notice on every page",
    async (type) => {
      const data = all[type];
      const { bytes, pageCount, boxes } = await renderCertificateLayout(type, data);
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
      const loaded = await PDFDocument.load(bytes, { updateMetadata: false });
      expect(loaded.getPageCount()).toBe(pageCount);
      expect(pageCount).toBeGreaterThanOrEqual(1);
      for (const page of loaded.getPages()) expect(page.getSize()).toEqual({ width: PAGE.width, height: PAGE.height });
      expect(loaded.getSubject()).toBe(data.certificateNumber);
      expect(loaded.getTitle()).toBe(`${CERTIFICATE_INFO[type].title} ${data.certificateNumber}`);
      expect(loaded.getAuthor()).toBe(data.issuer.authority);
      expect(loaded.getKeywords()).toContain(type);
      expect(loaded.getKeywords()).toContain("TEST-PROFILE");
      expect(loaded.getCreationDate()?.toISOString()).toBe(NOW.toISOString());
      expect(layoutProblems(boxes)).toEqual([]);
      expect(boxes.filter((b) => b.kind === "qr")).toHaveLength(1);

      if (!POPPLER) return;
      const text = pdfText(bytes);
      expect(text).toContain(data.certificateNumber);
      expect(text).toContain(name);
      expect(text).toContain(CERTIFICATE_INFO[type].title);
      expect(text).toContain(`${BASE}/verify/${data.certificateNumber}`);
      expect(text).toContain("15 January 2026"); // issued
      expect(text).toContain(
        type === "phytosanitary"
          ? "29 January 2026"
          : type === "quality" || type === "declaration"
            ? "15 July 2026"
            : "15 January 2027",
      );
      expect(text.split(TEST_PROFILE_NOTICE).length - 1).toBeGreaterThanOrEqual(pageCount);
      expect(text).toContain(`Page ${pageCount} of ${pageCount}`);
      expect(text).toContain(
        type === "phytosanitary"
          ? "National Plant Quarantine Service"
          : "Liberia Agriculture and Commodity Regulatory Authority (LACRA)",
      );
    },
  );

  it.runIf(POPPLER)(
    "EUDR: national attestation, not a DDS; cutoff, standard risk, plots with verdicts and evidence, the DDS numbers or 'not yet recorded'",
    async () => {
      const data = all.eudr;
      const text = pdfText(await renderCertificate("eudr", data));
      expect(text).toContain(NOT_A_DDS_STATEMENT);
      expect(text).toContain("31 December 2020");
      expect(text).toContain("Liberia is classified standard risk in the EU country benchmarking");
      for (const p of data.plots) {
        expect(text).toContain(p.plotCode);
        expect(text).toContain(`${p.areaHectares.toFixed(2)} ha`);
      }
      expect(text).toContain("Global Forest Cover 2020 (JRC)");
      if (data.dds) {
        expect(text).toContain(`EU DDS reference number ${data.dds.referenceNumber}`);
        expect(text).toContain(`EU DDS verification number ${data.dds.verificationNumber}`);
      } else {
        expect(text).toContain("EU DDS reference number not yet recorded");
      }
      const held = data.plots.find((p) => p.verdict === "more_information_needed");
      expect(text).toContain(
        held
          ? `Held for review: more information needed on ${held.plotCode}`
          : "Conclusion: eligible for an EU due diligence statement",
      );
      // Coordinates with 6 decimals, [longitude, latitude].
      const first = data.plots[0]!.geometry;
      const [lon, lat] =
        first.type === "Point"
          ? first.coordinates
          : first.type === "Polygon"
            ? first.coordinates[0]![0]!
            : first.coordinates[0]![0]![0]!;
      expect(text).toContain(`[${lon.toFixed(6)}, ${lat.toFixed(6)}]`);
    },
  );

  it("deforestation: every plot's outline drawn, its layers, verdict and 24 months of monitoring", async () => {
    const data = all.deforestation;
    const { bytes, boxes } = await renderCertificateLayout("deforestation", data);
    expect(boxes.filter((b) => b.kind === "map")).toHaveLength(data.plots.length);
    if (!POPPLER) return;
    const text = pdfText(bytes);
    for (const p of data.plots) {
      expect(text).toContain(`Plot ${p.plotCode}`);
      expect(text).toContain(`Monitoring of ${p.plotCode}`);
    }
    expect(text).toContain("24 months checked with RADD alerts (Sentinel-1): alerts in 0 month(s)");
    expect(text).toContain("January 2024 – December 2025 (24 months)");
    expect(text).toContain("Dec 2025");
  });

  it.runIf(POPPLER)("phytosanitary: the IPPC model fields, and honest about who signs it", async () => {
    const data = all.phytosanitary;
    const text = pdfText(await renderCertificate("phytosanitary", data));
    for (const field of [
      "Name and address of exporter",
      "Declared name and address of consignee",
      "Number and description of packages",
      "Distinguishing marks",
      "Place of origin",
      "Declared means of conveyance",
      "Declared point of entry",
      "Name of produce and quantity declared",
      "Botanical name of plants",
      "II. Additional declaration",
      "III. Disinfestation and/or disinfection treatment",
      "Chemical (active ingredient)",
      "Duration and temperature",
      "Concentration",
      "Name of authorized officer",
    ]) {
      expect(text).toContain(field);
    }
    expect(text).toContain("Prepared by the LACRA traceability platform for the plant protection service");
    expect(text).toContain("becomes valid only when signed and stamped by an authorized officer");
    expect(text).toContain(data.phytosanitary!.botanicalName);
    expect(text).toContain(data.shipment!.marks);
  });

  it.runIf(POPPLER)("origin: the ICC fields", async () => {
    const data = all.origin;
    const s = data.shipment!;
    const text = pdfText(await renderCertificate("origin", data));
    for (const field of [
      "1. Exporter",
      "2. Consignee",
      "3. Transport details",
      "4. Route",
      "5. Country of origin Republic of Liberia (LR)",
      "Marks and numbers",
      "HS code",
      "Declaration by the exporter",
      "Certification",
    ]) {
      expect(text).toContain(field);
    }
    expect(text).toContain(`No. ${s.invoiceNumber} of 10 January 2026`);
    expect(text).toContain(`${s.netWeightKg.toLocaleString("en-US")} kg net`);
    expect(text).toContain(s.consignee!.name);
  });

  it.runIf(POPPLER)("quality: the grade and the measured criteria behind it", async () => {
    const text = pdfText(await renderCertificate("quality", all.quality));
    const expected = { 1: "Grade A: Meets LACRA's export criteria", 2: "Grade A+: Premium", 3: "Grade C: Grade II" }[
      id
    ];
    expect(text).toContain(expected);
    expect(text).toContain("Moisture");
    expect(text).toContain(id === 2 ? "Defects per 300 g sample" : "Slaty beans (cut test)");
    expect(text).toContain(id === 2 ? "10.8 %" : id === 1 ? "7.2 %" : "7.4 %");
  });

  it.runIf(POPPLER)("declaration: summarises every other certificate by number", async () => {
    const text = pdfText(await renderCertificate("declaration", all.declaration));
    for (const t of CERTIFICATE_TYPES.filter((x) => x !== "declaration"))
      expect(text).toContain(all[t].certificateNumber);
    expect(text).toContain(NOT_A_DDS_STATEMENT);
  });
});

describe.runIf(POPPLER)("QR code on page 1", () => {
  it.each(CERTIFICATE_TYPES.map((t) => [t]))(
    "%s: the rendered pixels are the QR code of <base>/verify/<number>",
    async (type) => {
      const data = testFarmerData(2, NOW, BASE)[type];
      const { bytes, qr } = await renderCertificateLayout(type, data);
      expect(qr.page).toBe(0);
      // The matrix a scanner must read, computed independently of the renderer.
      const expected = encode(`${BASE}/verify/${data.certificateNumber}`, { ecc: "M", border: 0 });
      expect(qr.modules).toBe(expected.size);
      const seen = qrFromPixels(bytes, qr);
      expect(seen.quietZoneLight).toBe(true);
      expect(seen.modules).toEqual(expected.data);
    },
  );
});

/** 60 plots for one farmer with a 120-character name: polygons and points around Gbarnga. */
function manyPlots(base: CertificateData["plots"][number], count: number, producerName: string): PlotRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const lon = +(-9.45 + (i % 10) * 0.004).toFixed(6);
    const lat = +(7.01 + Math.floor(i / 10) * 0.004).toFixed(6);
    const d = 0.0009 + (i % 3) * 0.0002;
    const geometry: PlotRecord["geometry"] =
      i % 4 === 3
        ? { type: "Point", coordinates: [+(lon + 0.000123).toFixed(6), +(lat + 0.000456).toFixed(6)] }
        : {
            type: "Polygon",
            coordinates: [
              [
                [lon, lat],
                [+(lon + d).toFixed(6), lat],
                [+(lon + d).toFixed(6), +(lat + d * 0.7).toFixed(6)],
                [+(lon + d / 2).toFixed(6), +(lat + d).toFixed(6)],
                [lon, +(lat + d * 0.8).toFixed(6)],
                [lon, lat],
              ],
            ],
          };
    return {
      ...base,
      plotCode: `PLT-999901-${String(i + 1).padStart(2, "0")}`,
      producerName,
      geometry,
      areaHectares: geometry.type === "Point" ? 0.8 : 1 + (i % 3) * 0.45,
      verdict: i % 7 === 5 ? "high" : i % 11 === 4 ? "more_information_needed" : i % 13 === 12 ? null : "low",
      evidence: base.evidence.map((e) => ({
        ...e,
        layerName: `${e.layerName} — national mosaic of Sentinel-2 and Landsat composites, tiles 29NMJ to 29NPK`,
      })),
    };
  });
}

describe("long names and many plots", () => {
  const longName =
    "Mɔmɔ Kɔlubah-Ŋgaima Gbɛnyɔn Tarr-Flomo Zoé Dahn Kollie Sumo Kpadeh Gbeanquoi Wolokollie Tokpah Kerkula Saye Gonkarnue Yarkpawolo".slice(
      0,
      120,
    );
  const base = testFarmerContent(1, NOW);
  const plots = manyPlots(base.plots[0]!, 60, longName);
  const content = {
    ...base,
    subject: { ...base.subject, label: `${longName} (test profile 1)` },
    farmers: [
      {
        ...base.farmers[0]!,
        name: longName,
        community: "Gbarnga-Kpaiyea-Kpatawee-Suakoko-Sanoyea-Palala-Totota-Salala-Haindii-Fenutoli",
      },
    ],
    plots,
    monitoring: plots.map((p, i) => ({
      plotCode: p.plotCode,
      months: base.monitoring[0]!.months.map((m, k) => ({
        ...m,
        alerts: i % 7 === 5 && k > 20 ? 12 : 0,
        overlapHectares: i % 7 === 5 && k > 20 ? 0.37 : 0,
      })),
    })),
  };

  it("the name is 120 characters, with Kpelle letters", () => {
    expect(longName).toHaveLength(120);
  });

  it.each(CERTIFICATE_TYPES.map((t) => [t]))(
    "%s: runs over several pages when needed, nothing outside the margins, nothing overlapping",
    async (type: CertificateType) => {
      const data = stampCertificate(type, content, {
        certificateNumber: `LR-${CERTIFICATE_INFO[type].code}-2026-000777`,
        issuedAt: NOW,
        verifyBaseUrl: BASE,
      });
      const { bytes, pageCount, boxes } = await renderCertificateLayout(type, data);
      if (process.env.CERT_PDF_DIR) writeFileSync(join(process.env.CERT_PDF_DIR, `long-${type}.pdf`), bytes);
      expect(layoutProblems(boxes)).toEqual([]);
      if (type === "eudr" || type === "deforestation" || type === "declaration") expect(pageCount).toBeGreaterThan(3);
      if (type === "deforestation") expect(boxes.filter((b) => b.kind === "map")).toHaveLength(60);
      if (!POPPLER) return;
      const text = pdfText(bytes);
      expect(text).toContain(`Page ${pageCount} of ${pageCount}`);
      expect(text).toContain(longName);
      if (type !== "phytosanitary" && type !== "origin" && type !== "quality") expect(text).toContain("PLT-999901-60");
      // The table header repeats on each page a long table runs onto.
      if (type === "eudr") expect(text.split("Plot Producer Crop County").length - 1).toBeGreaterThanOrEqual(2);
    },
    30_000,
  );
});

describe("renderCertificate", () => {
  it("refuses data stamped for another type (its number and validity would be wrong)", async () => {
    const all = testFarmerData(1, NOW, BASE);
    await expect(renderCertificate("eudr", all.phytosanitary)).rejects.toThrow(
      'Certificate data was stamped for "phytosanitary", not "eudr"',
    );
  });
});
