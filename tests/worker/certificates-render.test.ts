/**
 * The certificate renderer inside workerd: the fonts arrive as `?inline` data URLs
 * through Vite's pipeline, pdf-lib and fontkit run on the Workers runtime (no Node APIs), and
 * every one of the six documents comes out as a PDF that pdf-lib can open again.
 */
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { CERTIFICATE_TYPES } from "#worker/domain/certificates/content";
import { renderCertificateLayout } from "#worker/domain/certificates/render";
import { testFarmerData } from "#worker/domain/certificates/test-farmers";
import { pdfFonts } from "#worker/domain/pdf/fonts";

describe("certificates in workerd", () => {
  it("decodes both embedded DejaVu fonts (TrueType files)", () => {
    const { regular, bold } = pdfFonts();
    // A TrueType file starts with the sfnt version 0x00010000.
    expect([...regular.slice(0, 4)]).toEqual([0, 1, 0, 0]);
    expect([...bold.slice(0, 4)]).toEqual([0, 1, 0, 0]);
    expect(regular.length).toBe(757_076);
    expect(bold.length).toBe(705_684);
  });

  it.each(CERTIFICATE_TYPES.map((t) => [t]))("renders the %s document for test farmer 3", async (type) => {
    const data = testFarmerData(3, new Date("2026-01-15T10:30:00Z"), "https://eip.example.gov.lr")[type];
    const { bytes, pageCount } = await renderCertificateLayout(type, data);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    // Subset fonts keep a document small (the full fonts are 1.4 MB).
    expect(bytes.length).toBeLessThan(200_000);
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(pageCount);
    expect(doc.getSubject()).toBe(data.certificateNumber);
  });
});
