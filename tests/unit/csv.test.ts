import { describe, expect, it } from "vitest";
import { neutraliseCsvCell, parseCsv, restoreCsvCell, toCsv } from "~/models/files/csv.server";

describe("CSV injection (OWASP)", () => {
  it("puts a quote before a cell that starts with =, +, -, @, tab or carriage return", () => {
    for (const first of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(neutraliseCsvCell(`${first}1+1`)).toBe(`'${first}1+1`);
    }
    for (const safe of ["Jane", "1+1", "a=b", " =1", "", "'plain", "(415) 555-2671", "12.50"])
      expect(neutraliseCsvCell(safe)).toBe(safe);
  });

  it("writes every dangerous cell of a row neutralised, numbers and headers included", () => {
    const text = toCsv(
      [['=HYPERLINK("http://evil")', "+1+cmd|' /C calc'!A0", "-5.00", "@SUM(A1)", "\tx", "\rx", -7, "safe"]],
      { header: true, columns: ["=A", "b", "c", "d", "e", "f", "g", "h"] },
    );
    const [header, row] = parseCsv<string[]>(text);
    expect(text.startsWith("'=A,")).toBe(true);
    expect(header[0]).toBe("=A");
    expect(
      text
        .split("\n")[1]
        .startsWith(`"'=HYPERLINK(""http://evil"")",'+1+cmd|' /C calc'!A0,'-5.00,'@SUM(A1),'\tx,"'\rx",'-7,safe`),
    ).toBe(true);
    expect(row).toEqual([
      '=HYPERLINK("http://evil")',
      "+1+cmd|' /C calc'!A0",
      "-5.00",
      "@SUM(A1)",
      "\tx",
      "\rx",
      "-7",
      "safe",
    ]);
  });

  it("reads back exactly what was written, including values that really start with a quote", () => {
    const values = [
      "+1 555 0100",
      "+14155552671",
      "-5.00",
      "=1+1",
      "'=1+1",
      "''@x",
      "'plain",
      "'",
      "-",
      "O'Brien",
      "",
      "a,b",
      'say "hi"',
      "line\nbreak",
    ];
    for (const value of values) expect(restoreCsvCell(neutraliseCsvCell(value))).toBe(value);
    const text = toCsv([values]);
    expect(parseCsv<string[]>(text)).toEqual([values]);
    // Columns by header, as the imports read them.
    const withHeader = toCsv([
      ["Phone", "Price"],
      ["+1 555 0100", "-5.00"],
    ]);
    expect(withHeader).toBe("Phone,Price\n'+1 555 0100,'-5.00\n");
    expect(parseCsv(withHeader, { columns: true })).toEqual([{ Phone: "+1 555 0100", Price: "-5.00" }]);
  });

  it("leaves a quote that was not added by the export", () => {
    expect(restoreCsvCell("'hello")).toBe("'hello");
    expect(restoreCsvCell("'")).toBe("'");
    expect(restoreCsvCell("''=x")).toBe("'=x");
  });
});
