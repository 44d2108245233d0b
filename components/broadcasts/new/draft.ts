import { contactColumns, csvContact } from "@/lib/broadcasts/csv-contact";
import type { InlineContact } from "@/lib/broadcasts/inline-recipients";
import type { CreateBroadcastBody } from "@/lib/broadcasts/schemas";
import { buildComponents, columnKey, type Slot, type Source } from "@/lib/broadcasts/template-slots";

/** A CSV audience: one row a recipient, the phone in `phoneColumn`, any column usable as a variable. */
export type CsvAudience = {
  fileName: string;
  columns: string[];
  phoneColumn: string;
  rows: Record<string, string>[];
  /** rows beyond the 10,000 a broadcast takes inline, left out */
  dropped: number;
  /** per row, what its contact is created with if the number is new (withContacts) */
  contacts: (InlineContact | null)[];
  /** the contact fields the columns give (name, email, tags, custom.<key>) */
  contactFields: string[];
  /** per field, the cells left out because the contact rules refuse them */
  refused: Record<string, number>;
};

/** The audience with its rows' contact fields read again (after a new file or phone column). */
export function withContacts(csv: Omit<CsvAudience, "contacts" | "contactFields" | "refused">): CsvAudience {
  const known = contactColumns(csv.columns, csv.phoneColumn);
  const refused: Record<string, number> = {};
  const contacts = csv.rows.map((row) => {
    const { contact, dropped } = csvContact(row, known);
    for (const field of dropped) refused[field] = (refused[field] ?? 0) + 1;
    return contact;
  });
  return { ...csv, contacts, contactFields: [...known.values()], refused };
}

/** The New broadcast wizard's state, step by step. */
export type Draft = {
  name: string;
  channelId: string;
  templateId: string;
  language: string;
  audience: "tags" | "csv";
  tags: string[];
  excludeTags: string[];
  csv: CsvAudience | null;
  sources: Record<string, Source>;
  when: "now" | "later";
  /** a datetime-local value, in the browser's time zone */
  scheduledAt: string;
};

export const EMPTY_DRAFT: Draft = {
  name: "",
  channelId: "",
  templateId: "",
  language: "",
  audience: "tags",
  tags: [],
  excludeTags: [],
  csv: null,
  sources: {},
  when: "now",
  scheduledAt: "",
};

/** The create (and preview) body of a draft: the same body POST /v1/whatsapp/broadcasts takes. */
export function toBody(draft: Draft, templateName: string, slots: Slot[]): CreateBroadcastBody {
  const columns = new Set(
    Object.values(draft.sources).flatMap((s) => (s.kind === "column" ? [s.column] : [])),
  );
  const recipients =
    draft.audience === "csv" && draft.csv
      ? draft.csv.rows.map((row, i) => {
          const variables = Object.fromEntries([...columns].map((c) => [columnKey(c), row[c] ?? ""]));
          const contact = draft.csv?.contacts[i];
          return {
            to: row[draft.csv?.phoneColumn ?? ""] ?? "",
            ...(columns.size > 0 ? { variables } : {}),
            ...(contact ? { contact } : {}),
          };
        })
      : undefined;
  return {
    name: draft.name.trim(),
    channel_id: draft.channelId,
    template: {
      name: templateName,
      language: { code: draft.language },
      components: buildComponents(slots, draft.sources) as CreateBroadcastBody["template"]["components"],
    },
    audience: {
      ...(draft.audience === "tags" ? { tags: draft.tags } : {}),
      ...(draft.excludeTags.length > 0 ? { exclude_tags: draft.excludeTags } : {}),
    },
    ...(recipients ? { recipients } : {}),
    ...(draft.when === "later" && draft.scheduledAt
      ? { scheduled_at: new Date(draft.scheduledAt).toISOString() }
      : {}),
  };
}
