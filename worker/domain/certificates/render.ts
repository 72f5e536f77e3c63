/**
 * Draws the six certificate documents from `CertificateData` with pdf-lib and the
 * embedded DejaVu fonts (subset: only the glyphs used are stored, so a PDF stays small).
 * Pure apart from CPU: no storage, no clock — the same data gives the same pages.
 *
 * Every document carries: the issuing authority, the title, the certificate number, issue and
 * expiry dates, the subject, a QR code of the public verification URL (and the URL in text),
 * "page X of Y" footers, and a signature block. Test profiles are marked on every page.
 *
 * One file per document (eudr.ts, deforestation.ts, phytosanitary.ts, origin.ts, quality.ts,
 * declaration.ts), the frame of every page in frame.ts, and the drawing engine in ../pdf/.
 */
import { newPdfDocument, savePdf, setPdfInfo } from "../pdf/document";
import { Layout } from "../pdf/layout";
import type { DrawnBox } from "../pdf/theme";
import { CERTIFICATE_INFO, type CertificateData, type CertificateType } from "./content";
import { declarationBody } from "./declaration";
import { deforestationBody } from "./deforestation";
import { eudrBody } from "./eudr";
import { continuationHeader, type DrawnQr, firstPageHeader, footers, signatureBlock } from "./frame";
import { originBody } from "./origin";
import { phytosanitaryBody } from "./phytosanitary";
import { qualityBody } from "./quality";

export type RenderOptions = {
  /** Creator tool named in the PDF metadata. */
  creator?: string;
};

export type RenderResult = {
  bytes: Uint8Array;
  pageCount: number;
  /** Every text line, QR code and map drawn, with its page and position (points, origin bottom-left). */
  boxes: DrawnBox[];
  /** Where the QR code is (page 1) and its matrix, so a test can compare the rendered pixels. */
  qr: DrawnQr;
};

/** The body of each document, between the first page's header and the signature block. */
const DOCUMENT_BODY: Record<CertificateType, (l: Layout, data: CertificateData) => void> = {
  eudr: eudrBody,
  deforestation: deforestationBody,
  phytosanitary: phytosanitaryBody,
  origin: originBody,
  quality: qualityBody,
  declaration: declarationBody,
};

/**
 * Renders one certificate to PDF bytes.
 * @param type which of the six documents
 * @param data the stamped content (see content.ts `stampCertificate`); `data.type` must be `type`
 * @throws RangeError when `data` was stamped for another type
 */
export async function renderCertificate(
  type: CertificateType,
  data: CertificateData,
  opts: RenderOptions = {},
): Promise<Uint8Array> {
  return (await renderCertificateLayout(type, data, opts)).bytes;
}

/** As `renderCertificate`, also returning the layout (drawn boxes, QR position) for checks. */
export async function renderCertificateLayout(
  type: CertificateType,
  data: CertificateData,
  opts: RenderOptions = {},
): Promise<RenderResult> {
  // The number, validity and issuer were stamped for one type: drawing another would mislabel them.
  if (data.type !== type) throw new RangeError(`Certificate data was stamped for "${data.type}", not "${type}"`);
  const info = CERTIFICATE_INFO[type];
  const { doc, fonts } = await newPdfDocument();

  const footerHeight = (data.testProfile ? 2 : 1) * 7.5 * 1.28 + 8;
  const layout = new Layout(doc, fonts, {
    headerHeight: 34,
    footerHeight,
    header: (l) => continuationHeader(l, data),
  });
  layout.newPage();
  const qr = firstPageHeader(layout, type, data);

  DOCUMENT_BODY[type](layout, data);
  signatureBlock(layout, type, data);
  footers(layout, data);

  setPdfInfo(doc, {
    title: `${info.title} ${data.certificateNumber}`,
    subject: data.certificateNumber,
    author: data.issuer.authority,
    keywords: [
      type,
      info.slug,
      data.certificateNumber,
      `${data.subject.kind}:${data.subject.id}`,
      "EUDR",
      "Liberia",
      ...(data.testProfile ? ["TEST-PROFILE"] : []),
    ],
    creator: opts.creator,
    date: new Date(data.issuedAt),
  });

  const pdf = await savePdf(doc);
  return { bytes: pdf, pageCount: layout.pages.length, boxes: layout.boxes, qr };
}
