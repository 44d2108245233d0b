import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { needsQuotes, neutraliseCell, restoreCell } from "@/lib/csv/cells";

const DANGER_AT_CELL_START = /(^|[,;\t\r\n])[=+\-@\t\r]/;

describe("neutraliseCell", () => {
  it.each([
    ["Mallory;=4+0*1;", "Mallory;'=4+0*1;"],
    ["ok;@SUM(6+0*1);", "ok;'@SUM(6+0*1);"],
    ["Mallory\n=5+0*1", "Mallory\n'=5+0*1"],
    ["\r=2+0*1", "'\r'=2+0*1"],
    ["+14155550123", "'+14155550123"],
    ["a,-1", "a,'-1"],
    ["b;\t=1", "b;'\t'=1"],
    ["Ada Lovelace", "Ada Lovelace"],
    ["x=1+2", "x=1+2"],
    ["", ""],
  ])("%j → %j", (value, expected) => {
    expect(neutraliseCell(value)).toBe(expected);
  });

  it("leaves no dangerous character at the start of any cell, whatever the reader splits on", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\n", ",", ";", "a", "'", '"') }),
        (v) => {
          expect(neutraliseCell(v)).not.toMatch(DANGER_AT_CELL_START);
        },
      ),
      { seed: 20261124, numRuns: 2_000 },
    );
  });

  it("restoreCell takes the marks off again (an export re-imports unchanged)", () => {
    const unit = fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\n", ",", ";", "a", "1", '"', "é");
    fc.assert(
      fc.property(fc.string({ unit }), (v) => {
        expect(restoreCell(neutraliseCell(v))).toBe(v);
      }),
      { seed: 20261124, numRuns: 2_000 },
    );
  });
});

describe("needsQuotes", () => {
  it("quotes separators of both locales, line breaks, tabs and quotes; nothing else", () => {
    for (const v of ["a;b", "a,b", "a\nb", "a\rb", "a\tb", 'a"b']) expect(needsQuotes(v)).toBe(true);
    for (const v of ["plain", "'=x", "", 5]) expect(needsQuotes(v)).toBe(false);
  });
});
