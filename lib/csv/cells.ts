/**
 * Spreadsheet formula injection (OWASP "CSV Injection", ASVS 1.2.10): a spreadsheet runs a cell
 * starting with = + - @, tab or CR as a formula. Which character starts a cell depends on the
 * reader: Excel splits on `,` or on `;` (its list separator in most European locales), and some
 * tools split on every line break or tab whatever the quotes say. So a dangerous character is
 * neutralised (a `'` put before it) at the start of a value and after every separator or line
 * break inside it, and a value holding a separator or a line break is quoted. Signed numbers such
 * as +14155550123 are neutralised too: the rule is "no cell starts with one of these", and the
 * import (restoreCell) takes the marks off again, so an export re-imports unchanged.
 *
 * Pure and browser-safe: the export writes with it, the import dialog reads with it.
 */

/** Characters that make a spreadsheet cell a formula when they come first. */
const DANGEROUS = new Set(["=", "+", "-", "@", "\t", "\r"]);

/** Characters after which some spreadsheet or tool starts a new cell. */
const BOUNDARY = new Set([",", ";", "\t", "\r", "\n"]);

/** A value any reader must keep in one cell: it holds a separator, a line break or a quote. */
const NEEDS_QUOTES = /[,;\t\r\n"]/;

export const NEUTRALISER = "'";

/** `'` before every dangerous character that starts the value or follows a separator or line break. */
export function neutraliseCell(value: string): string {
  let out = "";
  let atStart = true;
  for (const ch of value) {
    if (atStart && DANGEROUS.has(ch)) out += NEUTRALISER;
    out += ch;
    atStart = BOUNDARY.has(ch);
  }
  return out;
}

/** Undoes neutraliseCell: a `'` at a cell start, right before a dangerous character, is dropped. */
export function restoreCell(value: string): string {
  let out = "";
  let atStart = true;
  for (let i = 0; i < value.length; i++) {
    const ch = value.charAt(i);
    if (atStart && ch === NEUTRALISER && DANGEROUS.has(value.charAt(i + 1))) {
      atStart = false;
      continue;
    }
    out += ch;
    atStart = BOUNDARY.has(ch);
  }
  return out;
}

/** Papa.unparse's `quotes` option: quote every value that holds a separator, a line break or a quote. */
export function needsQuotes(value: unknown): boolean {
  return typeof value === "string" && NEEDS_QUOTES.test(value);
}
