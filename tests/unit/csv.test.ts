/**
 * The one CSV escaper every file the platform writes goes through (worker/domain/csv.ts): RFC 4180
 * quoting, and a cell that a spreadsheet would run as a formula (OWASP "CSV injection": `=`, `+`,
 * `-`, `@`, tab or CR first) is written as text, with a leading apostrophe.
 */
import { describe, expect, it } from "vitest";
import { csvCell, csvLine, csvText } from "#worker/domain/csv";
import { statementCsv } from "#worker/domain/receipts/statement";

describe("csvCell", () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ["+231 770 000 001", "'+231 770 000 001"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["@SUM(1,1)", `"'@SUM(1,1)"`],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", `"'\r=1+1"`],
  ])("neutralises %j", (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it.each([
    ["plain", "plain"],
    ["a, b", '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["a=b", "a=b"],
    ["", ""],
  ])("quotes only what RFC 4180 needs: %j", (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it("keeps numbers numbers, negative ones too, whether given as numbers or as their text", () => {
    expect(csvLine([-12.5, "-12.50", "+3", 0, null, undefined, "1e5"])).toBe("-12.5,-12.50,+3,0,,,1e5");
    // Text that only starts like a number is still text a spreadsheet could run.
    expect(csvCell("-1+1")).toBe("'-1+1");
    expect(csvCell("+1-A1")).toBe("'+1-A1");
  });

  it("a document is its lines joined with CRLF, ending with one", () => {
    expect(csvText(["a", "b"], [["=x", 1]])).toBe("a,b\r\n'=x,1\r\n");
  });
});

describe("every CSV the platform writes uses it", () => {
  it("the exporter's payment statement", () => {
    const line = {
      paidOn: "2026-03-06",
      kind: "stock",
      description: "@evil",
      reference: "=cmd",
      receiptNumber: "-x",
      amountMinor: 1250,
      currency: "LRD",
    };
    const csv = statementCsv({
      from: "2026-03-01",
      to: "2026-03-31",
      account: { name: "A", loginId: "EXP-1" },
      lines: [line],
      totals: [{ currency: "LRD", totalMinor: 1250, count: 1, feesMinor: 0, stockMinor: 1250 }],
    } as never);
    expect(csv.split("\r\n")[1]).toBe("2026-03-06,stock,'@evil,'=cmd,'-x,12.50,LRD,L$ 12.50");
  });
});
