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

/**
 * Meta's "Sending a Flow" (developers.facebook.com/documentation/business-messaging/whatsapp/flows/guides/sendingaflow/):
 * flow_message_version "3", flow_id or flow_name (one of them), flow_cta (at most 20 characters),
 * flow_action navigate (default) or data_exchange, flow_action_payload {screen, data} with navigate
 * only, mode draft or published. Meta takes a message without flow_token (the answer then carries
 * "unused"); the sandbox does too.
 */
const flow = z.strictObject({
  type: z.literal("flow"),
  header: anyHeader.optional(),
  body: body(1024),
  footer: footer.optional(),
  action: z.strictObject({
    name: z.literal("flow"),
    parameters: z
      .strictObject({
        flow_message_version: z.literal("3"),
        flow_token: z.string().min(1).optional(),
        flow_id: z.string().regex(/^\d+$/).optional(),
        flow_name: z.string().min(1).optional(),
        flow_cta: z.string().min(1).max(20),
        flow_action: z.enum(["navigate", "data_exchange"]).optional(),
        flow_action_payload: z
          .strictObject({ screen: z.string().min(1), data: z.record(z.string(), z.unknown()).optional() })
          .optional(),
        mode: z.enum(["draft", "published"]).optional(),
      })
      .superRefine((p, ctx) => {
        if ((p.flow_id === undefined) === (p.flow_name === undefined))
          ctx.addIssue({
            code: "custom",
            message: "Exactly one of flow_id or flow_name is required.",
            params: VALUE_NOT_VALID,
          });
        if (p.flow_action === "data_exchange" && p.flow_action_payload !== undefined)
          ctx.addIssue({
            code: "custom",
            message: "flow_action_payload is only allowed with flow_action navigate.",
            params: VALUE_NOT_VALID,
          });
      }),
  }),
});

/**
 * A call permission request (Meta's "Obtain user call permissions":
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/user-call-permissions):
 * a body and an action named call_permission_request.
 */
const callPermissionRequest = z.strictObject({
  type: z.literal("call_permission_request"),
  body: body(1024),
  action: z.strictObject({ name: z.literal("call_permission_request") }),
});

export const interactiveObject = z.discriminatedUnion("type", [
  button,
  list,
  ctaUrl,
  flow,
  callPermissionRequest,
]);
export type Interactive = z.infer<typeof interactiveObject>;
