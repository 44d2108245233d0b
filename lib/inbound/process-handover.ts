import "#server-only";
import { z } from "zod";
import { changeConversationOwner, latestConversationOf } from "@/lib/conversations/repository/owner";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/logger";

/**
 * Meta's `messaging_handovers` webhook field ("messaging_handovers webhook reference", updated
 * 2026-09-22,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messaging-handovers/):
 * ownership of a thread changed under conversation routing. The page's triggers table decides
 * what each one means for us: `control_passed` is delivered to the NEW owner (the current owner
 * called pass), so on hearing it the conversation is ours; `control_taken` is delivered to the
 * PREVIOUS owner (the escalation partner took it, by the thread control API or by sending a
 * service message), so on hearing it the conversation is the other responder's. A release
 * produces no notification (the page says so): the customer's next message decides.
 *
 * The page names "the role that held the thread before the change and the role that holds it
 * now" without every key in the part we could read, so the product decided the shape it reads
 * (and the sandbox sends): `type` naming the object present beside it (`control_passed` or
 * `control_taken`, as the page says), that object carrying `previous_owner_app_id` /
 * `new_owner_app_id` (as Messenger's handover events name them) or `previous_owner_role` /
 * `new_owner_role` (e.g. `ai_agent`) and an optional `metadata` string, and the customer as
 * `sender.phone_number` / `sender.user_id` (or `contacts[0].wa_id` / `user_id`). Unknown keys
 * are ignored; a notification naming no customer we know is kept (the stored notification) and
 * changes nothing.
 */
const handoverObject = z
  .object({
    previous_owner_app_id: z.union([z.string(), z.number()]).nullish(),
    new_owner_app_id: z.union([z.string(), z.number()]).nullish(),
    previous_owner_role: z.string().nullish(),
    new_owner_role: z.string().nullish(),
    metadata: z.string().nullish(),
  })
  .loose();

export const handoverValueSchema = z
  .object({
    metadata: z.object({ phone_number_id: z.string() }).loose().optional(),
    type: z.enum(["control_passed", "control_taken"]),
    control_passed: handoverObject.optional(),
    control_taken: handoverObject.optional(),
    sender: z
      .object({ phone_number: z.string().optional(), user_id: z.string().optional() })
      .loose()
      .optional(),
    contacts: z
      .array(z.object({ wa_id: z.string().optional(), user_id: z.string().optional() }).loose())
      .optional(),
    timestamp: z.union([z.string(), z.number()]).optional(),
  })
  .loose();

export async function processHandover(channel: Channel, raw: unknown): Promise<string[]> {
  const parsed = handoverValueSchema.safeParse(raw);
  if (!parsed.success) {
    logger.warn({ channelId: channel.id }, "messaging_handovers notification of an unknown shape kept");
    return [];
  }
  const value = parsed.data;
  const detail = value[value.type] ?? {};
  const digits = value.sender?.phone_number ?? value.contacts?.[0]?.wa_id ?? null;
  const customer = {
    phone: digits ? `+${digits.replace(/^\+/, "")}` : null,
    bsuid: value.sender?.user_id ?? value.contacts?.[0]?.user_id ?? null,
  };
  const conversation = await latestConversationOf(channel.organizationId, channel.id, customer);
  if (!conversation) {
    logger.info(
      { channelId: channel.id, type: value.type },
      "handover for a customer with no conversation kept",
    );
    return [];
  }
  const name = (app: string | number | null | undefined, role: string | null | undefined) =>
    app !== null && app !== undefined ? String(app) : (role ?? null);
  const owner =
    value.type === "control_passed"
      ? { owner: "us" as const, appId: null }
      : { owner: "other" as const, appId: name(detail.new_owner_app_id, detail.new_owner_role) };
  const changed = await changeConversationOwner(channel.organizationId, {
    conversationId: conversation.id,
    owner,
    reason: value.type,
  });
  return changed.deliveryIds;
}
