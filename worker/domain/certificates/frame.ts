/**
 * What frames a certificate: the first page's letterhead, title, key facts and QR code, the
 * header of continuation pages, the signature block and the footers of every page.
 */

import { continuationRule, fitText, footEveryPage, letterhead } from "../pdf/frame";
import type { Layout } from "../pdf/layout";
import { drawQr } from "../pdf/qr";
import { AMBER, CONTENT_WIDTH, INK, MARGIN, MUTED, NAVY, PAGE, PALE_RED, RED } from "../pdf/theme";
import {
  CERTIFICATE_INFO,
  type CertificateData,
  type CertificateType,
  formatDate,
  TEST_PROFILE_NOTICE,
} from "./content";

/** Where the QR code is (page 1) and its matrix, so a test can compare the rendered pixels. */
export type DrawnQr = {
  page: number;
  x: number;
  y: number;
  size: number;
  modules: number;
  quiet: number;
  data: boolean[][];
};

const QR_SIZE = 96;

/** The header of a continuation page: the authority, the number, "<title> — continued" and a red rule. */
export function continuationHeader(l: Layout, data: CertificateData): void {
  const info = CERTIFICATE_INFO[data.type];
  const top = PAGE.height - MARGIN;
  const left = `${data.issuer.authority}`;
  const right = `No. ${data.certificateNumber}`;
  const rightWidth = l.width(right, l.fonts.bold, 8);
  l.drawLine(fitText(l, left, CONTENT_WIDTH - rightWidth - 12, 8, true), MARGIN, top, {
    size: 8,
    bold: true,
    color: NAVY,
  });
  l.drawLine(right, MARGIN, top, { size: 8, bold: true, color: NAVY }, "right", CONTENT_WIDTH);
  l.drawLine(fitText(l, `${info.title} — continued`, CONTENT_WIDTH, 8, false), MARGIN, top - 11, {
    size: 8,
    color: MUTED,
  });
  continuationRule(l);
}

/** The letterhead, the title, the key facts and the QR code of the verification URL; returns where the QR code is. */
export function firstPageHeader(l: Layout, type: CertificateType, data: CertificateData): DrawnQr {
  const info = CERTIFICATE_INFO[type];
  letterhead(l, data.issuer);
  l.text(info.title, { size: 18, bold: true, color: INK });
  l.text(info.subtitle, { size: 9, color: MUTED });
  l.y -= 6;
  if (data.testProfile) l.callout(TEST_PROFILE_NOTICE, RED, PALE_RED, 9);

  // Key facts on the left, the QR code on the right.
  const qrX = PAGE.width - MARGIN - QR_SIZE;
  const qrTop = l.y;
  const leftWidth = CONTENT_WIDTH - QR_SIZE - 14;
  const pageOfQr = l.pageIndex;
  const drawn = drawQr(l, data.verificationUrl, qrX, qrTop, QR_SIZE);
  const subjectLabel = { test_farmer: "Test farmer profile", farmer: "Farmer", batch: "Batch", shipment: "Shipment" }[
    data.subject.kind
  ];
  l.fields(
    [
      ["Certificate No.", { text: data.certificateNumber, bold: true }],
      ["Date of issue", formatDate(data.issuedAt)],
      ["Valid until", formatDate(data.expiresAt)],
      ["Subject", `${subjectLabel}: ${data.subject.label}`],
      ["Subject reference", data.subject.id],
    ],
    { width: leftWidth, labelWidth: 108 },
  );
  const captionTop = qrTop - QR_SIZE - 2;
  l.drawLine("Scan to verify", qrX, captionTop, { size: 7.5, color: MUTED }, "right", QR_SIZE);
  l.y = Math.min(l.y, captionTop - l.lineHeight(7.5)) - 2;
  l.text(`Verify this certificate at ${data.verificationUrl}`, { size: 8, color: NAVY });
  l.y -= 2;
  return {
    page: pageOfQr,
    x: qrX,
    y: qrTop - QR_SIZE,
    size: QR_SIZE,
    modules: drawn.modules,
    quiet: drawn.quiet,
    data: drawn.data,
  };
}

/** The officer's block; the phytosanitary certificate gets the IPPC authorization block instead. */
export function signatureBlock(l: Layout, type: CertificateType, data: CertificateData) {
  const o = data.issuer.officer;
  l.space(8);
  if (type === "phytosanitary") {
    l.ensure(150);
    l.heading("Authorization");
    l.fields(
      [
        ["Place of issue", data.phytosanitary?.placeOfIssue ?? "Monrovia"],
        ["Date", formatDate(data.issuedAt)],
        ["Name of authorized officer", o.name],
        ["Signature", "______________________________"],
        ["Stamp of organization", "(stamp of the National Plant Quarantine Service)"],
      ],
      { labelWidth: 190 },
    );
    l.y -= 2;
    l.text(
      `${data.issuer.preparedBy ?? "Prepared by the platform"}: this certificate becomes valid only when signed and stamped by an authorized officer of the ${data.issuer.authority}. Verify its status at ${data.verificationUrl}`,
      { size: 8, color: AMBER, bold: true },
    );
    l.text(
      `No financial liability with respect to this certificate shall attach to the ${data.issuer.authority} or to any of its officers or representatives.`,
      { size: 7.5, color: MUTED },
    );
    return;
  }
  l.ensure(96);
  l.heading("Issued by");
  const top = l.y;
  const half = CONTENT_WIDTH / 2 - 10;
  l.text(`For and on behalf of the ${data.issuer.authority}`, { size: 8.5, color: MUTED }, MARGIN, half);
  l.y -= 16;
  l.page.drawLine({
    start: { x: MARGIN, y: l.y },
    end: { x: MARGIN + half * 0.8, y: l.y },
    thickness: 0.6,
    color: INK,
  });
  l.y -= 2;
  l.text(o.name, { size: 9.5, bold: true }, MARGIN, half);
  l.text(o.title, { size: 8.5 }, MARGIN, half);
  const leftBottom = l.y;
  l.y = top;
  const rx = MARGIN + half + 20;
  l.text(`Place and date of issue: Monrovia, ${formatDate(data.issuedAt)}`, { size: 8.5 }, rx, half);
  l.text(`Valid until: ${formatDate(data.expiresAt)}`, { size: 8.5 }, rx, half);
  l.text(
    "Digitally issued: no handwritten signature is needed. The verification page shows whether this certificate is still valid.",
    { size: 8.5 },
    rx,
    half,
  );
  l.y = Math.min(l.y, leftBottom) - 6;
  l.text(`Digitally issued — verify at ${data.verificationUrl}`, { size: 8.5, bold: true, color: NAVY });
}

/** "Page X of Y" and the certificate number on every page, and the test-profile warning when it is one. */
export function footers(l: Layout, data: CertificateData) {
  const info = CERTIFICATE_INFO[data.type];
  const lh = l.lineHeight(7.5);
  const left = `${data.issuer.shortName} · ${info.title} · No. ${data.certificateNumber}`;
  const warning = () =>
    l.drawLine(fitText(l, TEST_PROFILE_NOTICE, CONTENT_WIDTH, 7.5, true), MARGIN, MARGIN + 2 * lh, {
      size: 7.5,
      bold: true,
      color: RED,
    });
  footEveryPage(l, left, data.testProfile ? 2 : 1, data.testProfile ? warning : undefined);
}
