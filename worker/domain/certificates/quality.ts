/** The quality certificate: the sample, the grade on the A+ to F scale and the measured criteria. */
import { rgb } from "pdf-lib";
import type { Layout } from "../pdf/layout";
import { AMBER, CONTENT_WIDTH, GREEN, INK, kg, MARGIN, MUTED, RED } from "../pdf/theme";
import { type CertificateData, formatDate } from "./content";
import { GRADE_MEANING, gradeFromMeasurements, tradeGradeOf } from "./grading";
import { farmersText, orNot } from "./parts";

export function qualityBody(l: Layout, data: CertificateData) {
  const q = data.quality;
  const b = data.batch;
  l.heading("Sample");
  l.fields([
    ["Batch", b ? `${b.batchCode} — ${b.commodity}, ${kg(b.netWeightKg)} net` : "not recorded"],
    ["Producer(s)", farmersText(data)],
    ["Sample reference", q?.sampleReference ?? "not recorded"],
    ["Sampled on", formatDate(q?.sampledAt)],
    ["Sampled by", orNot(q?.sampledBy)],
    ["Place", orNot(q?.place)],
    ["Method", orNot(q?.method)],
  ]);
  if (!q) {
    if (!b?.grade) {
      l.text("No quality measurement is recorded: no grade can be given.", { bold: true, color: RED });
      return;
    }
    // A real batch keeps the grade an inspector recorded, not the measurements: say exactly that.
    const meaning = (GRADE_MEANING as Record<string, string>)[b.grade];
    l.heading("Grade");
    l.text(`Grade ${b.grade} (recorded on the batch at inspection)${meaning ? `: ${meaning}` : ""}`, {
      size: 10,
      bold: true,
    });
    l.heading("Measured criteria");
    l.text(
      "not measured — the measurements behind this grade (moisture, bean count or defects, cut test, foreign matter) are not recorded on the platform, so this certificate cannot show them.",
      { size: 9, color: AMBER },
    );
    return;
  }
  const result = gradeFromMeasurements(q.measurements);
  const color = result.grade === "F" ? RED : result.grade === "D" ? AMBER : GREEN;

  l.heading("Grade");
  const h = 46;
  l.ensure(h + 6);
  const top = l.y;
  l.page.drawRectangle({ x: MARGIN, y: top - h, width: 74, height: h, borderColor: color, borderWidth: 1.5 });
  const gradeWidth = l.width(result.grade, l.fonts.bold, 26);
  l.drawLine(result.grade, MARGIN + (74 - gradeWidth) / 2, top - 6, { size: 26, bold: true, color });
  const textX = MARGIN + 86;
  const width = CONTENT_WIDTH - 86;
  l.y = top;
  l.text(`Grade ${result.grade}: ${result.meaning}`, { size: 10, bold: true, color }, textX, width);
  l.text(`Trade terms: ${tradeGradeOf(result.grade, q.measurements.commodity)}`, { size: 9 }, textX, width);
  l.text(
    result.limitingCriteria.length
      ? `Set by: ${result.limitingCriteria.join("; ")}`
      : "Every criterion is in the premium band.",
    { size: 8.5, color: MUTED },
    textX,
    width,
  );
  l.y = Math.min(l.y, top - h) - 8;
  if (b?.grade && b.grade !== result.grade) {
    l.callout(
      `The grade recorded on the batch (${b.grade}) differs from the grade these measurements give (${result.grade}); this certificate states the measured grade.`,
      AMBER,
      rgb(1, 0.96, 0.88),
      8.5,
    );
  }

  l.heading("Measured criteria");
  l.table(
    [
      { header: "Criterion", width: 2.2 },
      { header: "Measured", width: 0.9, align: "right" },
      { header: "Reference limit", width: 2.2 },
      { header: "Within limit", width: 0.8 },
      { header: "Grade allowed", width: 0.8 },
    ],
    result.criteria.map((c) => [
      c.name,
      c.measured,
      c.limit,
      c.withinLimit ? { text: "yes", color: GREEN } : { text: "no", bold: true, color: RED },
      { text: c.grade, bold: true, color: c.grade === "F" ? RED : c.grade === "D" ? AMBER : INK },
    ]),
    { keepTogether: true },
  );

  l.ensure(170); // the scale's heading, explanation and legend belong together
  l.heading("The A+ to F scale");
  l.text(
    `A+ to F is the platform's own quality scale: each criterion allows a best grade, and the sample takes the worst of them. ${
      q.measurements.commodity === "Cocoa"
        ? "For cocoa it rests on LACRA's stated criteria (moisture ≤ 7.5 %, size tolerance 10 %, no foreign matter, no smoky beans) and the cut-test limits of the trade grades (Grade I / Grade II)."
        : "For coffee it rests on the ICO export minimum (moisture 8–12.5 %, at most 150 defects in a 300 g Robusta sample) and LACRA's rule of no foreign matter."
    }`,
    { size: 8.5 },
  );
  l.y -= 2;
  l.table(
    [
      { header: "Grade", width: 0.5 },
      { header: "Meaning", width: 4 },
    ],
    (["A+", "A", "B", "C", "D", "F"] as const).map((g) => [{ text: g, bold: true }, GRADE_MEANING[g]]),
    { keepTogether: true },
  );
}
