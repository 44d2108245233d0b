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
};

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
      ? draft.csv.rows.map((row) => {
          const variables = Object.fromEntries([...columns].map((c) => [columnKey(c), row[c] ?? ""]));
          return { to: row[draft.csv?.phoneColumn ?? ""] ?? "", ...(columns.size > 0 ? { variables } : {}) };
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
