/** The purchase receipt PDF, read back as text the way a reader (pdftotext) sees it. */
import { describe, expect, it } from "vitest";
import { type ReceiptData, renderPurchaseReceipt } from "#worker/domain/receipts/purchase-receipt";
import { POPPLER, pdfText } from "./pdf-tools";

const DATA: ReceiptData = {
  batchCode: "LR-COC-2026-000123",
  commodity: "Cocoa",
  purchasedAt: "2026-11-02T09:30:00.000Z",
  harvestDate: "2026-10-28",
  weightG: 1_234_567,
  grade: "A",
  location: "Gbarnga market",
  pricePerKg: { amountMinor: 235, currency: "USD" },
  total: { amountMinor: 290_123, currency: "USD" },
  moistureTenthPct: 74,
  paymentMethod: "Mobile money",
  paymentReference: "MM-88123",
  buyer: "Gbarnga Cocoa Traders",
  farmers: ["FRM000001 — K. Gbowee"],
  plots: [{ plotCode: "PLT-000001-01", weightG: 1_234_567 }],
  volumeNote: null,
  volumeFlag: false,
  traceUrl: "https://eip.example.gov.lr/qr/LR-COC-2026-000123",
};

describe.skipIf(!POPPLER)("purchase receipt PDF", () => {
  it("prints the batch code, weight, price per kg, total with currency, payment and the trace link", async () => {
    const text = pdfText(await renderPurchaseReceipt(DATA)).replace(/\s+/g, " ");
    expect(text).toContain("Purchase receipt");
    expect(text).toContain("LR-COC-2026-000123");
    expect(text).toContain("1,234.567 kg");
    expect(text).toContain("US$ 2.35");
    expect(text).toContain("US$ 2,901.23 (USD)");
    expect(text).toContain("7.4 %");
    expect(text).toContain("Mobile money · MM-88123");
    expect(text).toContain("FRM000001 — K. Gbowee");
    expect(text).toContain("https://eip.example.gov.lr/qr/LR-COC-2026-000123");
  });

  it("says 'Not recorded' rather than inventing a price, and is the same bytes for the same data", async () => {
    const bare = {
      ...DATA,
      pricePerKg: null,
      total: null,
      moistureTenthPct: null,
      paymentMethod: null,
      paymentReference: null,
    };
    const text = pdfText(await renderPurchaseReceipt(bare)).replace(/\s+/g, " ");
    expect(text).toContain("Price per kg Not recorded");
    expect(text).toContain("Moisture Not measured");
    expect(await renderPurchaseReceipt(DATA)).toEqual(await renderPurchaseReceipt(DATA));
  });
});
