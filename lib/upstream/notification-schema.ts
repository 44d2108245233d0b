import { z } from "zod";

/** The parts of a Cloud API webhook notification we read; everything else passes through. */
const mediaObject = z
  .object({
    id: z.string(),
    mime_type: z.string().optional(),
    sha256: z.string().optional(),
    caption: z.string().optional(),
    filename: z.string().optional(),
  })
  .loose();

export const inboundMessageSchema = z
  .object({
    from: z.string().optional(),
    from_user_id: z.string().optional(),
    id: z.string(),
    timestamp: z.string().optional(),
    type: z.string(),
    text: z.object({ body: z.string() }).loose().optional(),
    image: mediaObject.optional(),
    audio: mediaObject.optional(),
    video: mediaObject.optional(),
    document: mediaObject.optional(),
    sticker: mediaObject.optional(),
    location: z
      .object({
        latitude: z.number(),
        longitude: z.number(),
        name: z.string().optional(),
        address: z.string().optional(),
      })
      .loose()
      .optional(),
    interactive: z
      .object({
        type: z.string(),
        button_reply: z.object({ id: z.string(), title: z.string() }).loose().optional(),
        list_reply: z
          .object({ id: z.string(), title: z.string(), description: z.string().optional() })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
    button: z.object({ payload: z.string().optional(), text: z.string().optional() }).loose().optional(),
    reaction: z
      .object({ message_id: z.string().optional(), emoji: z.string().optional() })
      .loose()
      .optional(),
    /** shared contact cards, passed on as the upstream gives them */
    contacts: z.array(z.record(z.string(), z.unknown())).optional(),
    context: z.object({ id: z.string().optional(), from: z.string().optional() }).loose().optional(),
  })
  .loose();

export const statusSchema = z
  .object({
    id: z.string(),
    status: z.string(),
    timestamp: z.string().optional(),
    recipient_id: z.string().optional(),
    biz_opaque_callback_data: z.string().optional(),
    pricing: z
      .object({
        billable: z.boolean().optional(),
        pricing_model: z.string().optional(),
        category: z.string().optional(),
        type: z.string().optional(),
      })
      .loose()
      .optional(),
    errors: z
      .array(
        z
          .object({
            code: z.number(),
            title: z.string().optional(),
            message: z.string().optional(),
            error_data: z.object({ details: z.string().optional() }).loose().optional(),
          })
          .loose(),
      )
      .optional(),
  })
  .loose();

export const changeValueSchema = z
  .object({
    messaging_product: z.string().optional(),
    metadata: z
      .object({ phone_number_id: z.string(), display_phone_number: z.string().optional() })
      .loose()
      .optional(),
    contacts: z
      .array(
        z
          .object({
            wa_id: z.string().optional(),
            user_id: z.string().optional(),
            profile: z.object({ name: z.string().optional() }).loose().optional(),
          })
          .loose(),
      )
      .optional(),
    messages: z.array(z.unknown()).optional(),
    statuses: z.array(z.unknown()).optional(),
  })
  .loose();

export const notificationSchema = z
  .object({
    object: z.string().optional(),
    entry: z
      .array(
        z
          .object({
            id: z.string().optional(),
            changes: z.array(z.object({ field: z.string(), value: z.unknown() }).loose()).default([]),
          })
          .loose(),
      )
      .default([]),
  })
  .loose();

export type InboundMessage = z.infer<typeof inboundMessageSchema>;
export type UpstreamStatus = z.infer<typeof statusSchema>;
export type ChangeValue = z.infer<typeof changeValueSchema>;
