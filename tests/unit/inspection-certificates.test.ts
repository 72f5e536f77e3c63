/** The quality and phytosanitary certificates print the inspection records (real PDF bytes). */
import { describe, expect, it } from "vitest";
import { stampCertificate } from "#worker/domain/certificates/content";
import { contentForType } from "#worker/domain/certificates/printed";
import { renderCertificateLayout } from "#worker/domain/certificates/render";
import { inspectionVerdict, type StoredMeasurements } from "#worker/domain/inspections";
import { batchCertificateContent } from "#worker/services/certificates/batch-content";
import { POPPLER, pdfText } from "./pdf-tools";
import { BASE, NOW, rows } from "./real-shipment-fixtures";

const cocoa = (over: Partial<StoredMeasurements> = {}): StoredMeasurements => ({
  commodity: "Cocoa",
  moistureTenthPct: 74,
  beanCountPer100g: 104,
  mouldyTenthPct: 15,
  slatyTenthPct: 10,
  defectiveTenthPct: 10,
  foreignMatterTenthPct: 0,
  smokyBeans: false,
  defectsPer300g: null,
  ...over,
});

describe("grade from stored measurements", () => {
  it.each([
    [
      cocoa({ moistureTenthPct: 68, beanCountPer100g: 90, mouldyTenthPct: 5, slatyTenthPct: 5, defectiveTenthPct: 5 }),
      "A+",
      true,
      "every criterion in the premium band",
    ],
    [cocoa(), "B", true, "Bean count per 100 g: 104 beans"],
    [cocoa({ moistureTenthPct: 80 }), "D", true, "Moisture: 8.0 %"],
    [cocoa({ smokyBeans: true }), "F", false, "Smoky beans: found"],
    [
      { ...cocoa(), commodity: "Coffee", defectsPer300g: 160, moistureTenthPct: 120 },
      "D",
      true,
      "Defects per 300 g sample: 160 defects",
    ],
  ] as const)("%#: grade %s", (m, grade, passed, decided) => {
    const v = inspectionVerdict(m);
    expect(v.grade).toBe(grade);
    expect(v.passed).toBe(passed);
    expect(v.decidedBy).toContain(decided);
  });
});

describe.runIf(POPPLER)("certificates from the inspection records", () => {
  const content = batchCertificateContent(
    rows({
      inspection: {
        ...cocoa(),
        id: "3f2a9c10-0000",
        inspectedAt: "2026-02-10T09:00:00Z",
        inspectorName: "Musu Kollie",
        location: "Gbarnga warehouse",
      },
      portInspection: {
        inspectedAt: "2026-02-20T09:00:00Z",
        port: "Freeport of Monrovia",
        containerNumber: "TGHU7654321",
        sealNumber: "SL-99881",
        pestsFound: null,
        treatment: "Fumigation",
        treatmentChemical: "Phosphine",
        treatmentDate: "2026-02-19",
        fumigationCertificateRef: "FUM-2026-0042",
      },
    }),
    NOW,
  );
  const pdf = async (type: "quality" | "phytosanitary") => {
    const data = stampCertificate(type, contentForType(type, content), {
      certificateNumber: `LR-${type === "quality" ? "QCG" : "PHY"}-2026-000017-7KQX`,
      issuedAt: NOW,
      verifyBaseUrl: BASE,
    });
    return pdfText((await renderCertificateLayout(type, data)).bytes);
  };

  it("the quality certificate prints the measurements and the grade, not 'not measured'", async () => {
    const text = await pdf("quality");
    for (const t of ["7.4 %", "104 beans", "1.5 %", "none found", "Grade B", "Musu Kollie", "Gbarnga warehouse"])
      expect(text, t).toContain(t);
    expect(text).not.toContain("not measured");
  }, 30_000);

  it("the phytosanitary certificate prints container, seal, treatment and fumigation certificate from the record", async () => {
    const text = await pdf("phytosanitary");
    for (const t of [
      "TGHU7654321",
      "SL-99881",
      "Fumigation",
      "Phosphine",
      "FUM-2026-0042",
      "No pests found at inspection.",
    ])
      expect(text, t).toContain(t);
  }, 30_000);
});
