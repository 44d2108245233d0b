import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { type AnyJson, SANDBOX_URL } from "@/scripts/test/helpers";
import {
  digits,
  readySender,
  templateFixtures,
  upstreamRequests,
  waitForTemplateSync,
} from "@/scripts/test/send-helpers";

/** An organization whose customer wrote (a sandbox channel with the fixture templates) and a signed-in agent. */
async function setup() {
  const sender = await readySender({ templates: templateFixtures() });
  await waitForTemplateSync(sender.channel.channelId);
  const inbound = await db().message.findFirstOrThrow({
    where: { organizationId: sender.orgId, direction: "inbound" },
  });
  const staff = await createStaff("agent", sender.orgId);
  const { cookie } = await signInWithPassword(staff.email, staff.password);
  if (!cookie) throw new Error("the agent could not sign in");
  return {
    ...sender,
    conversationId: inbound.conversationId ?? "",
    contactId: inbound.contactId,
    agent: cookie,
  };
}

/** The envelope's data, read field by field. */
const data = (res: { body: { data?: unknown } }) => res.body.data as AnyJson;

const reply = (cookie: string, conversationId: string, body: unknown) =>
  dashboardCall(cookie, `/api/dashboard/conversations/${conversationId}/messages`, { method: "POST", body });

describe("POST /api/dashboard/conversations/[id]/messages (staff answer the customer)", () => {
  it("an agent replies with text inside the window: stored outbound in the conversation, sent upstream", async () => {
    const { agent, orgId, channel, to, conversationId } = await setup();
    const thread = await dashboardCall(agent, `/api/dashboard/conversations/${conversationId}`);
    expect(new Date(data(thread).window_open_until).getTime()).toBeGreaterThan(Date.now());

    const res = await reply(agent, conversationId, { type: "text", text: "Hello from support" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(data(res)).toMatchObject({ status: "sent", to });
    const row = await db().message.findUniqueOrThrow({ where: { id: data(res).messageId } });
    expect(row).toMatchObject({ organizationId: orgId, direction: "outbound", type: "text", conversationId });
    const sent = (await upstreamRequests(channel.phoneNumberId, to)).filter(
      (r) => r.body?.biz_opaque_callback_data === row.id,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      to: digits(to),
      type: "text",
      text: { body: "Hello from support" },
    });

    const after = await dashboardCall(agent, `/api/dashboard/conversations/${conversationId}`);
    expect(data(after).messages.at(-1)).toMatchObject({ id: row.id, direction: "outbound" });
  });

  it("another organization's conversation is 404 and nothing is sent", async () => {
    const ours = await setup();
    const theirs = await setup();
    const res = await reply(ours.agent, theirs.conversationId, { type: "text", text: "not yours" });
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe("RESOURCE_NOT_FOUND");
    const outbound = (await upstreamRequests(theirs.channel.phoneNumberId)).filter((r) => r.body?.type);
    expect(outbound).toHaveLength(0);
    expect(await db().message.count({ where: { organizationId: theirs.orgId, direction: "outbound" } })).toBe(
      0,
    );
  });

  it("outside the window text is 400 WHATSAPP_SESSION_CLOSED and a template goes out", async () => {
    const { agent, orgId, channel, to, conversationId, contactId } = await setup();
    await db().contact.update({
      where: { id: contactId ?? "" },
      data: { lastInboundAt: new Date(Date.now() - 25 * 60 * 60 * 1000) },
    });
    const thread = await dashboardCall(agent, `/api/dashboard/conversations/${conversationId}`);
    expect(new Date(data(thread).window_open_until).getTime()).toBeLessThan(Date.now());

    const text = await reply(agent, conversationId, { type: "text", text: "too late" });
    expect(text.status).toBe(400);
    expect(text.body.error?.code).toBe("WHATSAPP_SESSION_CLOSED");
    expect(await db().message.count({ where: { organizationId: orgId, direction: "outbound" } })).toBe(0);

    const template = await db().template.findFirstOrThrow({
      where: { organizationId: orgId, name: "welcome_named" },
    });
    const res = await reply(agent, conversationId, {
      type: "template",
      template_id: template.id,
      parameters: ["Ana", "K-42"],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(data(res)).toMatchObject({ status: "sent", to, template: "welcome_named" });
    const row = await db().message.findUniqueOrThrow({ where: { id: data(res).messageId } });
    expect(row).toMatchObject({ direction: "outbound", type: "template", conversationId });
    const [sent] = (await upstreamRequests(channel.phoneNumberId, to)).filter(
      (r) => r.body?.biz_opaque_callback_data === row.id,
    );
    expect(sent?.body.template).toEqual({
      name: "welcome_named",
      language: { code: "en_US" },
      components: [
        {
          type: "body",
          parameters: [
            { type: "text", text: "Ana", parameter_name: "first_name" },
            { type: "text", text: "K-42", parameter_name: "code" },
          ],
        },
      ],
    });
  });

  it("a template with a missing variable is refused with the send path's code, nothing sent", async () => {
    const { agent, orgId, conversationId } = await setup();
    const template = await db().template.findFirstOrThrow({
      where: { organizationId: orgId, name: "order_shipped" },
    });
    const res = await reply(agent, conversationId, {
      type: "template",
      template_id: template.id,
      parameters: ["Ana"],
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toMatch(/^(WHATSAPP|VALIDATION)_/);
    expect(await db().message.count({ where: { organizationId: orgId, direction: "outbound" } })).toBe(0);
  });

  it("every variable needs a value (the template's examples are never sent); the thread shows the exact text", async () => {
    const { agent, orgId, to, conversationId, contactId } = await setup();
    await db().contact.update({
      where: { id: contactId ?? "" },
      data: { lastInboundAt: new Date(Date.now() - 25 * 60 * 60 * 1000) },
    });
    const template = await db().template.findFirstOrThrow({
      where: { organizationId: orgId, name: "order_shipped" },
    });
    // the body's example is "Ana", "A-1": leaving a variable blank is refused, never filled from it
    const blank = await reply(agent, conversationId, {
      type: "template",
      template_id: template.id,
      parameters: ["Alan", " "],
      header_parameters: ["K-42"],
    });
    expect(blank.status).toBe(400);
    expect(blank.body.error?.code).toMatch(/^VALIDATION_/);
    const noHeader = await reply(agent, conversationId, {
      type: "template",
      template_id: template.id,
      parameters: ["Alan", "K-42"],
    });
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.error?.code).toBe("WHATSAPP_TEMPLATE_INVALID_COMPONENTS");
    expect(await db().message.count({ where: { organizationId: orgId, direction: "outbound" } })).toBe(0);

    const res = await reply(agent, conversationId, {
      type: "template",
      template_id: template.id,
      parameters: ["Alan", "K-42"],
      header_parameters: ["K-42"],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(data(res)).toMatchObject({ to, template: "order_shipped" });
    const thread = await dashboardCall(agent, `/api/dashboard/conversations/${conversationId}`);
    const sent = data(thread).messages.find((m: AnyJson) => m.id === data(res).messageId);
    expect(sent.content).toMatchObject({
      kind: "template",
      name: "order_shipped",
      rendered: {
        header: "Order K-42",
        body: "Hi Alan, your order K-42 has shipped.",
        footer: null,
        buttons: [],
      },
    });
    expect(JSON.stringify(thread.body)).not.toContain("A-1");
  });

  it("a media header's link and a URL button's variable reach the customer as typed", async () => {
    const { agent, orgId, channel, to, conversationId, contactId } = await setup();
    await db().contact.update({
      where: { id: contactId ?? "" },
      data: { lastInboundAt: new Date(Date.now() - 25 * 60 * 60 * 1000) },
    });
    const template = await db().template.findFirstOrThrow({
      where: { organizationId: orgId, name: "summer_promo" },
    });
    const link = `${SANDBOX_URL}/_sandbox/media/sample.jpg`;
    const res = await reply(agent, conversationId, {
      type: "template",
      template_id: template.id,
      parameters: ["30%"],
      header_link: link,
      button_parameters: ["summer-30"],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [upstream] = (await upstreamRequests(channel.phoneNumberId, to)).filter(
      (r) => r.body?.biz_opaque_callback_data === data(res).messageId,
    );
    expect(upstream?.body.template.components).toEqual([
      { type: "header", parameters: [{ type: "image", image: { link } }] },
      { type: "body", parameters: [{ type: "text", text: "30%" }] },
      { type: "button", sub_type: "url", index: "1", parameters: [{ type: "text", text: "summer-30" }] },
    ]);
    const row = await db().message.findUniqueOrThrow({ where: { id: data(res).messageId } });
    expect(row.renderedBody).toBe("Deals up to 30% off.");
    expect(row.renderedButtons).toEqual([
      { type: "QUICK_REPLY", text: "Stop promotions", url: null },
      { type: "URL", text: "Shop", url: "https://shop.example.com/summer-30" },
    ]);
  });
});
