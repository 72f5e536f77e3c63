/**
 * What frames every page of a platform PDF, certificates and reports alike: the letterhead of
 * the first page, the rule under a continuation page's header, and the footer line with
 * "Page X of Y". Drawn with the layout engine (layout.ts), so every line is recorded in `boxes`.
 */
import type { Layout } from "./layout";
import { AMBER, CONTENT_WIDTH, MARGIN, MUTED, NAVY, PAGE, RED, RULE } from "./theme";

/** `text` shortened with an ellipsis to fit `width` (one-line header/footer slots only). */
export function fitText(l: Layout, text: string, width: number, size: number, bold: boolean): string {
  const font = bold ? l.fonts.bold : l.fonts.regular;
  let t = l.clean(text, font).replace(/\n/g, " ");
  if (l.width(t, font, size) <= width) return t;
  while (t.length > 1 && l.width(`${t}…`, font, size) > width) t = t.slice(0, -1);
  return `${t.trimEnd()}…`;
}

/** The issuing authority at the top of the first page, over a red and a blue rule. */
export function letterhead(
  l: Layout,
  issuer: { country: string; authority: string; address: string; preparedBy?: string },
): void {
  l.text(issuer.country.toUpperCase(), { size: 8.5, bold: true, color: MUTED });
  l.text(issuer.authority, { size: 13, bold: true, color: NAVY });
  l.text(issuer.address, { size: 8, color: MUTED });
  if (issuer.preparedBy) l.text(issuer.preparedBy, { size: 8, bold: true, color: AMBER });
  l.y -= 3;
  l.page.drawRectangle({ x: MARGIN, y: l.y - 2, width: CONTENT_WIDTH, height: 2, color: RED });
  l.page.drawRectangle({ x: MARGIN, y: l.y - 4.5, width: CONTENT_WIDTH, height: 1.2, color: NAVY });
  l.y -= 12;
}

/** The red rule closing a continuation page's header (the header is 34 points high). */
export function continuationRule(l: Layout): void {
  const top = PAGE.height - MARGIN;
  l.page.drawLine({
    start: { x: MARGIN, y: top - 27 },
    end: { x: PAGE.width - MARGIN, y: top - 27 },
    thickness: 0.8,
    color: RED,
  });
}

/**
 * The footer of page `index` (of `total`): a rule over `lines` footer lines, "Page X of Y" on
 * the right of the first line and `left` shortened to fit beside it. Other footer lines (a test
 * profile's warning) are the caller's.
 */
export function pageFooter(l: Layout, index: number, total: number, left: string, lines = 1): void {
  const lh = l.lineHeight(7.5);
  const rule = MARGIN + lines * lh + 3;
  l.page.drawLine({
    start: { x: MARGIN, y: rule },
    end: { x: PAGE.width - MARGIN, y: rule },
    thickness: 0.5,
    color: RULE,
  });
  const right = `Page ${index + 1} of ${total}`;
  const rightWidth = l.width(right, l.fonts.regular, 7.5);
  l.drawLine(right, MARGIN, MARGIN + lh, { size: 7.5, color: MUTED }, "right", CONTENT_WIDTH);
  l.drawLine(fitText(l, left, CONTENT_WIDTH - rightWidth - 12, 7.5, false), MARGIN, MARGIN + lh, {
    size: 7.5,
    color: MUTED,
  });
}

/**
 * The footer (pageFooter) on every page, drawn once the content is laid out and the page count
 * is known; `also` draws what else a page's footer carries (a certificate's test-profile warning).
 */
export function footEveryPage(l: Layout, left: string, lines = 1, also?: () => void): void {
  const total = l.pages.length;
  for (let i = 0; i < total; i++) {
    l.turnToPage(i);
    pageFooter(l, i, total, left, lines);
    also?.();
  }
}
