/**
 * Certificates of real subjects: the content built from stored rows says only what is
 * stored — "not recorded" / "not measured" otherwise —, the 24-month monitoring series comes from
 * the assessment history, the data hash changes exactly when a document's printed data changes,
 * and each of the six documents of a real shipment renders with the expected text and a QR code
 * a scanner reads as the verification URL (poppler: pdftotext, pdftoppm).
 */
import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { CERTIFICATE_TYPES, type CertificateType, stampCertificate } from "#worker/domain/certificates/content";
import { certificateDataHash, contentForType } from "#worker/domain/certificates/printed";
import { renderCertificateLayout } from "#worker/domain/certificates/render";
import { canonicalJson } from "#worker/domain/hash";
import { batchCertificateContent } from "#worker/services/certificates/batch-content";
import { farmerCertificateContent } from "#worker/services/certificates/farmer-content";
import { monitoringSeries } from "#worker/services/certificates/plot-records";
import { POPPLER, pdfText, qrFromPixels } from "./pdf-tools";
import { ASSESSMENTS, BASE, FARMERS, NOW, PLOTS, rows } from "./real-shipment-fixtures";

describe("monitoring series from the assessment history", () => {
  it("covers only months with a verdict in force that read a post-2020 disturbance layer", () => {
    const series = monitoringSeries(
      "PLT-000001-01",
      ASSESSMENTS.filter((a) => a.plotId === "p-1"),
      NOW,
    );
    // The window is March 2024 – February 2026; the plot was first assessed in September 2024.
    expect(series.months[0]!.month).toBe("2024-09");
    expect(series.months.at(-1)!.month).toBe("2026-02");
    expect(series.months).toHaveLength(18);
    expect(series.months.find((m) => m.month === "2025-11")).toEqual({
      month: "2025-11",
      layer: "RADD alerts",
      alerts: 1,
      overlapHectares: 0.05,
      verdict: "more_information_needed",
    });
    expect(series.months.find((m) => m.month === "2025-12")).toEqual({
      month: "2025-12",
      layer: "RADD alerts",
      alerts: 0,
      overlapHectares: 0,
      verdict: "low",
    });
  });

  it("leaves out months whose verdict read no disturbance layer, and plots never assessed", () => {
    const series = monitoringSeries(
      "PLT-100002-01",
      ASSESSMENTS.filter((a) => a.plotId === "p-2"),
      NOW,
    );
    expect(series.months.map((m) => m.month)).toEqual(["2025-12", "2026-01", "2026-02"]);
    expect(monitoringSeries("PLT-X", [], NOW).months).toEqual([]);
  });
});

