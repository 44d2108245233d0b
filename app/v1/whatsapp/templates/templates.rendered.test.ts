import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { type AnyJson, api, createTestChannel, createTestOrg, randomPhone } from "@/scripts/test/helpers";
import {
  FILLED,
  sampleMedia,
  send,
  templateFixtures,
  waitForTemplateSync,
} from "@/scripts/test/send-helpers";

/**
 * Every outbound template message keeps the text the customer reads (lib/messages/render-template.ts),
 * whichever /v1 path sent it: the conversation thread shows it, never "Parameters: …".
 */
async function templateSender() {
  const org = await createTestOrg();
  const channel = await createTestChannel(org.orgId, { templates: templateFixtures() });
  await waitForTemplateSync(channel.channelId);
  return { ...org, channel, to: randomPhone() };
}

const stored = (id: string) =>
  db().message.findUniqueOrThrow({
    where: { id },
    select: { renderedHeader: true, renderedBody: true, renderedFooter: true, renderedButtons: true },
  });

describe("the text of a template message is stored with it", () => {
  it("POST /v1/whatsapp/messages: header and body filled with the send's values, footer as approved", async () => {
    const { key, to } = await templateSender();
    const template = { name: "order_shipped", language: { code: "en_US" }, components: FILLED.order_shipped };
    const res = await send(key, { to, type: "template", template });
    expect(res.status, res.text).toBe(200);
    expect(await stored(res.body.data.messageId)).toEqual({
      renderedHeader: "Order A-7",
      renderedBody: "Hi Ana, your order A-7 has shipped.",
      renderedFooter: null,
      renderedButtons: null,
    });
  });

  it("POST /v1/whatsapp/templates/{id}/send: named variables, the other language, buttons with their filled link", async () => {
    const { key, orgId, to } = await templateSender();
    const named = await db().template.findFirstOrThrow({
      where: { organizationId: orgId, name: "welcome_named" },
    });
    const res = await api(`/v1/whatsapp/templates/${named.id}/send`, {
      method: "POST",
      key,
      body: { to, language: "es", components: FILLED.welcome_named },
    });
    expect(res.status, res.text).toBe(200);
    expect((await stored(res.body.data.messageId)).renderedBody).toBe("Bienvenida Ana, su código es K-42.");

    const media = sampleMedia("sample.jpg");
    const promo: AnyJson = {
      name: "summer_promo",
      language: { code: "en_US" },
      components: FILLED.summer_promo(media),
    };
    const sent = await send(key, { to, type: "template", template: promo });
    expect(sent.status, sent.text).toBe(200);
    expect(await stored(sent.body.data.messageId)).toEqual({
      renderedHeader: null,
      renderedBody: "Deals up to 30% off.",
      renderedFooter: null,
      renderedButtons: [
        { type: "QUICK_REPLY", text: "Stop promotions", url: null },
        { type: "URL", text: "Shop", url: "https://shop.example.com/summer" },
      ],
    });
  });
});
