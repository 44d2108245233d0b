import "#server-only";
import { db } from "@/lib/db";

/** A customer's message we marked read upstream: `read`, once (the first time is kept). */
export async function markInboundRead(organizationId: string, messageId: string): Promise<void> {
  const now = new Date();
  await db().message.updateMany({
    where: { id: messageId, organizationId, readAt: null },
    data: { status: "read", readAt: now },
  });
}
