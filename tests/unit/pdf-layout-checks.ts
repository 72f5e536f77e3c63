/**
 * Layout checks on the boxes a PDF renderer reports drawing (certificates and reports): every box
 * inside the margins, and which boxes overlap. Each check returns readable problems.
 */
import { type DrawnBox, MARGIN, PAGE } from "#worker/domain/pdf/theme";

/** Tolerance in points: shared edges do not count as overlaps. */
export const EPS = 0.01;

/** A box as a reader can find it: page, kind, its text's start, position and size. */
export const boxLabel = (b: DrawnBox) =>
  `p${b.page + 1} ${b.kind} "${b.text?.slice(0, 40) ?? ""}" at ${b.x.toFixed(1)},${b.y.toFixed(1)} ${b.width.toFixed(1)}×${b.height.toFixed(1)}`;

/** Whether two boxes overlap by more than the tolerance (page not compared). */
export const boxesOverlap = (a: DrawnBox, b: DrawnBox) =>
  a.x < b.x + b.width - EPS && b.x < a.x + a.width - EPS && a.y < b.y + b.height - EPS && b.y < a.y + a.height - EPS;

/** Every box drawn outside the page margins. */
export function outsideMargins(boxes: DrawnBox[]): string[] {
  const problems: string[] = [];
  for (const b of boxes) {
    if (
      b.x < MARGIN - EPS ||
      b.y < MARGIN - EPS ||
      b.x + b.width > PAGE.width - MARGIN + EPS ||
      b.y + b.height > PAGE.height - MARGIN + EPS
    ) {
      problems.push(`outside the margins: ${boxLabel(b)}`);
    }
  }
  return problems;
}
