import "#server-only";
import { markChannelCoexistence } from "@/lib/channels/repository";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { type ChangeValue, echoMessageSchema } from "@/lib/inbound/notification-schema";
import { processAppContacts } from "@/lib/inbound/process-app-contacts";
import { processEcho } from "@/lib/inbound/process-echo";
import { processHistory } from "@/lib/inbound/process-history";

/** The webhook fields Meta sends only for numbers shared with the WhatsApp Business app. */
export const COEXISTENCE_FIELDS = new Set(["smb_message_echoes", "history", "smb_app_state_sync"]);

type Result = { deliveryIds: string[]; mediaIds: string[]; messages: number };

/**
 * Coexistence notifications of a channel. Meta sends them only for a number shared with the
 * WhatsApp Business app, so hearing one marks the channel a coexistence number (paced at 20/s).
 */
export async function processCoexistence(
  channel: Channel,
  field: string,
  value: ChangeValue,
): Promise<Result> {
  if (!channel.coexistence) {
    await markChannelCoexistence(channel.organizationId, channel.id);
  }
  const result: Result = { deliveryIds: [], mediaIds: [], messages: 0 };
  if (field === "smb_message_echoes") {
    for (const raw of value.message_echoes ?? []) {
      const echo = echoMessageSchema.safeParse(raw);
      if (!echo.success) continue;
      const stored = await processEcho(channel, echo.data);
      result.deliveryIds.push(...stored.deliveryIds);
      if (stored.mediaId) result.mediaIds.push(stored.mediaId);
      result.messages++;
    }
  } else if (field === "history") {
    for (const chunk of value.history ?? []) {
      result.mediaIds.push(...(await processHistory(channel, chunk)).mediaIds);
      result.messages++;
    }
  } else if (field === "smb_app_state_sync") {
    result.deliveryIds.push(...(await processAppContacts(channel, value.state_sync ?? [])));
  }
  return result;
}
