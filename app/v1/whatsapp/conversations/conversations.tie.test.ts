import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { customerWrites, inboundCustomer, inboundEvent, sendMessage } from "@/scripts/test/inbound-helpers";

/**
 * Two open conversations of one customer can share a last activity to the microsecond (one
 * statement touches both: a broadcast's batch, a send). Every path that picks "the customer's
 * latest conversation" breaks the tie by id (the larger), so a send and a reply land in the same
 * thread whichever statement or transaction reads it: the send's statement
 * (lib/messages/repository/outbound.ts), the inbound statement
 * (lib/inbound/repository/ordinary-inbound.ts) and Prisma's reads (`LATEST_FIRST`). The lower id
 * is written first, so that a scan in index order without the tie-breaker meets it first.
 */

const idWith = (first: "00000000" | "ffffffff") =>
  `${first}-0000-4000-8000-${randomBytes(6).toString("hex")}`;

describe("a customer's two open conversations with the same last activity", () => {
  it("a send and the customer's next message both continue the one with the larger id", async () => {
    const c = await inboundCustomer();
    const first = await customerWrites(c, { type: "text", text: { body: "hello" } });
    await inboundEvent(c.orgId, first);
    const opened = await db().message.findUniqueOrThrow({ where: { whatsappMessageId: first } });
    const contactId = opened.contactId;
    await db().conversation.update({
      where: { id: opened.conversationId ?? "" },
      data: { status: "resolved" },
    });

    const lower = idWith("00000000");
    const higher = idWith("ffffffff");
    for (const id of [lower, higher]) {
      await db().conversation.create({
        data: {
          id,
          organizationId: c.orgId,
          contactId,
          channelId: c.channel.channelId,
          status: "open",
          openedAt: new Date(Date.now() - 60_000),
        },
      });
    }
    const tie = async () => {
      const at = new Date(Date.now() - 1_000);
      await db().conversation.updateMany({
        where: { id: { in: [lower, higher] } },
        data: { lastActivityAt: at },
      });
    };

    await tie();
    const sent = await sendMessage(c.key, { to: c.phone, type: "text", text: { body: "our answer" } });
    expect(sent.status, sent.text).toBeLessThan(300);
    const ours = await db().message.findUniqueOrThrow({ where: { id: sent.body.data.messageId } });
    expect(ours.conversationId).toBe(higher);

    await tie();
    const reply = await customerWrites(c, { type: "text", text: { body: "thanks" } });
    await inboundEvent(c.orgId, reply);
    const theirs = await db().message.findUniqueOrThrow({ where: { whatsappMessageId: reply } });
    expect(theirs.conversationId).toBe(higher);
    expect(await db().message.count({ where: { conversationId: lower } })).toBe(0);
  });
});
