import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  type AnyJson,
  api,
  createTestChannel,
  createTestOrg,
  eventually,
  expectError,
  sandbox,
} from "@/scripts/test/helpers";
import {
  acceptedRequest,
  digits,
  readySender,
  send,
  templateFixtures,
  upstreamRequests,
  waitForTemplateSync,
} from "@/scripts/test/send-helpers";

const TEXT = { type: "text", text: { body: "Thanks for writing!" } };

/** An authentication template (one-time code); Meta refuses these to business-scoped user ids. */
const LOGIN_CODE = {
  name: "login_code",
  language: "en_US",
  category: "AUTHENTICATION",
  components: [
    { type: "BODY", text: "{{1}} is your verification code.", example: { body_text: [["123456"]] } },
  ],
};
const CODE_COMPONENTS = [{ type: "body", parameters: [{ type: "text", text: "482913" }] }];

function randomBsuid(): string {
  return `US.${randomUUID().replace(/\D/g, "").slice(0, 20)}`;
}

const sendTemplate = (key: string, templateId: string, body: AnyJson) =>
  api(`/v1/whatsapp/templates/${encodeURIComponent(templateId)}/send`, { method: "POST", key, body });

/**
 * An organization whose customer has a username and hides the number: the customer writes
 * through the sandbox with only a user_id, and the product stores a contact without a phone.
 */
async function bsuidCustomer() {
  const org = await createTestOrg();
  const channel = await createTestChannel(org.orgId, { templates: templateFixtures([LOGIN_CODE]) });
  await waitForTemplateSync(channel.channelId);
  const bsuid = randomBsuid();
  const ack = await sandbox("/_sandbox/inbound", "POST", {
    phone_number_id: channel.phoneNumberId,
    user_id: bsuid,
    name: "Cy",
    message: { type: "text", text: { body: "hello, it's me without my number" } },
  });
  expect(ack.status, JSON.stringify(ack.body)).toBe(200);
  expect(ack.body.status).toBe(200);
  const contact = await eventually(() =>
    db().contact.findFirst({ where: { organizationId: org.orgId, bsuid, lastInboundAt: { not: null } } }),
  );
  expect(contact.phone).toBeNull();
  return { ...org, channel, bsuid, contact };
}

