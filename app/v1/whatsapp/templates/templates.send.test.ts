import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  type AnyJson,
  api,
  createTestChannel,
  createTestOrg,
  expectError,
  randomPhone,
} from "@/scripts/test/helpers";
import {
  acceptedRequest,
  digits,
  expectSendResult,
  FILLED,
  messageEvents,
  sampleMedia,
  send,
  templateFixtures,
  waitForTemplateSync,
} from "@/scripts/test/send-helpers";

async function templateSender(templates: AnyJson[] = templateFixtures()) {
  const org = await createTestOrg();
  const channel = await createTestChannel(org.orgId, { templates });
  await waitForTemplateSync(channel.channelId);
  return { ...org, channel, to: randomPhone() };
}

const cloud = (to: string, messageId: string, template: AnyJson) => ({
  messaging_product: "whatsapp",
  recipient_type: "individual",
  to: digits(to),
  type: "template",
  template,
  biz_opaque_callback_data: messageId,
});

const sendTemplate = (key: string, templateId: string, body: AnyJson) =>
  api(`/v1/whatsapp/templates/${encodeURIComponent(templateId)}/send`, { method: "POST", key, body });

describe("POST /v1/whatsapp/messages with type template (window closed: templates are allowed)", () => {
  it("positional variables in header and body: the Cloud API body carries them in order", async () => {
    const { key, orgId, channel, to } = await templateSender();
    const template = { name: "order_shipped", language: { code: "en_US" }, components: FILLED.order_shipped };
    const res = await send(key, { to, type: "template", template });
    expect(res.status, res.text).toBe(200);
    const accepted = await acceptedRequest(channel.phoneNumberId, res.body.data.messageId);
    expect(accepted.body).toEqual(cloud(to, res.body.data.messageId, template));
    expectSendResult(res, to, accepted, "order_shipped");
    const names = await messageEvents(orgId, res.body.data.messageId);
    expect(names.filter((n) => n === "message.sent")).toHaveLength(1);
  });

  it("named variables (parameter_format NAMED) in any order, with parameter_name", async () => {
    const { key, channel, to } = await templateSender();
    const template = { name: "welcome_named", language: { code: "en_US" }, components: FILLED.welcome_named };
    const res = await send(key, { to, type: "template", template });
    expect(res.status, res.text).toBe(200);
    const accepted = await acceptedRequest(channel.phoneNumberId, res.body.data.messageId);
    expect(accepted.body).toEqual(cloud(to, res.body.data.messageId, template));
  });

  it("image header and buttons: component types lowercase, the button index as the Cloud API's string", async () => {
    const { key, channel, to } = await templateSender();
    const link = sampleMedia("sample.jpg");
    const res = await send(key, {
      to,
      type: "template",
      template: { name: "summer_promo", language: { code: "es" }, components: FILLED.summer_promo(link) },
    });
    expect(res.status, res.text).toBe(200);
    const accepted = await acceptedRequest(channel.phoneNumberId, res.body.data.messageId);
    expect(accepted.body.template).toEqual({
      name: "summer_promo",
      language: { code: "es" },
      components: [
        { type: "header", parameters: [{ type: "image", image: { link } }] },
        { type: "body", parameters: [{ type: "text", text: "30%" }] },
        {
          type: "button",
          sub_type: "quick_reply",
          index: "0",
          parameters: [{ type: "payload", payload: "STOP" }],
        },
        { type: "button", sub_type: "url", index: "1", parameters: [{ type: "text", text: "summer" }] },
      ],
    });
    expectSendResult(res, to, accepted, "summer_promo");
  });

  it("a first message to a new number creates the contact; the Message row is a template", async () => {
    const { key, orgId, to } = await templateSender();
    const res = await send(key, {
      to,
      type: "template",
      template: { name: "plain_notice", language: { code: "es" } },
    });
    expect(res.status, res.text).toBe(200);
    const contact = await db().contact.findFirstOrThrow({ where: { organizationId: orgId, phone: to } });
    const stored = await db().message.findUniqueOrThrow({ where: { id: res.body.data.messageId } });
    expect(stored).toMatchObject({
      contactId: contact.id,
      templateName: "plain_notice",
      templateLanguage: "es",
    });
  });
});

