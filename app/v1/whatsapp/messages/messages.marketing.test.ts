import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, createTestChannel, createTestOrg, eventually, randomPhone } from "@/scripts/test/helpers";
import { send, upstreamRequests, waitForStatus, waitForTemplateSync } from "@/scripts/test/send-helpers";

const TEMPLATES = [
  {
    name: "autumn_sale",
    language: "en_US",
    status: "APPROVED",
    category: "MARKETING",
    components: [{ type: "BODY", text: "Autumn sale: 30% off." }],
  },
  {
    name: "order_ready",
    language: "en_US",
    status: "APPROVED",
    category: "UTILITY",
    components: [{ type: "BODY", text: "Your order is ready." }],
  },
];

async function setup(options: { setting: boolean; onboarded: boolean }) {
  const org = await createTestOrg();
  const channel = await createTestChannel(org.orgId, {
    templates: TEMPLATES,
    sandboxNumber: { marketing_messages_onboarded: options.onboarded },
  });
  await waitForTemplateSync(channel.channelId);
  if (options.setting) {
    await db().channel.update({ where: { id: channel.channelId }, data: { marketingMessagesApi: true } });
  }
  return { ...org, channel };
}

function template(key: string, name: string) {
  return send(key, { to: randomPhone(), type: "template", template: { name, language: { code: "en_US" } } });
}

async function pricedCategory(messageId: string) {
  await waitForStatus(messageId, ["delivered", "read"]);
  return eventually(
    async () => (await db().message.findUniqueOrThrow({ where: { id: messageId } })).pricingCategory,
  );
}

describe("the Marketing Messages API as a channel setting", () => {
  it("on, onboarded: a MARKETING template goes to /marketing_messages with product_policy CLOUD_API_FALLBACK, priced marketing_lite", async () => {
    const s = await setup({ setting: true, onboarded: true });
    const res = await template(s.key, "autumn_sale");
    expect(res.status, res.text).toBe(200);
    const { messageId, whatsappMessageId } = res.body.data;
    const [request] = (await upstreamRequests(s.channel.phoneNumberId)).filter(
      (r) => r.id === whatsappMessageId,
    );
    expect(request).toMatchObject({
      endpoint: "marketing_messages",
      delivered_via: "marketing_messages",
      body: { type: "template", product_policy: "CLOUD_API_FALLBACK", biz_opaque_callback_data: messageId },
    });
    expect(await pricedCategory(messageId)).toBe("marketing_lite");
    expect((await db().message.findUniqueOrThrow({ where: { id: messageId } })).upstreamApi).toBe(
      "marketing_messages",
    );
  });

  it("on, not onboarded: Meta's fallback delivers it through the Cloud API (priced marketing), same statuses", async () => {
    const s = await setup({ setting: true, onboarded: false });
    const res = await template(s.key, "autumn_sale");
    expect(res.status, res.text).toBe(200);
    const { messageId, whatsappMessageId } = res.body.data;
    const [request] = (await upstreamRequests(s.channel.phoneNumberId)).filter(
      (r) => r.id === whatsappMessageId,
    );
    expect(request).toMatchObject({ endpoint: "marketing_messages", delivered_via: "cloud_api" });
    expect(await pricedCategory(messageId)).toBe("marketing");
  });

  it("a utility template, or the setting off, uses /messages as before", async () => {
    const on = await setup({ setting: true, onboarded: true });
    const utility = await template(on.key, "order_ready");
    expect(utility.status, utility.text).toBe(200);
    const off = await setup({ setting: false, onboarded: true });
    const marketing = await template(off.key, "autumn_sale");
    expect(marketing.status, marketing.text).toBe(200);
    for (const [s, res] of [
      [on, utility],
      [off, marketing],
    ] as const) {
      const [request] = (await upstreamRequests(s.channel.phoneNumberId)).filter(
        (r) => r.id === res.body.data.whatsappMessageId,
      );
      expect(request).toMatchObject({ endpoint: "messages" });
      expect(request?.body).not.toHaveProperty("product_policy");
    }
    expect(await pricedCategory(marketing.body.data.messageId)).toBe("marketing");
  });

  it("errors of the Marketing Messages API map as any send's: a refusal is WHATSAPP_SEND_FAILED with the upstream's error", async () => {
    const s = await setup({ setting: true, onboarded: true });
    const fault = await api("/v1/whatsapp/channels", { key: s.key });
    expect(fault.body.data[0]).toMatchObject({ marketing_messages_api: true });
    const { injectFault } = await import("@/scripts/test/send-helpers");
    await injectFault(s.channel.phoneNumberId, { status: 400, error: { code: 131049 } });
    const res = await template(s.key, "autumn_sale");
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({
      code: "WHATSAPP_SEND_FAILED",
      details: { error: { code: 131049 } },
    });
  });
});