describe("POST /v1/whatsapp/messages to a customer known only by business-scoped user id", () => {
  it("a reply with recipient inside the window → 200, to null, recipient echoed; the upstream got recipient and no to", async () => {
    const { key, orgId, channel, bsuid, contact } = await bsuidCustomer();
    const res = await send(key, { recipient: bsuid, ...TEXT });
    expect(res.status, res.text).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ status: "sent", to: null, recipient: bsuid });
    expect(Object.keys(data).sort()).toEqual(
      ["messageId", "recipient", "status", "timestamp", "to", "whatsappMessageId"].sort(),
    );

    const accepted = await acceptedRequest(channel.phoneNumberId, data.messageId);
    expect(accepted.id).toBe(data.whatsappMessageId);
    expect(accepted.result).toBe(200);
    expect(accepted.body).toStrictEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      recipient: bsuid,
      type: "text",
      text: { body: "Thanks for writing!", preview_url: false },
      biz_opaque_callback_data: data.messageId,
    });
    expect(accepted.body).not.toHaveProperty("to");

    const row = await db().message.findUniqueOrThrow({ where: { id: data.messageId } });
    expect(row).toMatchObject({
      organizationId: orgId,
      contactId: contact.id,
      direction: "outbound",
      phone: null,
    });
    // sent, or already further along: the sandbox's status notifications may have come
    expect(["sent", "delivered", "read"]).toContain(row.status);
    expect(row.conversationId).not.toBeNull();
  });

  it("outside the 24-hour window → 400 WHATSAPP_SESSION_CLOSED on recipient; nothing stored or sent", async () => {
    const { key, orgId, channel, bsuid, contact } = await bsuidCustomer();
    await db().contact.update({
      where: { id: contact.id },
      data: { lastInboundAt: new Date(Date.now() - 24 * 3600_000 - 60_000) },
    });
    const res = await send(key, { recipient: bsuid, ...TEXT });
    expectError(res, 400, "WHATSAPP_SESSION_CLOSED");
    expect(res.body.error.details.field).toBe("recipient");
    expect(await db().message.count({ where: { organizationId: orgId, direction: "outbound" } })).toBe(0);
    expect(await upstreamRequests(channel.phoneNumberId)).toEqual([]);
  });

  it("to wins when both are given: the send goes to the phone number, the recipient is ignored", async () => {
    const { key, channel, to } = await readySender();
    const res = await send(key, { to, recipient: randomBsuid(), ...TEXT });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.to).toBe(to);
    expect(res.body.data).not.toHaveProperty("recipient");
    const accepted = await acceptedRequest(channel.phoneNumberId, res.body.data.messageId);
    expect(accepted.body.to).toBe(digits(to));
    expect(accepted.body).not.toHaveProperty("recipient");
  });

  it("neither to nor recipient → 400 VALIDATION_MISSING_FIELD on to, as before", async () => {
    const { key } = await readySender({ closed: true });
    const res = await send(key, { recipient: "", ...TEXT });
    expectError(res, 400, "VALIDATION_MISSING_FIELD");
    expect(res.body.error.details.field).toBe("to");
  });

  it("another organization cannot reach this organization's customer by its user id: it is unknown there", async () => {
    const owner = await bsuidCustomer();
    const other = await createTestOrg();
    const otherChannel = await createTestChannel(other.orgId, { templates: templateFixtures() });
    await waitForTemplateSync(otherChannel.channelId);

    const text = await send(other.key, { recipient: owner.bsuid, ...TEXT });
    expectError(text, 400, "WHATSAPP_SESSION_CLOSED");
    expect(text.body.error.details.field).toBe("recipient");

    // a template needs no window, but a user id is learned only from the customer's own message
    const template = await send(other.key, {
      recipient: owner.bsuid,
      type: "template",
      template: { name: "plain_notice", language: { code: "en_US" } },
    });
    expectError(template, 404, "RESOURCE_NOT_FOUND");
    expect(template.body.error.details.field).toBe("recipient");
    const viaEndpoint = await sendTemplate(other.key, "plain_notice", {
      recipient: owner.bsuid,
      language: "en_US",
    });
    expectError(viaEndpoint, 404, "RESOURCE_NOT_FOUND");

    // nothing stored in the other organization (no message, no contact), nothing reached the upstream
    expect(await db().message.count({ where: { organizationId: other.orgId } })).toBe(0);
    expect(await db().contact.count({ where: { organizationId: other.orgId } })).toBe(0);
    expect(await upstreamRequests(otherChannel.phoneNumberId)).toEqual([]);
    const toCustomer = await sandbox(`/_sandbox/messages?recipient=${encodeURIComponent(owner.bsuid)}`);
    expect(toCustomer.body.data).toEqual([]);
  });

  it("the template send endpoint takes recipient too: a utility template → 200 with to null", async () => {
    const { key, channel, bsuid } = await bsuidCustomer();
    const res = await sendTemplate(key, "plain_notice", { recipient: bsuid, language: "en_US" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ to: null, recipient: bsuid, template: "plain_notice" });
    const accepted = await acceptedRequest(channel.phoneNumberId, res.body.data.messageId);
    expect(accepted.body.recipient).toBe(bsuid);
    expect(accepted.body).not.toHaveProperty("to");
  });

  it("an authentication template to a user id → 502 WHATSAPP_SEND_FAILED with the upstream error and a hint", async () => {
    const { key, orgId, channel, bsuid } = await bsuidCustomer();
    for (const res of [
      await send(key, {
        recipient: bsuid,
        type: "template",
        template: { name: "login_code", language: { code: "en_US" }, components: CODE_COMPONENTS },
      }),
      await sendTemplate(key, "login_code", {
        recipient: bsuid,
        language: "en_US",
        components: CODE_COMPONENTS,
      }),
    ]) {
      expectError(res, 502, "WHATSAPP_SEND_FAILED");
      const { details } = res.body.error;
      expect(details.error).toMatchObject({ code: 131062 });
      expect(details.hint).toMatch(/phone number/);
      expect(details.messageId).toBeDefined();
      const row = await db().message.findUniqueOrThrow({ where: { id: details.messageId } });
      expect(row).toMatchObject({ organizationId: orgId, status: "failed", phone: null });
    }
    const refused = await upstreamRequests(channel.phoneNumberId);
    expect(refused.map((r: AnyJson) => r.result)).toEqual([400, 400]);
  });
});
