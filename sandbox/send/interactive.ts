import { z } from "zod";
import { documentRef, mediaLink, mediaRef } from "@/sandbox/send/media-object";
import { VALUE_NOT_VALID } from "@/sandbox/send/parse";

const textHeader = z.strictObject({ type: z.literal("text"), text: z.string().min(1).max(60) });
const anyHeader = z.discriminatedUnion("type", [
  textHeader,
  z.strictObject({ type: z.literal("image"), image: mediaRef }),
  z.strictObject({ type: z.literal("video"), video: mediaRef }),
  z.strictObject({ type: z.literal("document"), document: documentRef }),
]);
const body = (max: number) => z.strictObject({ text: z.string().min(1).max(max) });
const footer = z.strictObject({ text: z.string().min(1).max(60) });

function unique(ids: string[], what: string, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id))
      ctx.addIssue({ code: "custom", message: `Duplicate ${what} id: ${id}`, params: VALUE_NOT_VALID });
    seen.add(id);
  }
}

const button = z.strictObject({
  type: z.literal("button"),
  header: anyHeader.optional(),
  body: body(1024),
  footer: footer.optional(),
  action: z.strictObject({
    buttons: z
      .array(
        z.strictObject({
          type: z.literal("reply"),
          reply: z.strictObject({ id: z.string().min(1).max(256), title: z.string().min(1).max(20) }),
        }),
      )
      .min(1)
      .max(3)
      .superRefine((buttons, ctx) =>
        unique(
          buttons.map((b) => b.reply.id),
          "button",
          ctx,
        ),
      ),
  }),
});

const row = z.strictObject({
  id: z.string().min(1).max(200),
  title: z.string().min(1).max(24),
  description: z.string().max(72).optional(),
});

const list = z.strictObject({
  type: z.literal("list"),
  header: textHeader.optional(),
  body: body(4096),
  footer: footer.optional(),
  action: z
    .strictObject({
      button: z.string().min(1).max(20),
      sections: z
        .array(
          z.strictObject({ title: z.string().min(1).max(24).optional(), rows: z.array(row).min(1).max(10) }),
        )
        .min(1)
        .max(10),
    })
    .superRefine((action, ctx) => {
      const rows = action.sections.flatMap((s) => s.rows);
      if (rows.length > 10) {
        ctx.addIssue({
          code: "custom",
          message: "Total row count exceed max allowed count: 10",
          params: VALUE_NOT_VALID,
        });
      }
      if (action.sections.length > 1 && action.sections.some((s) => s.title === undefined)) {
        ctx.addIssue({
          code: "custom",
          message: "Section title is required when there is more than one section.",
          params: VALUE_NOT_VALID,
        });
      }
      unique(
        rows.map((r) => r.id),
        "row",
        ctx,
      );
    }),
});

const ctaUrl = z.strictObject({
  type: z.literal("cta_url"),
  header: anyHeader.optional(),
  body: body(1024),
  footer: footer.optional(),
  action: z.strictObject({
    name: z.literal("cta_url"),
    parameters: z.strictObject({ display_text: z.string().min(1).max(20), url: mediaLink }),
  }),
});

export const interactiveObject = z.discriminatedUnion("type", [button, list, ctaUrl]);
export type Interactive = z.infer<typeof interactiveObject>;
