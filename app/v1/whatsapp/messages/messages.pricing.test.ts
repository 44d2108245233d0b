import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createTestChannel, createTestOrg, eventually, randomPhone } from "@/scripts/test/helpers";
import { readySender, send, waitForStatus, waitForTemplateSync } from "@/scripts/test/send-helpers";

const PROMO = {
  name: "spring_promo",
  language: "en_US",
  status: "APPROVED",
  category: "MARKETING",
  components: [{ type: "BODY", text: "Spring sale: 20% off this week." }],
};

async function eventOf(orgId: string, name: string, messageId: string) {
  return eventually(async () =>
    db().event.findFirst({
      where: { organizationId: orgId, name, data: { path: ["messageId"], equals: messageId } },
    }),
  );
}

describe("status notifications carry the upstream's pricing into events and the Message", () => {
  it("a marketing template to a customer who never wrote: billable, category marketing, in delivered and read; stored", async () => {
    const { key, orgId } = await createTestOrg();
    const channel = await createTestChannel(orgId, { templates: [PROMO] });
    await waitForTemplateSync(channel.channelId);
    const res = await send(key, {
      to: randomPhone(),
      type: "template",
      template: { name: "spring_promo", language: { code: "en_US" } },
    });
    expect(res.status, res.text).toBe(200);
    const { messageId } = res.body.data;
    const expected = { billable: true, pricingModel: "PMP", category: "marketing", type: "regular" };
    await waitForStatus(messageId, ["read"]);
    const stored = await eventually(async () => {
      const m = await db().message.findUnique({ where: { id: messageId } });
      return m?.pricingCategory ? m : undefined;
    });
    expect(stored.pricingCategory).toBe("marketing");
    expect(stored.pricing).toEqual(expected);
    expect((await eventOf(orgId, "message.read", messageId)).data).toMatchObject({ pricing: expected });
    const delivered = await db().event.findFirst({
      where: {
        organizationId: orgId,
        name: "message.delivered",
        data: { path: ["messageId"], equals: messageId },
      },
    });
    // the sandbox, like Meta, may skip `delivered` when `read` follows fast
    if (delivered) expect(delivered.data).toMatchObject({ pricing: expected });
  });

  it("a text in the customer-service window: billable since October 2026, category service, regular", async () => {
    const { key, orgId, to } = await readySender();
    const res = await send(key, { to, type: "text", text: { body: "a reply" } });
    expect(res.status, res.text).toBe(200);
    const { messageId } = res.body.data;
    await waitForStatus(messageId, ["read"]);
    const read = await eventOf(orgId, "message.read", messageId);
    expect(read.data).toMatchObject({
      pricing: { billable: true, pricingModel: "PMP", category: "service", type: "regular" },
    });
    const row = await db().message.findUniqueOrThrow({ where: { id: messageId } });
    expect(row.pricingCategory).toBe("service");
    // the dashboard thread shows it per message
    const { getConversationThread } = await import("@/lib/conversations/get-conversation-thread");
    const thread = await getConversationThread(orgId, String(row.conversationId));
    expect(thread.messages.find((m) => m.id === messageId)?.pricing_category).toBe("service");
    expect(thread.messages.find((m) => m.direction === "inbound")?.pricing_category).toBeNull();
  });
});
