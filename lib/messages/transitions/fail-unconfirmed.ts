import "#server-only";
import { db } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { recordEvent } from "@/lib/events/record-event";
import type { Message } from "@/lib/generated/prisma/client.ts";

const UNCONFIRMED = {
  code: "unconfirmed",
  message: "no confirmation from the upstream within 10 minutes",
} as const;

/**
 * A message left `sending` that heard nothing from the upstream (lib/messages/sweep-sends.ts,
 * which reads it across organizations and passes its row's organization): `failed` with
 * message.failed, unless it moved meanwhile. Answers whether it failed it.
 */
export async function failUnconfirmed(organizationId: string, m: Message): Promise<boolean> {
  const { won, deliveryIds } = await db().$transaction(async (tx) => {
    const updated = await tx.message.updateMany({
      where: { id: m.id, organizationId, status: "sending" },
      data: {
        status: "failed",
        failedAt: new Date(),
        errorCode: UNCONFIRMED.code,
        errorMessage: UNCONFIRMED.message,
      },
    });
    if (updated.count === 0) return { won: false, deliveryIds: [] };
    const ids = await recordEvent(tx, organizationId, "message.failed", {
      messageId: m.id,
      whatsappMessageId: m.whatsappMessageId,
      conversationId: m.conversationId,
      contactId: m.contactId,
      channelId: m.channelId,
      ...(m.broadcastId ? { broadcastId: m.broadcastId } : {}),
      status: "failed",
      timestamp: new Date().toISOString(),
      error: { code: UNCONFIRMED.code, message: UNCONFIRMED.message },
    });
    return { won: true, deliveryIds: ids };
  });
  await enqueueDeliveries(deliveryIds);
  return won;
}