describe("content of a real shipment", () => {
  const c = batchCertificateContent(rows(), NOW);

  it("names the subject, farmers and plots as stored, with each plot's latest verdict, reasons and evidence", () => {
    expect(c.subject).toEqual({
      kind: "shipment",
      id: "LR-COC-2026-000901",
      label: "LR-COC-2026-000901 (Cocoa, exported 2026-02-28)",
    });
    expect(c.testProfile).toBe(false);
    expect(c.farmers).toEqual([
      { farmerId: "FRM000001", name: "Korto Gbowee", county: "Bong County", community: "Gbarnga" },
      { farmerId: "FRM100002", name: "Yassah Kpadeh", county: "Bong County", community: "Panta" },
    ]);
    expect(c.plots.map((p) => [p.plotCode, p.producerName, p.verdict, p.assessedAt])).toEqual([
      ["PLT-000001-01", "Korto Gbowee", "low", "2025-12-01T08:00:00.000Z"],
      ["PLT-100002-01", "Yassah Kpadeh", "low", "2025-12-01T08:00:00.000Z"],
    ]);
    expect(c.plots[0]!.reasons).toEqual(["Cocoa was already grown on the plot in 2020."]);
    expect(c.plots[0]!.evidence.map((e) => [e.layerName, e.kind, e.overlapPercent, e.sourceDate])).toEqual([
      ["Cocoa map 2020", "commodity_2020", 100, "2025-06-30"],
      ["RADD alerts", "disturbance_after_2020", 0, "2025-06-30"],
    ]);
    expect(c.batch).toMatchObject({
      batchCode: "LR-COC-2026-000901",
      description: "Cocoa beans, whole or broken, raw or roasted",
      netWeightKg: 1200,
      grade: "A",
    });
  });

  it("keeps what is stored about the shipment and leaves the rest unrecorded, never guessed", () => {
    expect(c.shipment).toEqual({
      reference: "LR-COC-2026-000901",
      exporter: { name: "Liberia Premium Exports Inc. (demo)", address: null, country: "Liberia", licenceNumber: null },
      consignee: null,
      meansOfConveyance: null,
      vesselOrFlight: null,
      portOfLoading: "Freeport of Monrovia",
      pointOfEntry: null,
      route: null,
      departureDate: "2026-02-28",
      invoiceNumber: null,
      invoiceDate: null,
      packages: null,
      marks: null,
      grossWeightKg: null,
      netWeightKg: 1190,
    });
    expect(c.quality).toBeNull();
    expect(c.phytosanitary).toMatchObject({
      botanicalName: "Theobroma cacao L.",
      placeOfOrigin: "Bong County, Liberia",
      additionalDeclaration: null,
      inspectionDate: "2026-02-20",
      inspectionPlace: "Freeport of Monrovia",
      treatment: null,
      treatmentRecorded: false,
    });
    expect(c.dds).toBeNull();
    expect(batchCertificateContent(rows({ kind: "batch" }), NOW).shipment).toBeNull();
  });

  it("a farmer's content: their plots only, no lot", () => {
    const f = farmerCertificateContent(
      { farmer: FARMERS[0]!, plots: [PLOTS[0]!], assessments: ASSESSMENTS.filter((a) => a.plotId === "p-1") },
      NOW,
    );
    expect(f.subject).toEqual({ kind: "farmer", id: "FRM000001", label: "Korto Gbowee (FRM000001)" });
    expect(f.plots.map((p) => p.plotCode)).toEqual(["PLT-000001-01"]);
    expect([f.batch, f.shipment, f.quality, f.phytosanitary, f.dds]).toEqual([null, null, null, null, null]);
    expect(f.monitoring[0]!.months).toHaveLength(18);
  });
});

describe("data hash", () => {
  const base = batchCertificateContent(rows(), NOW);
  const withDds = batchCertificateContent(
    rows({ batch: { ...rows().batch, ddsReference: "26BE7TQX4K2M9R", ddsVerification: "TST8K2QZ" } }),
    NOW,
  );

  it("is canonical: the same data in another key order hashes the same", async () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: undefined, e: null }] })).toBe('{"a":[{"d":2,"e":null}],"b":1}');
    const reordered = JSON.parse(JSON.stringify(base, Object.keys(base).reverse())) as typeof base;
    expect(await certificateDataHash("eudr", { ...reordered, ...base })).toBe(await certificateDataHash("eudr", base));
  });

  it("changes for the documents that print the DDS numbers, and only for them", async () => {
    for (const type of CERTIFICATE_TYPES) {
      const changed = (await certificateDataHash(type, base)) !== (await certificateDataHash(type, withDds));
      expect([type, changed]).toEqual([type, type === "eudr" || type === "declaration"]);
    }
  });

  it("a document keeps only what it prints", () => {
    expect(contentForType("quality", base).monitoring).toEqual([]);
    expect(contentForType("origin", base).plots[0]!.evidence).toEqual([]);
    expect(contentForType("deforestation", base).monitoring).toHaveLength(2);
    expect(contentForType("eudr", base).phytosanitary).toBeNull();
  });
});

// ── The rendered documents ───────────────────────────────────────────────────────────────────

