import { z } from "zod";
import type { Template, TemplateTranslation } from "@/lib/generated/prisma/client.ts";

export const templateJson = z
  .object({
    id: z.uuid().meta({ description: "Internal id; usable as {templateId} of the template send endpoint" }),
    name: z.string().meta({ description: "Template name upstream; used when sending" }),
    category: z.string().meta({ description: "AUTHENTICATION, MARKETING or UTILITY" }),
    status: z.literal("APPROVED"),
    languages: z
      .array(z.object({ code: z.string(), status: z.string() }))
      .meta({ description: "Available languages; send with a code whose status is APPROVED" }),
    components: z.array(z.unknown()).meta({ description: "HEADER, BODY, FOOTER, BUTTONS as synchronized" }),
    channel_id: z.uuid(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "Template" });

export type TemplateWithTranslations = Template & { translations: TemplateTranslation[] };

/** Grouped by name: one item a template, its translations as languages[]. */
export function toTemplateJson(t: TemplateWithTranslations): z.infer<typeof templateJson> {
  const approved = t.translations.filter((tr) => tr.status === "APPROVED");
  const main = approved.find((tr) => tr.language.startsWith("en")) ?? approved[0] ?? t.translations[0];
  return {
    id: t.id,
    name: t.name,
    category: t.category,
    status: "APPROVED",
    languages: t.translations.map((tr) => ({ code: tr.language, status: tr.status })),
    components: (main?.components ?? []) as unknown[],
    channel_id: t.channelId,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}
