/**
 * The licence and permit transition tables (who acts, in what order, in what words) and
 * the receipt PDF read back as text with pdftotext.
 */
import { describe, expect, it } from "vitest";
import { ROLE_LABEL, ROLES } from "#worker/auth/roles";
import {
  canLicenceStep,
  canPermitStep,
  LICENCE_STEPS,
  type LicenceStep,
  licenceValidity,
} from "#worker/domain/licensing";
import { renderReceipt } from "#worker/domain/receipts/render-receipt";
import { POPPLER, pdfText } from "./pdf-tools";

describe("licence transitions", () => {
  it("each step is allowed only to its role, and the refusal names that role and the caller's", () => {
    for (const step of Object.keys(LICENCE_STEPS) as LicenceStep[]) {
      const from = LICENCE_STEPS[step].from[0];
      for (const role of ROLES) {
        const d = canLicenceStep(step, from, role);
        const allowed =
          step === "submit"
            ? ["buyer", "exporter", "office_admin"]
            : step === "review" || step === "issue"
              ? ["office_admin"]
              : step === "recommend"
                ? ["ddgots"]
                : ["dg"];
        if (allowed.includes(role)) expect(d, `${step} ${role}`).toEqual({ ok: true });
        else {
          expect(d).toMatchObject({ ok: false, kind: "role" });
          if (!d.ok) expect(d.message).toContain(`(you are signed in as ${ROLE_LABEL[role]})`);
        }
      }
    }
  });

  it("a skipped step is refused naming what is missing; revoked is final", () => {
    expect(canLicenceStep("approve", "reviewed", "dg")).toEqual({
      ok: false,
      kind: "order",
      message: "This licence is reviewed: it must be recommended by DDGOTS first",
    });
    expect(canLicenceStep("issue", "submitted", "office_admin")).toMatchObject({
      message:
        "This licence is submitted: it must be reviewed by the office, recommended by DDGOTS and approved by the Director General first",
    });
    expect(canLicenceStep("suspend", "approved", "dg")).toMatchObject({
      message: "Only an issued licence can be suspended (this one is approved)",
    });
    expect(canLicenceStep("reinstate", "revoked", "dg")).toMatchObject({ kind: "order" });
    expect(canLicenceStep("review", "recommended", "office_admin")).toMatchObject({
      message: "This licence is already recommended: it cannot be reviewed again",
    });
    expect(canPermitStep("approve", "requested", "dg")).toMatchObject({
      message: "This export permit is requested: it must be recommended by DDGOTS first",
    });
  });

  it("a licence issued on 2026-03-15 is valid to 2027-03-14", () => {
    expect(licenceValidity(new Date("2026-03-15T10:00:00Z"))).toEqual({
      validFrom: "2026-03-15",
      validUntil: "2027-03-14",
    });
  });
});

describe.skipIf(!POPPLER)("the receipt PDF", () => {
  it("shows the receipt number, the payment reference and the amount with its currency", async () => {
    const bytes = await renderReceipt({
      receiptNumber: "LR-RCP-2026-000007",
      invoiceNumber: "LR-INV-2026-000012",
      feeType: "exporter_licence",
      subject: "LR-LIC-EXP-2026-000003",
      payer: { name: "Grace Johnson", company: "Liberia Premium Exports Inc.", loginId: "EXP-20260115-001" },
      amount: { amountMinor: 125_050, currency: "USD" },
      reference: "LBDI-TRX-884120",
      method: "recorded_reference",
      paidOn: "2026-03-02",
      issuedOn: "2026-02-20",
      recordedAt: "2026-03-02T09:30:00.000Z",
    });
    const text = pdfText(bytes);
    expect(text).toContain("LR-RCP-2026-000007");
    expect(text).toContain("LBDI-TRX-884120");
    expect(text).toContain("US$ 1,250.50");
    expect(text).toContain("LR-INV-2026-000012");
    expect(text).toContain("Exporter licence fee — LR-LIC-EXP-2026-000003");
  });
});
