import { describe, expect, it } from "vitest";
import { canMarkCompliant, evaluateBatchCompliance, statusFor } from "#worker/domain/batch-compliance";

const plot = (plotCode: string, riskLevel: string | null, validationState = "valid") => ({
  plotCode,
  riskLevel,
  validationState,
});

describe("batch compliance from its origin plots", () => {
  it("all plots valid and low risk → eligible (pending until a regulator marks it)", () => {
    const e = evaluateBatchCompliance([plot("PLT-100001-01", "low"), plot("PLT-100002-01", "low")]);
    expect(e).toEqual({
      verdict: "eligible",
      reason: "Every origin plot has valid geometry and a low deforestation risk",
    });
    expect(statusFor(e)).toBe("pending");
    expect(canMarkCompliant([plot("PLT-100001-01", "low")])).toEqual({ ok: true });
  });

  it("any high-risk plot → non-compliant, naming the plot", () => {
    const e = evaluateBatchCompliance([plot("PLT-100001-01", "low"), plot("PLT-100002-01", "high")]);
    expect(e).toEqual({
      verdict: "non_compliant",
      reason: "Not EUDR-compliant: high deforestation risk on PLT-100002-01",
    });
    expect(statusFor(e)).toBe("non_compliant");
  });

  it("failed validation → non-compliant, even when the risk is low", () => {
    expect(evaluateBatchCompliance([plot("PLT-100001-01", "low", "invalid"), plot("PLT-100003-02", "high")])).toEqual({
      verdict: "non_compliant",
      reason:
        "Not EUDR-compliant: high deforestation risk on PLT-100003-02; failed geometry validation on PLT-100001-01",
    });
  });

  it("more information needed or never assessed → held for review, naming the plots", () => {
    expect(
      evaluateBatchCompliance([plot("PLT-100001-01", "low"), plot("PLT-100002-01", "more_information_needed")]),
    ).toEqual({
      verdict: "held_for_review",
      reason: "Held for review: more information needed on PLT-100002-01",
    });
    expect(
      evaluateBatchCompliance([plot("PLT-100001-01", null), plot("PLT-100002-01", "more_information_needed")]),
    ).toEqual({
      verdict: "held_for_review",
      reason: "Held for review: more information needed on PLT-100002-01; no risk assessment yet for PLT-100001-01",
    });
  });

  it("high risk outweighs more information needed (the worst plot decides)", () => {
    expect(evaluateBatchCompliance([plot("A-1", "more_information_needed"), plot("B-1", "high")]).verdict).toBe(
      "non_compliant",
    );
  });

  it("a batch without origin plots is of unknown origin", () => {
    expect(evaluateBatchCompliance([])).toMatchObject({ verdict: "non_compliant" });
  });

  it("marking compliant is refused unless eligible, with a clear message", () => {
    expect(canMarkCompliant([plot("PLT-100002-01", "high")])).toEqual({
      ok: false,
      status: "non_compliant",
      message:
        "This batch cannot be marked EUDR-compliant. Not EUDR-compliant: high deforestation risk on PLT-100002-01.",
    });
    expect(canMarkCompliant([plot("PLT-100002-01", "more_information_needed")])).toEqual({
      ok: false,
      status: "held_for_review",
      message:
        "This batch cannot be marked EUDR-compliant yet. Held for review: more information needed on PLT-100002-01.",
    });
  });
});
