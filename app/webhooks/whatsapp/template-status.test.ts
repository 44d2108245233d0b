import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  api,
  createTestChannel,
  createTestOrg,
  eventually,
  expectError,
  randomPhone,
  sandbox,
} from "@/scripts/test/helpers";
import { send, upstreamRequests, waitForTemplateSync } from "@/scripts/test/send-helpers";

const PROMO = {
  name: "spring_promo",
  language: "en_US",
  status: "APPROVED",
  category: "UTILITY",
  components: [{ type: "BODY", text: "Spring sale this week." }],
};

async function templateOrg() {
  const org = await createTestOrg();
  const channel = await createTestChannel(org.orgId, { templates: [PROMO] });
  await waitForTemplateSync(channel.channelId);
  return { ...org, channel };
}

async function translation(channelId: string) {
  return db().templateTranslation.findFirstOrThrow({
    where: { language: "en_US", template: { channelId, name: "spring_promo" } },
    include: { template: true },
  });
}

async function listed(key: string, channelId: string): Promise<string[]> {
  const res = await api(`/v1/whatsapp/templates?channel_id=${channelId}`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data.map((t: { name: string }) => t.name);
}

const sendPromo = (key: string, to = randomPhone()) =>
  send(key, { to, type: "template", template: { name: "spring_promo", language: { code: "en_US" } } });

async function templateEvent(path: string, body: Record<string, unknown>) {
  const res = await sandbox(path, "POST", body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.status).toBe(200);
}

describe("message_template_status_update is applied at once", () => {
  it("PAUSED (other_info) → out of the list, sends refused with the reason, nothing sent; REINSTATED → back", async () => {
    const { key, channel } = await templateOrg();
    expect(await listed(key, channel.channelId)).toEqual(["spring_promo"]);

    await templateEvent("/_sandbox/template-status", {
      waba_id: channel.wabaId,
      name: "spring_promo",
      language: "en_US",
      event: "PAUSED",
      other_info: { title: "FIRST_PAUSE", description: "Paused for 3 hours because of low quality." },
    });
    const paused = await eventually(async () => {
      const t = await translation(channel.channelId);
      return t.status === "PAUSED" ? t : undefined;
    });
    expect(paused).toMatchObject({
      statusReason: "FIRST_PAUSE",
      statusDetails: "Paused for 3 hours because of low quality.",
    });
    expect(paused.statusChangedAt).not.toBeNull();
    expect(await listed(key, channel.channelId)).toEqual([]);
    const refused = await sendPromo(key);
    expectError(refused, 404, "WHATSAPP_TEMPLATE_NOT_FOUND");
    expect(refused.body.error.details).toMatchObject({
      status: "PAUSED",
      reason: "FIRST_PAUSE",
      reasonDetails: "Paused for 3 hours because of low quality.",
    });
    expect(await upstreamRequests(channel.phoneNumberId)).toEqual([]);

    await templateEvent("/_sandbox/template-status", {
      waba_id: channel.wabaId,
      name: "spring_promo",
      language: "en_US",
      event: "REINSTATED",
    });
    const back = await eventually(async () => {
      const t = await translation(channel.channelId);
      return t.status === "APPROVED" ? t : undefined;
    });
    expect(back).toMatchObject({ statusReason: null, statusDetails: null });
    expect(await listed(key, channel.channelId)).toEqual(["spring_promo"]);
    expect((await sendPromo(key)).status).toBe(200);
  });

  it("REJECTED with a reason → WHATSAPP_TEMPLATE_REJECTED naming it; the dashboard list shows it", async () => {
    const { key, orgId, channel } = await templateOrg();
    await templateEvent("/_sandbox/template-status", {
      waba_id: channel.wabaId,
      name: "spring_promo",
      language: "en_US",
      event: "REJECTED",
      reason: "INCORRECT_CATEGORY",
    });
    await eventually(async () => (await translation(channel.channelId)).status === "REJECTED");
    const res = await sendPromo(key);
    expectError(res, 400, "WHATSAPP_TEMPLATE_REJECTED");
    expect(res.body.error.details.reason).toBe("INCORRECT_CATEGORY");

    const { listOrgTemplates } = await import("@/lib/templates/list-templates");
    const page = await listOrgTemplates(orgId, { page: 1, per_page: 25 });
    expect(page.templates[0]?.languages[0]).toMatchObject({
      code: "en_US",
      status: "REJECTED",
      status_reason: "INCORRECT_CATEGORY",
      status_details: null,
    });
  });

  it("template_category_update → the template's and the language's category change", async () => {
    const { key, channel } = await templateOrg();
    await templateEvent("/_sandbox/template-category", {
      waba_id: channel.wabaId,
      name: "spring_promo",
      language: "en_US",
      new_category: "MARKETING",
    });
    const t = await eventually(async () => {
      const row = await translation(channel.channelId);
      return row.category === "MARKETING" ? row : undefined;
    });
    expect(t.template.category).toBe("MARKETING");
    const res = await api(`/v1/whatsapp/templates?channel_id=${channel.channelId}`, { key });
    expect(res.body.data[0].category).toBe("MARKETING");
  });

  it("a notification about one WABA never touches another organization's template of the same name", async () => {
    const a = await templateOrg();
    const b = await templateOrg();
    await templateEvent("/_sandbox/template-status", {
      waba_id: a.channel.wabaId,
      name: "spring_promo",
      language: "en_US",
      event: "DISABLED",
      reason: "SCAM",
    });
    await eventually(async () => (await translation(a.channel.channelId)).status === "DISABLED");
    const other = await translation(b.channel.channelId);
    expect(other).toMatchObject({ status: "APPROVED", statusReason: null });
    expect(await listed(b.key, b.channel.channelId)).toEqual(["spring_promo"]);
  });
});