const EXPECTED: Record<CertificateType, string[]> = {
  eudr: [
    "EUDR Compliance Certificate",
    "PLT-000001-01",
    "PLT-100002-01",
    "Korto Gbowee",
    "Yassah Kpadeh",
    "EU DDS reference number not yet recorded",
    "Cocoa was already grown on the plot in 2020.",
  ],
  deforestation: [
    "Deforestation Analysis",
    "PLT-000001-01",
    "September 2024 – February 2026 (18 months)",
    "18 months checked with RADD alerts: alerts in 15 month(s), largest overlap in a month 0.05 ha",
    "3 months checked with RADD alerts: alerts in 0 month(s)",
  ],
  phytosanitary: [
    "Phytosanitary Certificate",
    "Declared name and address of consignee not recorded",
    "Distinguishing marks not recorded",
    "Liberia Premium Exports Inc. (demo) (address not recorded)",
    "Theobroma cacao L.",
    "Consignment inspected on 20 February 2026 at Freeport of Monrovia",
    "Treatment not recorded",
  ],
  origin: [
    "Certificate of Origin",
    "2. Consignee not recorded",
    "from Freeport of Monrovia on or about 28 February 2026",
    "1,190 kg net",
    "Invoice not recorded",
    "not recorded: no exporter's declaration is held on the platform",
  ],
  quality: [
    "Quality Control Certificate",
    "Grade A (recorded on the batch at inspection)",
    "not measured — the measurements behind this grade",
  ],
  declaration: [
    "Comprehensive Compliance Declaration",
    "Grade A recorded at inspection; criteria not measured",
    "treatment not recorded",
    "LR-COC-2026-000901",
  ],
};
const NEVER: Record<CertificateType, string[]> = {
  eudr: [],
  deforestation: [],
  phytosanitary: ["None.", "none declared"],
  origin: ["declared on not recorded", "and the exporter's declaration"],
  quality: ["Moisture"],
  declaration: ["no treatment declared"],
};

describe.runIf(POPPLER)("the six documents of a real shipment", () => {
  const content = batchCertificateContent(rows(), NOW);
  it.each(CERTIFICATE_TYPES.map((t) => [t]))(
    "%s: expected text, nothing invented, and the QR code of its verification URL",
    async (type) => {
      const number = `LR-${{ eudr: "EUDR", deforestation: "DFA", phytosanitary: "PHY", origin: "COO", quality: "QCG", declaration: "CCD" }[type]}-2026-000017-7KQX`;
      const data = stampCertificate(type, contentForType(type, content), {
        certificateNumber: number,
        issuedAt: NOW,
        verifyBaseUrl: BASE,
      });
      const { bytes, qr } = await renderCertificateLayout(type, data);
      const text = pdfText(bytes);
      for (const t of [...EXPECTED[type], number, "LR-COC-2026-000901", `${BASE}/verify/${number}`])
        expect(text, t).toContain(t);
      for (const t of NEVER[type]) expect(text, t).not.toContain(t);
      expect(text).not.toContain("Test profile");
      expect(qrFromPixels(bytes, qr).modules).toEqual(encode(`${BASE}/verify/${number}`, { ecc: "M", border: 0 }).data);
    },
    30_000,
  );
});

describe.runIf(POPPLER)("weights on certificates (ADR 020: stored in grams)", () => {
  it("print the exact stored weight, to the gram, without float artefacts", async () => {
    const base = rows();
    // 0.1 + 0.2 kg style sums are where floats drift; grams add exactly: 1,190.505 kg stays 1,190.505 kg.
    const custody = base.custody.map((e) => (e.toStatus === "exported" ? { ...e, weightOutG: 1_190_505 } : e));
    const content = batchCertificateContent({ ...base, custody }, NOW);
    const data = stampCertificate("origin", contentForType("origin", content), {
      certificateNumber: "LR-COO-2026-000018-7KQX",
      issuedAt: NOW,
      verifyBaseUrl: BASE,
    });
    const text = pdfText((await renderCertificateLayout("origin", data)).bytes);
    expect(text).toContain("1,190.505 kg net");
    expect(text).not.toMatch(/1,190\.50{2,}|1,190\.504/);
  }, 30_000);
});