describe("POST /v1/whatsapp/templates/{templateId}/send", () => {
  async function idOf(key: string, name: string, channelId: string): Promise<string> {
    const res = await api(`/v1/whatsapp/templates?per_page=100&channel_id=${channelId}`, { key });
    return res.body.data.find((t: AnyJson) => t.name === name).id;
  }

  it("by UUID: name, an APPROVED language and the template's channel come from the stored template", async () => {
    const { key, orgId, channel, to } = await templateSender();
    await createTestChannel(orgId); // a second active channel: without the UUID rule this would be ambiguous
    const id = await idOf(key, "order_shipped", channel.channelId);
    const res = await sendTemplate(key, id, { to, components: FILLED.order_shipped });
    expect(res.status, res.text).toBe(200);
    const accepted = await acceptedRequest(channel.phoneNumberId, res.body.data.messageId);
    expect(accepted.body.template).toEqual({
      name: "order_shipped",
      language: { code: "en_US" },
      components: FILLED.order_shipped,
    });
    expectSendResult(res, to, accepted, "order_shipped");
  });

  it("by UUID with language es, or a channel_id override", async () => {
    const { key, orgId, channel, to } = await templateSender();
    const id = await idOf(key, "plain_notice", channel.channelId);
    const es = await sendTemplate(key, id, { to, language: "es" });
    expect(es.status, es.text).toBe(200);
    const accepted = await acceptedRequest(channel.phoneNumberId, es.body.data.messageId);
    expect(accepted.body.template).toEqual({ name: "plain_notice", language: { code: "es" } });

    const inactive = await createTestChannel(orgId);
    await db().channel.update({ where: { id: inactive.channelId }, data: { status: "inactive" } });
    const refused = await sendTemplate(key, id, { to, channel_id: inactive.channelId });
    expectError(refused, 404, "WHATSAPP_CHANNEL_NOT_FOUND");
  });

  it("by name: the language defaults to id, and the channel follows the channel rules", async () => {
    const indonesian = {
      ...templateFixtures()[0],
      language: "id",
      components: [{ type: "BODY", text: "Janji temu Anda dikonfirmasi." }],
    };
    const { key, channel, to } = await templateSender([...templateFixtures(), indonesian]);
    const res = await sendTemplate(key, "plain_notice", { to });
    expect(res.status, res.text).toBe(200);
    const accepted = await acceptedRequest(channel.phoneNumberId, res.body.data.messageId);
    expect(accepted.body.template).toEqual({ name: "plain_notice", language: { code: "id" } });
    expectSendResult(res, to, accepted, "plain_notice");

    const en = await sendTemplate(key, "plain_notice", { to, language: "en_US" });
    expect(en.status, en.text).toBe(200);
    const acceptedEn = await acceptedRequest(channel.phoneNumberId, en.body.data.messageId);
    expect(acceptedEn.body.template.language).toEqual({ code: "en_US" });
  });

  it("by name with several active channels and no channel_id → 404 WHATSAPP_CHANNEL_NOT_FOUND", async () => {
    const { key, orgId, to } = await templateSender();
    await createTestChannel(orgId);
    expectError(
      await sendTemplate(key, "plain_notice", { to, language: "en_US" }),
      404,
      "WHATSAPP_CHANNEL_NOT_FOUND",
    );
  });

  it("an unknown UUID, or another organization's template → 404 WHATSAPP_TEMPLATE_NOT_FOUND", async () => {
    const { key, to } = await templateSender();
    const other = await templateSender();
    const theirs = await idOf(other.key, "plain_notice", other.channel.channelId);
    for (const id of [randomUUID(), theirs]) {
      expectError(await sendTemplate(key, id, { to }), 404, "WHATSAPP_TEMPLATE_NOT_FOUND");
    }
  });

  it("components are checked against the stored template here too (field names without template.)", async () => {
    const { key, channel, to } = await templateSender();
    const id = await idOf(key, "order_shipped", channel.channelId);
    const res = await sendTemplate(key, id, { to, components: [FILLED.order_shipped[0]] });
    expectError(res, 400, "WHATSAPP_TEMPLATE_INVALID_COMPONENTS");
    expect(res.body.error.details.errors).toContainEqual({
      field: "components",
      message: expect.any(String),
    });
    const noIndex = await sendTemplate(key, "summer_promo", {
      to,
      language: "en_US",
      components: [{ type: "button", sub_type: "url", parameters: [{ type: "text", text: "x" }] }],
    });
    expectError(noIndex, 400, "WHATSAPP_TEMPLATE_MISSING_BUTTON_INDEX");
    expect(noIndex.body.error.details.field).toBe("components[0].index");
    const currency = { type: "currency", currency: { fallback_value: "$1", code: "USD", amount_1000: 1000 } };
    const wrongType = await sendTemplate(key, id, {
      to,
      components: [{ type: "header", parameters: [currency] }, FILLED.order_shipped[1]],
    });
    expectError(wrongType, 400, "WHATSAPP_TEMPLATE_INVALID_PARAMETER_TYPE");
    expect(wrongType.body.error.details.field).toBe("components[0].parameters[0].type");
    expect(await db().message.count({ where: { channelId: channel.channelId } })).toBe(0);
  });

  it("to is required → 400 VALIDATION_MISSING_FIELD", async () => {
    const { key } = await templateSender();
    const res = await sendTemplate(key, "plain_notice", { language: "en_US" });
    expectError(res, 400, "VALIDATION_MISSING_FIELD");
    expect(res.body.error.details.field).toBe("to");
  });
});
