import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createStaff, signInWithPassword } from "@/scripts/test/dashboard-session";
import { BASE_URL, randomPhone } from "@/scripts/test/helpers";

/**
 * Issue 17.1: the contacts export neutralised only a field's first character. A field holding `;`
 * was written unquoted, and text after a `;` or a line break reached a cell start when a
 * spreadsheet splits on `;` (Excel's list separator in most of Europe). Every value here is
 * customer-controlled (a WhatsApp profile name, a custom field set through the API).
 */
const HOSTILE = {
  name: "Mallory;=4+0*1;",
  nameBreak: "Mallory\n=5+0*1",
  customSemicolon: "ok;@SUM(6+0*1);",
  customCr: "\r=2+0*1",
  tab: "a\t=HYPERLINK(1)",
  comma: "x,-3+cmd|' /C calc'!A0",
  quote: 'q";+1+1',
  leading: "@SUM(1+1)",
  afterSemicolonTab: "b;\t=1",
};

const DANGER = /^[=+\-@\t\r]/;

async function exportAs(cookie: string): Promise<Response> {
  return fetch(`${BASE_URL}/api/dashboard/contacts/export`, {
    headers: { cookie, origin: BASE_URL, "sec-fetch-site": "same-origin" },
  });
}

/** Cells as a spreadsheet reading the file with this separator sees them (quotes honoured). */
function cellsParsed(text: string, delimiter: string): string[] {
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: true });
  return parsed.data.flat();
}

/** Cells as a naive splitter sees them: every separator and line break starts a cell, quotes ignored. */
function cellsNaive(text: string, separator: string): string[] {
  return text.split(new RegExp(`[${separator}\\n]|\\r\\n?`)).map((c) => c.replace(/^"+/, ""));
}

describe("contacts CSV export: no cell starts a formula, whatever the spreadsheet splits on", () => {
  it("names, custom fields and tags holding separators, line breaks and formula characters", async () => {
    const staff = await createStaff("admin");
    const { cookie } = await signInWithPassword(staff.email, staff.password);
    if (!cookie) throw new Error("could not sign in");
    const phones = [randomPhone(), randomPhone(), randomPhone()];
    const tag = await db().tag.create({ data: { organizationId: staff.orgId, name: "=tag;@x" } });
    await db().contact.create({
      data: {
        organizationId: staff.orgId,
        phone: phones[0],
        name: HOSTILE.name,
        customFields: { note: HOSTILE.customSemicolon, cr: HOSTILE.customCr, "=key;+k": HOSTILE.tab },
        tags: { create: [{ tagId: tag.id }] },
      },
    });
    await db().contact.create({
      data: {
        organizationId: staff.orgId,
        phone: phones[1],
        name: HOSTILE.nameBreak,
        email: null,
        customFields: { note: HOSTILE.comma, cr: HOSTILE.quote },
      },
    });
    await db().contact.create({
      data: {
        organizationId: staff.orgId,
        phone: phones[2],
        name: HOSTILE.leading,
        customFields: { note: HOSTILE.afterSemicolonTab },
      },
    });

    const res = await exportAs(cookie);
    expect(res.status).toBe(200);
    const text = await res.text();

    for (const separator of [",", ";"]) {
      for (const cell of cellsParsed(text, separator)) {
        for (const line of cell.split(/\r\n|\r|\n/)) {
          expect(line, `parsed with ${JSON.stringify(separator)}: ${JSON.stringify(cell)}`).not.toMatch(
            DANGER,
          );
        }
      }
      for (const cell of cellsNaive(text, separator)) {
        expect(cell, `split on ${JSON.stringify(separator)}`).not.toMatch(DANGER);
      }
    }

    // the file is still one row per contact for a reader that honours quotes, and nothing is lost
    const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(3);
    const first = rows.find((r) => r.name?.startsWith("Mallory;"));
    expect(first?.name).toBe("Mallory;'=4+0*1;");
    expect(first?.note).toBe("ok;'@SUM(6+0*1);");
    expect(first?.tags).toBe("'=tag;'@x");
    expect(rows.find((r) => r.name?.startsWith("Mallory\n"))?.name).toBe("Mallory\n'=5+0*1");
    // a field holding `;` is quoted, so a spreadsheet splitting on `;` keeps it in one cell
    expect(text).toContain('"Mallory;\'=4+0*1;"');
  });
});
