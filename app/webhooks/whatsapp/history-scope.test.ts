/**
 * Synced history (coexistence) adds media to messages of its own channel only: a chunk naming
 * another organization's message id attaches nothing to it.
 */
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createTestChannel, createTestOrg, randomPhone } from "@/scripts/test/helpers";
import {
  customerWrites,
  envelope,
  inboundCustomer,
  inboundEvent,
  postNotification,
  waitProcessed,
} from "@/scripts/test/inbound-helpers";

describe("history media lookup", () => {
  it("a history chunk of organization B naming organization A's message adds no media to it", async () => {
    const a = await inboundCustomer();
    const wamid = await customerWrites(a, { type: "text", text: { body: "hello A" } });
    const inA = await inboundEvent(a.orgId, wamid);

    const b = await createTestOrg();
    const channelB = await createTestChannel(b.orgId, { sandboxNumber: { coexistence: true } });
    const user = randomPhone().slice(1);
    const body = envelope(
      channelB.phoneNumberId,
      {
        history: [
          {
            metadata: { phase: 0, chunk_order: 1, progress: 100 },
            threads: [
              {
                id: user,
                messages: [
                  {
                    from: user,
                    id: wamid,
                    timestamp: String(Math.floor(Date.now() / 1000) - 3600),
                    type: "image",
                    image: { id: `media-${user}`, mime_type: "image/jpeg", sha256: "00".repeat(32) },
                    history_context: { status: "DELIVERED" },
                  },
                ],
              },
            ],
          },
        ],
      },
      channelB.wabaId,
    );
    const change = body.entry[0]?.changes[0];
    if (change) change.field = "history";
    const posted = await postNotification(JSON.stringify(body));
    expect(posted.status, posted.text).toBe(200);
    // A's own notification and B's chunk both name the wamid
    await waitProcessed(wamid, 2);

    expect(await db().media.count({ where: { id: inA.messageId } })).toBe(0);
    expect(await db().media.count({ where: { organizationId: b.orgId } })).toBe(0);
    const message = await db().message.findUniqueOrThrow({ where: { id: inA.messageId } });
    expect(message.organizationId).toBe(a.orgId);
  });
});
