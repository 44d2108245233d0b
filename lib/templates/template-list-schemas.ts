import { z } from "zod";

const blank = (v: unknown) => (v === "" ? undefined : v);

export const templatesQuery = z.object({
  channel_id: z.preprocess(blank, z.uuid("choose a channel").optional()),
  search: z.preprocess(blank, z.string().trim().max(100).optional()),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

export type TemplatesQuery = z.infer<typeof templatesQuery>;

export type TemplateLanguageJson = {
  code: string;
  /** upstream status: APPROVED, PENDING, REJECTED, PAUSED, DISABLED, … */
  status: string;
  category: string;
  /** why the upstream rejected, paused or flagged it (e.g. INCORRECT_CATEGORY), from its notification */
  status_reason: string | null;
  status_details: string | null;
  components: unknown[];
  /** how the variables are written: {{1}} (POSITIONAL) or {{first_name}} (NAMED) */
  parameter_format: "POSITIONAL" | "NAMED";
  updated_at: string;
};

/** A template of the templates page: every active language, whatever its status. */
export type TemplateRowJson = {
  id: string;
  name: string;
  category: string;
  channel: { id: string; name: string; display_phone_number: string | null; status: "active" | "inactive" };
  languages: TemplateLanguageJson[];
  updated_at: string;
};

export type ChannelRefJson = TemplateRowJson["channel"];

export type TemplatesPageJson = {
  templates: TemplateRowJson[];
  page: number;
  per_page: number;
  total: number;
  /** every channel of the organization, for the filter (agents cannot list channels otherwise) */
  channels: ChannelRefJson[];
};
