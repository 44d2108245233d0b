"use client";

import Papa from "papaparse";
import { type CsvAudience, withContacts } from "@/components/broadcasts/new/draft";

/** A broadcast takes at most this many inline recipients (BROADCAST_LIMITS.inlineRecipients). */
export const MAX_CSV_ROWS = 10_000;
const PHONE_NAMES = ["phone", "to", "number", "mobile", "whatsapp", "phone_number", "telephone"];

/**
 * A CSV of recipients read in the browser: the first line names the columns, one row a
 * recipient. The phone column is guessed by its name (phone, to, number, …) and can be changed;
 * the columns the contact model knows (name, email, tags, custom.<key>) go to new contacts.
 */
export function readCsv(file: File): Promise<CsvAudience> {
  return new Promise((resolve, reject) => {
    const rows: Record<string, string>[] = [];
    let dropped = 0;
    // with `step`, the columns come with each row (complete() gets no results)
    let fields: string[] = [];
    Papa.parse<Record<string, unknown>>(file, {
      header: true,
      skipEmptyLines: "greedy",
      transformHeader: (h) => h.trim(),
      step: (result) => {
        fields = result.meta.fields ?? fields;
        if (rows.length >= MAX_CSV_ROWS) {
          dropped++;
          return;
        }
        rows.push(
          Object.fromEntries(
            Object.entries(result.data).map(([k, v]) => [k, typeof v === "string" ? v.trim() : ""]),
          ),
        );
      },
      complete: () => {
        const columns = fields.filter((c) => c !== "");
        if (columns.length === 0)
          return reject(new Error("The first line must name the columns (phone,name,…)."));
        const phoneColumn = columns.find((c) => PHONE_NAMES.includes(c.toLowerCase())) ?? columns[0] ?? "";
        resolve(withContacts({ fileName: file.name, columns, phoneColumn, rows, dropped }));
      },
      error: (error) => reject(new Error(`The file could not be read: ${error.message}`)),
    });
  });
}
