import { z } from "zod";
import { locationObject } from "@/sandbox/send/location";
import { documentRef, mediaRef } from "@/sandbox/send/media-object";

const named = { parameter_name: z.string().min(1).optional() };

const parameter = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("text"), text: z.string().min(1).max(32_768), ...named }),
  z.strictObject({
    type: z.literal("currency"),
    currency: z.strictObject({
      fallback_value: z.string().min(1),
      code: z.string().length(3),
      amount_1000: z.number().int(),
    }),
    ...named,
  }),
  z.strictObject({
    type: z.literal("date_time"),
    date_time: z.looseObject({ fallback_value: z.string().min(1) }),
    ...named,
  }),
  z.strictObject({ type: z.literal("image"), image: mediaRef }),
  z.strictObject({ type: z.literal("video"), video: mediaRef }),
  z.strictObject({ type: z.literal("document"), document: documentRef }),
  z.strictObject({ type: z.literal("location"), location: locationObject }),
  z.strictObject({ type: z.literal("payload"), payload: z.string().min(1).max(1000) }),
  z.strictObject({ type: z.literal("coupon_code"), coupon_code: z.string().min(1).max(15) }),
  z.strictObject({
    type: z.literal("action"),
    action: z.looseObject({
      flow_token: z.string().min(1).optional(),
      flow_action_data: z.record(z.string(), z.unknown()).optional(),
    }),
  }),
]);

const lower = z.string().transform((s) => s.toLowerCase());

const component = z.strictObject({
  type: lower.pipe(z.enum(["header", "body", "button"])),
  sub_type: lower
    .pipe(z.enum(["quick_reply", "url", "copy_code", "flow", "catalog", "voice_call"]))
    .optional(),
  index: z
    .union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)])
    .pipe(z.number().int().min(0).max(9))
    .optional(),
  parameters: z.array(parameter).max(100).optional(),
});

export const templateObject = z.strictObject({
  name: z.string().min(1).max(512),
  language: z.strictObject({
    code: z.string().min(1),
    policy: z.literal("deterministic").optional(),
  }),
  namespace: z.string().optional(),
  components: z.array(component).optional(),
});

export type TemplateObject = z.infer<typeof templateObject>;
export type TemplateComponent = z.infer<typeof component>;
export type TemplateParameter = z.infer<typeof parameter>;
