/**
 * Certificate content: validity periods, numbers, verification URLs, the A+..F grading
 * and the three test farmer profiles, whose data must pass the platform's own EUDR checks.
 */
import { describe, expect, it } from "vitest";
import {
  addValidity,
  CERTIFICATE_INFO,
  CERTIFICATE_TYPES,
  type CocoaMeasurements,
  certificateFileName,
  expiryFor,
  formatCertificateNumber,
  formatDate,
  gradeFromMeasurements,
  issuerFor,
  monitoringMonths,
  verificationUrl,
} from "#worker/domain/certificates/content";
import { TEST_FARMERS, testFarmerContent, testFarmerData } from "#worker/domain/certificates/test-farmers";
import { DEFAULT_YIELD_KG_PER_HA } from "#worker/domain/commodities";
import { validatePlotGeometry } from "#worker/domain/validate-geometry";

const NOW = new Date("2026-01-15T10:30:00Z");

describe("certificate types", () => {
  it("are the six of the spec, each with a title, a file slug and the spec's test endpoint", () => {
    expect(CERTIFICATE_TYPES).toEqual(["eudr", "deforestation", "phytosanitary", "origin", "quality", "declaration"]);
    expect(CERTIFICATE_TYPES.map((t) => CERTIFICATE_INFO[t].testPath)).toEqual([
      "eudr-certificate",
      "deforestation-certificate",
      "phytosanitary-certificate",
      "origin-certificate",
      "quality-certificate",
      "compliance-declaration",
    ]);
    expect(certificateFileName("eudr", "LR-EUDR-2026-000123")).toBe("eudr-compliance-LR-EUDR-2026-000123.pdf");
  });

  it("expire after their validity: phytosanitary 14 days, quality and declaration 6 months, others 12 months", () => {
    const at = (t: (typeof CERTIFICATE_TYPES)[number]) => expiryFor(t, NOW).toISOString();
    expect(at("phytosanitary")).toBe("2026-01-29T10:30:00.000Z");
    expect(at("quality")).toBe("2026-07-15T10:30:00.000Z");
    expect(at("declaration")).toBe("2026-07-15T10:30:00.000Z");
    for (const t of ["eudr", "deforestation", "origin"] as const) expect(at(t)).toBe("2027-01-15T10:30:00.000Z");
    // 31 August + 6 months ends on the last day of February, not in March.
    expect(addValidity(new Date("2025-08-31T00:00:00Z"), { months: 6 }).toISOString()).toBe("2026-02-28T00:00:00.000Z");
  });

  it("number certificates LR-<code>-<year>-<serial>, URL-safe, and verify them under /verify/<number>", () => {
    expect(formatCertificateNumber("origin", NOW, "000123")).toBe("LR-COO-2026-000123");
    expect(formatCertificateNumber("eudr", NOW, "7f3k9q")).toBe("LR-EUDR-2026-7F3K9Q");
    expect(() => formatCertificateNumber("eudr", NOW, "a/b")).toThrow(RangeError);
    expect(verificationUrl("https://eip.example.gov.lr/", "LR-EUDR-2026-000123")).toBe(
      "https://eip.example.gov.lr/verify/LR-EUDR-2026-000123",
    );
  });

  it("name LACRA as issuer, except the phytosanitary certificate, prepared for the plant protection service", () => {
    expect(issuerFor("eudr").authority).toBe("Liberia Agriculture and Commodity Regulatory Authority (LACRA)");
    const phyto = issuerFor("phytosanitary");
    expect(phyto.authority).toBe("National Plant Quarantine Service (NPQS), Ministry of Agriculture");
    expect(phyto.preparedBy).toBe("Prepared by the LACRA traceability platform for the plant protection service");
  });

  it("write dates the way the papers do", () => {
    expect(formatDate("2026-01-05")).toBe("5 January 2026");
    expect(formatDate("2025-03")).toBe("March 2025");
    expect(formatDate(null)).toBe("not recorded");
    expect(monitoringMonths(NOW, 24)).toHaveLength(24);
    expect(monitoringMonths(NOW, 24)[0]).toBe("2024-01");
    expect(monitoringMonths(NOW, 24)[23]).toBe("2025-12");
  });
});

