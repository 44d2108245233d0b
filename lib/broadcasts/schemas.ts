import { z } from "zod";
import { pageQuery } from "@/lib/api/pagination";
import { CONTACT_LIMITS, createContactBody } from "@/lib/contacts/schemas";
import { broadcastCounts, broadcastPause } from "@/lib/events/broadcast-payloads";
import { templateContent } from "@/lib/messages/message-schemas";

/** Limits of a broadcast request (docs/api.md, Broadcasts). */
export const BROADCAST_LIMITS = {
  name: 100,
  inlineRecipients: 10_000,
  contactIds: 10_000,
  tags: 50,
  variables: 20,
  scheduleAheadDays: 30,
} as const;

const tag = z.string().trim().min(1).max(CONTACT_LIMITS.tagLength);
const tags = z.array(tag).max(BROADCAST_LIMITS.tags, `at most ${BROADCAST_LIMITS.tags} tags`);

const variableValue = z.union(
  [
    z.string().max(CONTACT_LIMITS.customFieldValueLength),
    z.number().refine(Number.isFinite, "numbers must be finite"),
    z.boolean(),
  ],
  { error: "variable values are strings, numbers or booleans" },
);

export const inlineRecipient = z
  .object({
    to: z
      .preprocess((v) => (typeof v === "number" ? String(v) : v), z.string().max(64))
      .meta({ description: "E.164; an invalid number is skipped (invalid_phone), not refused" }),
    variables: z
      .record(z.string().min(1).max(CONTACT_LIMITS.customFieldKeyLength), variableValue)
      .refine(
        (v) => Object.keys(v).length <= BROADCAST_LIMITS.variables,
        `at most ${BROADCAST_LIMITS.variables} variables a recipient`,
      )
      .optional()
      .meta({ description: "Values of the `{{variables.KEY}}` placeholders for this recipient" }),
    contact: createContactBody.omit({ phone: true }).partial().optional().meta({
      description:
        "Additive: the name, e-mail, tags and custom fields the contact is created with when the number is not a contact yet (the create-contact rules); an existing contact is not changed",
    }),
  })
  .meta({ id: "BroadcastRecipientInput" });

export const broadcastAudience = z
  .object({
    tags: tags.optional().meta({ description: "Contacts carrying any of these tags" }),
    exclude_tags: tags.optional().meta({ description: "Leaves out contacts carrying any of these tags" }),
    contact_ids: z
      .array(z.string().max(64))
      .max(BROADCAST_LIMITS.contactIds, `at most ${BROADCAST_LIMITS.contactIds} contact ids`)
      .optional()
      .meta({ description: "Contacts by id; unknown ids are ignored" }),
  })
  .meta({ id: "BroadcastAudience" });

/** The body as documented; `template` is checked by templateOf (the contract's template codes). */
export const createBroadcastBody = z
  .object({
    name: z.string().trim().min(1).max(BROADCAST_LIMITS.name).meta({ description: "Shown in the dashboard" }),
    channel_id: z.string().max(64).optional().meta({ description: "Sending channel (the contract's rules)" }),
    template: templateContent.meta({
      description:
        "As in a template send; text and payload parameters may hold placeholders such as `{{contact.name|there}}`",
    }),
    audience: broadcastAudience.optional(),
    recipients: z
      .array(inlineRecipient)
      .max(
        BROADCAST_LIMITS.inlineRecipients,
        `at most ${BROADCAST_LIMITS.inlineRecipients} inline recipients; use audience.tags for more`,
      )
      .optional()
      .meta({ description: "Inline recipients; an unknown number becomes a contact" }),
    scheduled_at: z.iso
      .datetime({ offset: true })
      .optional()
      .meta({ description: "ISO 8601, within 30 days; absent starts at once" }),
  })
  .meta({ id: "CreateBroadcastBody" });

export type CreateBroadcastBody = z.infer<typeof createBroadcastBody>;

export const BROADCAST_STATUSES = ["scheduled", "running", "paused", "completed", "cancelled"] as const;
export const RECIPIENT_STATUSES = ["pending", "skipped", "sent", "delivered", "read", "failed"] as const;
export const SKIP_REASONS = [
  "missing_variable",
  "invalid_phone",
  "opted_out",
  "duplicate",
  "cancelled",
  "contact_deleted",
  "blocked",
] as const;

export type BroadcastCountsJson = z.infer<typeof broadcastCounts>;

export const broadcastJson = z
  .object({
    id: z.uuid(),
    name: z.string(),
    status: z.enum(BROADCAST_STATUSES),
    channelId: z.uuid(),
    template: z.object({ name: z.string(), language: z.string() }),
    scheduledAt: z.iso.datetime().nullable(),
    startedAt: z.iso.datetime().nullable(),
    completedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    counts: broadcastCounts,
    pause: broadcastPause.nullable().meta({
      description:
        "Why the broadcast paused itself (most of its sends failed with one error, or its channel was deactivated); null otherwise, a pause by a person included",
    }),
  })
  .meta({ id: "Broadcast" });

export type BroadcastJson = z.infer<typeof broadcastJson>;

export const recipientJson = z
  .object({
    contactId: z.uuid().nullable(),
    to: z.string().nullable().meta({
      description: "E.164; the input as given when it was invalid; null unless the key holds contacts:read",
    }),
    status: z.enum(RECIPIENT_STATUSES),
    messageId: z.uuid().nullable(),
    conversationId: z
      .uuid()
      .nullable()
      .meta({ description: "The customer's conversation holding the message (null before it is sent)" }),
    whatsappMessageId: z.string().nullable(),
    error: z
      .object({ code: z.union([z.int(), z.string()]), message: z.string() })
      .nullable()
      .meta({ description: "Why it failed: the upstream code (e.g. 131049) and what it means" }),
    skipReason: z.enum(SKIP_REASONS).nullable(),
    sentAt: z.iso.datetime().nullable(),
    deliveredAt: z.iso.datetime().nullable(),
    readAt: z.iso.datetime().nullable(),
    repliedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "BroadcastRecipient" });

export type RecipientJson = z.infer<typeof recipientJson>;

export const listBroadcastsQuery = pageQuery.meta({ id: "ListBroadcastsQuery" });

export const listRecipientsQuery = pageQuery
  .extend({ status: z.enum(RECIPIENT_STATUSES).optional().meta({ description: "Only this status" }) })
  .meta({ id: "ListBroadcastRecipientsQuery" });

export const broadcastParams = z.object({ id: z.string().meta({ description: "Broadcast id" }) });

export const retryJson = z
  .object({ count: z.int().meta({ description: "Failed recipients put back to pending" }) })
  .meta({ id: "BroadcastRetryResult" });
