import { describe, expect, it } from "vitest";
import { mayCorrect } from "#worker/domain/corrections";

describe("who may correct (ADR 031)", () => {
  const at = "2026-11-01T10:00:00Z";
  const hours = (h: number) => new Date(Date.parse(at) + h * 3_600_000);
  it("the recorder within 48 hours, a supervisor after, nobody else", () => {
    const record = { recordedBy: "u-buyer", recordedAt: at };
    expect(mayCorrect({ id: "u-buyer", role: "buyer" }, record, hours(47)).ok).toBe(true);
    expect(mayCorrect({ id: "u-buyer", role: "buyer" }, record, hours(49))).toMatchObject({ ok: false, status: 403 });
    expect(mayCorrect({ id: "u-other", role: "buyer" }, record, hours(1))).toMatchObject({ ok: false });
    expect(mayCorrect({ id: "u-sup", role: "ddgots" }, record, hours(24 * 400)).ok).toBe(true);
    expect(mayCorrect({ id: "u-off", role: "office_admin" }, record, hours(100)).ok).toBe(true);
  });
});
