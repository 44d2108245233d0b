import { z } from "zod";
import { upstreamReferralSchema } from "@/lib/events/referral";

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

/** what a `user_changed_user_id` / `user_changed_number` system message carries */
const systemObject = z
  .object({
    type: z.string().optional(),
    body: z.string().optional(),
    /** user_changed_user_id: the new business-scoped user id */
    user_id: z.string().optional(),
    parent_user_id: z.string().optional(),
    /** user_changed_number: the new number */
    wa_id: z.string().optional(),
    previous_user_id: z.string().optional(),
  })
  .loose();

export const inboundMessageSchema = z
  .object({
    from: z.string().optional(),
    from_user_id: z.string().optional(),
    from_parent_user_id: z.string().optional(),
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
        // a completed Flow (Meta's "Receive Flow response"): response_json is a string of JSON
        nfm_reply: z
          .object({ name: z.string().optional(), body: z.string().optional(), response_json: z.string() })
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
    /** the customer came from a click-to-WhatsApp ad or post (lib/events/referral.ts) */
    referral: upstreamReferralSchema.optional(),
    system: systemObject.optional(),
    /** coexistence: the user (or, in an echo, the business) edited an earlier message */
    edit: z
      .object({ original_message_id: z.string(), message: z.record(z.string(), z.unknown()).optional() })
      .loose()
      .optional(),
    /** coexistence: the user (or, in an echo, the business) deleted an earlier message for everyone */
    revoke: z.object({ original_message_id: z.string() }).loose().optional(),
    /** history messages: the status the message had in the WhatsApp Business app */
    history_context: z.object({ status: z.string().optional() }).loose().optional(),
  })
  .loose();

/** smb_message_echoes: what the business sent from the WhatsApp Business app, to a user */
export const echoMessageSchema = inboundMessageSchema.extend({
  to: z.string().optional(),
  to_user_id: z.string().optional(),
  to_parent_user_id: z.string().optional(),
});

export const historyChunkSchema = z
  .object({
    metadata: z
      .object({
        phase: z.number().optional(),
        chunk_order: z.number().optional(),
        progress: z.number().optional(),
      })
      .loose()
      .optional(),
    threads: z
      .array(
        z
          .object({
            id: z.string(),
            context: z
              .object({ wa_id: z.string().optional(), user_id: z.string().optional() })
              .loose()
              .optional(),
            messages: z.array(z.unknown()).default([]),
          })
          .loose(),
      )
      .default([]),
    errors: z.array(z.record(z.string(), z.unknown())).optional(),
  })
  .loose();

export const stateSyncItemSchema = z
  .object({
    type: z.string(),
    action: z.string().optional(),
    contact: z
      .object({
        full_name: z.string().optional(),
        first_name: z.string().optional(),
        phone_number: z.string().optional(),
      })
      .loose()
      .optional(),
    metadata: z.object({ timestamp: z.string().optional() }).loose().optional(),
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

/**
 * One entry of a change value's `contacts`: who a notification is about (messages, statuses,
 * calls, user_preferences). `user_id` is the business-scoped user id of a customer who hides
 * their number; the same shape is read by every field's processor.
 */
export const notificationContactSchema = z
  .object({
    wa_id: z.string().optional(),
    user_id: z.string().optional(),
    parent_user_id: z.string().optional(),
    username: z.string().optional(),
    profile: z.object({ name: z.string().optional(), username: z.string().optional() }).loose().optional(),
  })
  .loose();

export const changeValueSchema = z
  .object({
    messaging_product: z.string().optional(),
    metadata: z
      .object({ phone_number_id: z.string(), display_phone_number: z.string().optional() })
      .loose()
      .optional(),
    contacts: z.array(notificationContactSchema).optional(),
    messages: z.array(z.unknown()).optional(),
    statuses: z.array(z.unknown()).optional(),
    /** field smb_message_echoes */
    message_echoes: z.array(z.unknown()).optional(),
    /** field history */
    history: z.array(z.unknown()).optional(),
    /** field smb_app_state_sync */
    state_sync: z.array(z.unknown()).optional(),
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
export type EchoMessage = z.infer<typeof echoMessageSchema>;
export type HistoryChunk = z.infer<typeof historyChunkSchema>;
export type StateSyncItem = z.infer<typeof stateSyncItemSchema>;
export type UpstreamStatus = z.infer<typeof statusSchema>;
export type ChangeValue = z.infer<typeof changeValueSchema>;
export type Notification = z.infer<typeof notificationSchema>;
