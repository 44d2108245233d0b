/**
 * The template picker's language: the thread names the language of the last template the
 * customer was sent (lib/templates/default-language.ts), and a template reply goes out in the
 * language the staff member chose, not English first.
 */
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import type { AnyJson } from "@/scripts/test/helpers";
import {
  readySender,
  send,
  templateFixtures,
  upstreamRequests,
  waitForTemplateSync,
} from "@/scripts/test/send-helpers";

async function setup() {
  const sender = await readySender({ templates: templateFixtures() });
  await waitForTemplateSync(sender.channel.channelId);
  const inbound = await db().message.findFirstOrThrow({
    where: { organizationId: sender.orgId, direction: "inbound" },
  });
  const staff = await createStaff("agent", sender.orgId);
  const { cookie } = await signInWithPassword(staff.email, staff.password);
  if (!cookie) throw new Error("the agent could not sign in");
  const template = await db().template.findFirstOrThrow({
    where: { organizationId: sender.orgId, name: "plain_notice" },
  });
  return { ...sender, conversationId: inbound.conversationId ?? "", agent: cookie, templateId: template.id };
}

const thread = async (cookie: string, id: string) =>
  (await dashboardCall(cookie, `/api/dashboard/conversations/${id}`)).body.data as AnyJson;

const reply = (cookie: string, conversationId: string, body: unknown) =>
  dashboardCall(cookie, `/api/dashboard/conversations/${conversationId}/messages`, { method: "POST", body });

describe("the template reply's language", { timeout: 120_000 }, () => {
  it("the thread names the customer's last template language; the reply goes out in the chosen one", async () => {
    const { agent, key, to, channel, conversationId, templateId } = await setup();
    expect((await thread(agent, conversationId)).customer.last_template_language).toBeNull();

    const sent = await send(key, {
      to,
      type: "template",
      template: { name: "plain_notice", language: { code: "es" } },
    });
    expect(sent.status, sent.text).toBe(200);
    expect((await thread(agent, conversationId)).customer.last_template_language).toBe("es");

    const res = await reply(agent, conversationId, {
      type: "template",
      template_id: templateId,
      language: "es",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await db().message.findUniqueOrThrow({ where: { id: (res.body.data as AnyJson).messageId } });
    expect(row.templateLanguage).toBe("es");
    const upstream = (await upstreamRequests(channel.phoneNumberId, to)).filter(
      (r) => r.body?.biz_opaque_callback_data === row.id,
    );
    expect(upstream[0]?.body?.template?.language?.code).toBe("es");
  });

  it("a language the template has not approved is refused with VALIDATION_INVALID_FIELD", async () => {
    const { agent, conversationId, templateId } = await setup();
    const res = await reply(agent, conversationId, {
      type: "template",
      template_id: templateId,
      language: "fr",
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: "VALIDATION_INVALID_FIELD",
      details: { field: "language" },
    });
  });
});
