import { z } from "zod";

/** The `data` of the contact and conversation events (camelCase inside `data`). */

const at = z.iso.datetime().meta({ description: "Time of the event on the server (ISO 8601, milliseconds)" });
const channelId = z
  .uuid()
  .nullable()
  .meta({ description: "Channel involved; null for a contact created through the API or the dashboard" });

export const contactCreatedData = z
  .object({
    contactId: z.uuid().meta({ description: "The contact" }),
    phone: z.string().nullable().meta({ description: "E.164 with `+`; null for a username-only user" }),
    name: z.string().nullable(),
    email: z.string().nullable(),
    bsuid: z
      .string()
      .nullable()
      .default(null)
      .meta({ description: "Business-scoped user id (WhatsApp usernames); null when unknown" }),
    username: z
      .string()
      .nullable()
      .default(null)
      .meta({ description: "The customer's WhatsApp username; null when none" }),
    channelId,
    timestamp: at,
  })
  .meta({ id: "ContactCreatedData" });

export const contactUpdatedData = z
  .object({
    contactId: z.uuid().meta({ description: "The contact" }),
    phone: z.string().nullable().meta({ description: "E.164 with `+`" }),
    name: z.string().nullable(),
    email: z.string().nullable(),
    tags: z.array(z.string()).meta({ description: "Every tag of the contact, sorted" }),
    bsuid: z
      .string()
      .nullable()
      .meta({ description: "Business-scoped user id (WhatsApp usernames); null when unknown" }),
    username: z.string().nullable().meta({ description: "The customer's WhatsApp username; null when none" }),
    blocked: z.boolean().meta({ description: "Staff blocked the customer on WhatsApp" }),
    marketingOptOut: z.boolean().meta({
      description:
        "The customer stopped marketing messages (WhatsApp's user_preferences, or one of the organization's stop words)",
    }),
    changes: z.array(z.string()).meta({ description: "Names of the fields that changed" }),
    mergedContactIds: z.array(z.uuid()).optional().meta({
      description:
        "Contacts merged into this one (a customer known by user id shared a number known already): their history is now this contact's",
    }),
    timestamp: at,
  })
  .meta({ id: "ContactUpdatedData" });

export const conversationOpenedData = z
  .object({
    conversationId: z.uuid(),
    contactId: z.uuid(),
    channelId,
    status: z.literal("open"),
    timestamp: at,
  })
  .meta({ id: "ConversationOpenedData" });

/** Who answers a conversation under Meta's conversation routing (lib/conversations/repository/owner.ts). */
const routingOwner = (description: string) =>
  z
    .object({
      owner: z.enum(["us", "other"]).meta({
        description:
          "`us`: this service answers; `other`: another responder on the number (e.g. Meta Business Agent)",
      }),
      appId: z.string().nullable().meta({
        description:
          "The other responder's Meta app id (or role, e.g. `ai_agent`) when Meta named it; null otherwise",
      }),
    })
    .meta({ description });

export const conversationOwnerChangedData = z
  .object({
    conversationId: z.uuid(),
    contactId: z.uuid(),
    channelId,
    previousOwner: routingOwner("Who answered before the change"),
    owner: routingOwner("Who answers now"),
    reason: z
      .enum(["control_passed", "control_taken", "standby", "messages", "take", "release", "pass", "reply"])
      .meta({
        description:
          "What moved it: Meta's `messaging_handovers` (`control_passed`, `control_taken`), a customer's message Meta routed to the other responder (`standby`) or to this service (`messages`: a conversation handed away is ours again), this service's thread control (`take`, `release`, `pass`), or a reply sent to a conversation the other responder owned (`reply`: WhatsApp gives it to the escalation partner that answers)",
      }),
    timestamp: at,
  })
  .meta({ id: "ConversationOwnerChangedData" });

export const conversationAssignedData = z
  .object({
    conversationId: z.uuid(),
    contactId: z.uuid(),
    assigneeId: z.uuid().meta({ description: "The staff member the conversation was assigned to" }),
    channelId,
    timestamp: at,
  })
  .meta({ id: "ConversationAssignedData" });

export const conversationResolvedData = z
  .object({
    conversationId: z.uuid(),
    contactId: z.uuid(),
    channelId,
    resolvedBy: z
      .uuid()
      .nullable()
      .meta({ description: "The staff member who resolved it; null when resolved by the system" }),
    timestamp: at,
  })
  .meta({ id: "ConversationResolvedData" });

export const conversationReopenedData = z
  .object({
    conversationId: z.uuid(),
    contactId: z.uuid(),
    channelId,
    status: z
      .enum(["open", "assigned"])
      .meta({ description: "Its status again: `assigned` when it still has an assignee, else `open`" }),
    reopenedBy: z.uuid().meta({ description: "The staff member who reopened it" }),
    timestamp: at,
  })
  .meta({ id: "ConversationReopenedData" });

export const webhookTestData = z
  .object({
    webhookId: z.string().meta({ description: "The webhook the test was sent to" }),
    message: z.string(),
    timestamp: at,
  })
  .meta({ id: "WebhookTestData" });