describe("gradeFromMeasurements", () => {
  const good: CocoaMeasurements = {
    commodity: "Cocoa",
    moisturePercent: 6.8,
    beanCountPer100g: 92,
    mouldyPercent: 0.5,
    slatyPercent: 1,
    defectivePercent: 0.7,
    foreignMatterPercent: 0,
    smokyBeans: false,
  };

  it("gives A+ when every criterion is in the premium band", () => {
    const r = gradeFromMeasurements(good);
    expect(r.grade).toBe("A+");
    expect(r.criteria.every((c) => c.withinLimit)).toBe(true);
  });

  it("follows LACRA's moisture limit of 7.5 %: at the limit A, above it sub-standard (D), far above rejected (F)", () => {
    expect(gradeFromMeasurements({ ...good, moisturePercent: 7.5 }).grade).toBe("A");
    const wet = gradeFromMeasurements({ ...good, moisturePercent: 7.6 });
    expect(wet.grade).toBe("D");
    expect(wet.limitingCriteria).toEqual(["Moisture: 7.6 %"]);
    expect(wet.criteria.find((c) => c.key === "moisturePercent")!.withinLimit).toBe(false);
    expect(gradeFromMeasurements({ ...good, moisturePercent: 9 }).grade).toBe("F");
  });

  it("takes the worst criterion: Grade II slaty beans make the lot C however good the rest is", () => {
    expect(gradeFromMeasurements({ ...good, slatyPercent: 5 }).grade).toBe("C");
    expect(gradeFromMeasurements({ ...good, beanCountPer100g: 108 }).grade).toBe("B");
  });

  it("rejects smoky beans and any foreign matter above 1 %; a trace of foreign matter is C", () => {
    expect(gradeFromMeasurements({ ...good, smokyBeans: true }).grade).toBe("F");
    expect(gradeFromMeasurements({ ...good, foreignMatterPercent: 0.3 }).grade).toBe("C");
    expect(gradeFromMeasurements({ ...good, foreignMatterPercent: 1.2 }).grade).toBe("F");
  });

  it("never grades a measurement it cannot read", () => {
    expect(gradeFromMeasurements({ ...good, mouldyPercent: Number.NaN }).grade).toBe("F");
    expect(gradeFromMeasurements({ ...good, mouldyPercent: -1 }).grade).toBe("F");
  });

  it("grades coffee on moisture (ICO ≤ 12.5 %), defects per 300 g (≤ 150) and foreign matter", () => {
    expect(
      gradeFromMeasurements({ commodity: "Coffee", moisturePercent: 10.8, defectsPer300g: 22, foreignMatterPercent: 0 })
        .grade,
    ).toBe("A+");
    expect(
      gradeFromMeasurements({ commodity: "Coffee", moisturePercent: 12, defectsPer300g: 140, foreignMatterPercent: 0 })
        .grade,
    ).toBe("C");
    expect(
      gradeFromMeasurements({ commodity: "Coffee", moisturePercent: 12, defectsPer300g: 160, foreignMatterPercent: 0 })
        .grade,
    ).toBe("D");
  });
});

describe("test farmer profiles", () => {
  it("are listed as the screen shows them", () => {
    expect(TEST_FARMERS).toEqual([
      { id: 1, name: "Musu Flomo", location: "Bong County / Gbarnga" },
      { id: 2, name: "Garmai Kɔlubah-Ŋgaima", location: "Lofa County / Voinjama" },
      { id: 3, name: "Zoé Gbɛnyɔn Tarr", location: "Nimba County / Sanniquellie" },
    ]);
    expect(() => testFarmerContent(4, NOW)).toThrow(RangeError);
  });

  it.each([1, 2, 3])(
    "profile %i: plots pass the EUDR geometry checks with 6 decimals, in the farmer's county",
    (id) => {
      const c = testFarmerContent(id, NOW);
      expect(c.testProfile).toBe(true);
      for (const p of c.plots) {
        const r = validatePlotGeometry(p.geometry, {
          crop: p.crop,
          county: p.county,
          declaredAreaHectares: p.geometry.type === "Point" ? p.areaHectares : undefined,
        });
        expect(r.errors).toEqual([]);
        expect(r.warnings).toEqual([]);
        if (p.geometry.type === "Polygon") expect(Math.abs(r.areaHectares - p.areaHectares)).toBeLessThan(0.01);
        expect(p.evidence.length).toBeGreaterThanOrEqual(5);
      }
    },
  );

  it.each([1, 2, 3])(
    "profile %i: 24 months of monitoring per plot, ending last month; a batch the plots can yield",
    (id) => {
      const c = testFarmerContent(id, NOW);
      expect(c.monitoring.map((m) => m.plotCode)).toEqual(c.plots.map((p) => p.plotCode));
      for (const m of c.monitoring) expect(m.months.map((x) => x.month)).toEqual(monitoringMonths(NOW, 24));
      const crop = c.batch!.commodity as "Cocoa" | "Coffee";
      const capacity = c.plots.reduce((s, p) => s + p.areaHectares, 0) * DEFAULT_YIELD_KG_PER_HA[crop]!;
      expect(c.batch!.netWeightKg).toBeLessThanOrEqual(capacity);
      expect(c.shipment!.netWeightKg).toBe(c.batch!.netWeightKg);
      expect(c.shipment!.packages!.count * (crop === "Cocoa" ? 62.5 : 60)).toBe(c.batch!.netWeightKg);
    },
  );

  it("give each of the six documents its own number, dates and verification URL", () => {
    const all = testFarmerData(1, NOW, "https://eip.example.gov.lr");
    expect(Object.keys(all)).toEqual([...CERTIFICATE_TYPES]);
    expect(new Set(CERTIFICATE_TYPES.map((t) => all[t].certificateNumber)).size).toBe(6);
    expect(all.eudr.certificateNumber).toBe("LR-EUDR-2026-TEST1-0115");
    expect(all.eudr.verificationUrl).toBe("https://eip.example.gov.lr/verify/LR-EUDR-2026-TEST1-0115");
    expect(all.phytosanitary.expiresAt).toBe("2026-01-29T10:30:00.000Z");
    expect(all.declaration.relatedCertificates?.map((r) => r.type)).toEqual([
      "eudr",
      "deforestation",
      "phytosanitary",
      "origin",
      "quality",
    ]);
  });

  it("cover the three situations: DDS recorded, no DDS yet, a plot needing more information", () => {
    const [a, b, c] = [1, 2, 3].map((id) => testFarmerContent(id, NOW));
    expect(a!.dds?.referenceNumber).toBe("26BE7TQX4K2M9R");
    expect(b!.dds).toBeNull();
    expect(c!.plots.map((p) => p.verdict)).toContain("more_information_needed");
    expect(gradeFromMeasurements(a!.quality!.measurements).grade).toBe("A");
    expect(gradeFromMeasurements(b!.quality!.measurements).grade).toBe("A+");
    expect(gradeFromMeasurements(c!.quality!.measurements).grade).toBe("C");
  });
});
