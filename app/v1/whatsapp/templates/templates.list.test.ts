import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { syncTemplates } from "@/lib/templates/sync-templates";
import {
  type AnyJson,
  api,
  createTestChannel,
  createTestOrg,
  eventually,
  expectError,
  randomPhone,
  SANDBOX_URL,
} from "@/scripts/test/helpers";
import { sandboxAt } from "@/scripts/test/sandbox-client";
import { send, templateFixtures, waitForTemplateSync } from "@/scripts/test/send-helpers";

const REJECTED = {
  name: "rejected_offer",
  language: "en_US",
  status: "REJECTED",
  category: "MARKETING",
  components: [{ type: "BODY", text: "Buy now" }],
};
const PENDING_ES = { ...templateFixtures()[1], name: "half_ready", status: "PENDING" };
const HALF_READY_EN = { ...templateFixtures()[0], name: "half_ready" };

async function syncedChannel(orgId: string, templates: AnyJson[]) {
  const channel = await createTestChannel(orgId, { templates });
  await waitForTemplateSync(channel.channelId);
  return channel;
}

const list = (key: string, query = "") => api(`/v1/whatsapp/templates${query}`, { key });

describe("GET /v1/whatsapp/templates", () => {
  it("APPROVED templates of the channel, grouped by name with languages[], in the Template shape", async () => {
    const { key, orgId } = await createTestOrg();
    const channel = await syncedChannel(orgId, templateFixtures([REJECTED, HALF_READY_EN, PENDING_ES]));
    const res = await list(key);
    expect(res.status, res.text).toBe(200);
    const names = res.body.data.map((t: AnyJson) => t.name);
    expect(names).toEqual(["half_ready", "order_shipped", "plain_notice", "summer_promo", "welcome_named"]);
    expect(res.body.meta).toEqual({ page: 1, per_page: 20, total: 5, has_more: false });

    const order = res.body.data.find((t: AnyJson) => t.name === "order_shipped");
    expect(Object.keys(order).sort()).toEqual(
      [
        "category",
        "channel_id",
        "components",
        "created_at",
        "id",
        "languages",
        "name",
        "status",
        "updated_at",
      ].sort(),
    );
    expect(order).toMatchObject({ category: "UTILITY", status: "APPROVED", channel_id: channel.channelId });
    expect(order.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(order.languages).toEqual([
      { code: "en_US", status: "APPROVED" },
      { code: "es", status: "APPROVED" },
    ]);
    expect(order.components).toContainEqual(
      expect.objectContaining({ type: "BODY", text: "Hi {{1}}, your order {{2}} has shipped." }),
    );
    const half = res.body.data.find((t: AnyJson) => t.name === "half_ready");
    expect(half.status).toBe("APPROVED");
    expect(half.languages).toEqual([
      { code: "en_US", status: "APPROVED" },
      { code: "es", status: "PENDING" },
    ]);
    expect(names).not.toContain("rejected_offer");
  });

  it("pages with page and per_page; meta tells whether more exist", async () => {
    const { key, orgId } = await createTestOrg();
    await syncedChannel(orgId, templateFixtures());
    const first = await list(key, "?per_page=3");
    expect(first.body.meta).toEqual({ page: 1, per_page: 3, total: 4, has_more: true });
    const second = await list(key, "?per_page=3&page=2");
    expect(second.body.meta).toEqual({ page: 2, per_page: 3, total: 4, has_more: false });
    const all = [...first.body.data, ...second.body.data].map((t: AnyJson) => t.name);
    expect(all).toEqual(["order_shipped", "plain_notice", "summer_promo", "welcome_named"]);
    const beyond = await list(key, "?page=3&per_page=3");
    expect(beyond.body.data).toEqual([]);
    expectError(await list(key, "?per_page=101"), 400, "VALIDATION_INVALID_FIELD");
  });

  it("channel_id picks the channel; without it the most recently active channel is used", async () => {
    const { key, orgId } = await createTestOrg();
    const a = await syncedChannel(orgId, [templateFixtures()[0]]);
    const b = await syncedChannel(orgId, [templateFixtures()[2]]);
    const ofA = await list(key, `?channel_id=${a.channelId}`);
    expect(ofA.body.data.map((t: AnyJson) => [t.name, t.channel_id])).toEqual([
      ["plain_notice", a.channelId],
    ]);
    const ofB = await list(key, `?channel_id=${b.channelId}`);
    expect(ofB.body.data.map((t: AnyJson) => [t.name, t.channel_id])).toEqual([
      ["order_shipped", b.channelId],
    ]);

    // a template send through A makes A the most recently active channel
    const sent = await send(key, {
      to: randomPhone(),
      type: "template",
      channel_id: a.channelId,
      template: { name: "plain_notice", language: { code: "en_US" } },
    });
    expect(sent.status, sent.text).toBe(200);
    // the send's touch of its channel is bookkeeping after the upstream has the message, not awaited
    // by the send's answer (lib/messages/deliver-to-upstream.ts): the list follows once it is written
    const channels = await eventually(async () => {
      const ids = (await list(key)).body.data.map((t: AnyJson) => t.channel_id);
      return ids[0] === a.channelId ? ids : undefined;
    });
    expect(channels).toEqual([a.channelId]);
  });

  it("an unknown, inactive or other organization's channel_id → 404 WHATSAPP_CHANNEL_NOT_FOUND", async () => {
    const { key, orgId } = await createTestOrg();
    await syncedChannel(orgId, templateFixtures());
    const other = await createTestOrg();
    const theirs = await syncedChannel(other.orgId, templateFixtures());
    for (const id of [randomUUID(), theirs.channelId, "not-a-uuid"]) {
      expectError(await list(key, `?channel_id=${id}`), 404, "WHATSAPP_CHANNEL_NOT_FOUND");
    }
    const none = await createTestOrg();
    expectError(await list(none.key), 404, "WHATSAPP_CHANNEL_NOT_FOUND");
  });

  it("a template deleted upstream is deactivated by the next sync and leaves the list", async () => {
    const { key, orgId } = await createTestOrg();
    const channel = await syncedChannel(orgId, templateFixtures());
    const kept = templateFixtures().filter(
      (t) => t.name !== "summer_promo" && !(t.name === "order_shipped" && t.language === "es"),
    );
    await sandboxAt(SANDBOX_URL, `/_sandbox/templates/${channel.wabaId}`, "PUT", { data: kept });

    const result = await syncTemplates(orgId, channel.channelId);
    expect(result.synced).toBe(kept.length);
    expect(result.deactivated).toBeGreaterThan(0);
    const res = await list(key);
    expect(res.body.data.map((t: AnyJson) => t.name)).toEqual([
      "order_shipped",
      "plain_notice",
      "welcome_named",
    ]);
    const order = res.body.data.find((t: AnyJson) => t.name === "order_shipped");
    expect(order.languages).toEqual([{ code: "en_US", status: "APPROVED" }]);
    const row = await db().template.findFirstOrThrow({
      where: { channelId: channel.channelId, name: "summer_promo" },
    });
    expect(row.active).toBe(false);

    const gone = await send(key, {
      to: randomPhone(),
      type: "template",
      template: { name: "summer_promo", language: { code: "en_US" } },
    });
    expectError(gone, 404, "WHATSAPP_TEMPLATE_NOT_FOUND");

    // and it comes back when it is back upstream
    await sandboxAt(SANDBOX_URL, `/_sandbox/templates/${channel.wabaId}`, "PUT", {
      data: templateFixtures(),
    });
    expect(await syncTemplates(orgId, channel.channelId)).toMatchObject({ synced: 8, deactivated: 0 });
    expect((await list(key)).body.meta.total).toBe(4);
  });

  it("syncs every page of the upstream's cursor paging (over 100 templates)", async () => {
    const { key, orgId } = await createTestOrg();
    const many = Array.from({ length: 130 }, (_, i) => ({
      name: `bulk_${String(i).padStart(3, "0")}`,
      language: "en_US",
      components: [{ type: "BODY", text: `Message ${i}` }],
    }));
    await syncedChannel(orgId, many);
    const res = await list(key, "?per_page=100&page=2");
    expect(res.body.meta).toEqual({ page: 2, per_page: 100, total: 130, has_more: false });
    expect(res.body.data.at(-1).name).toBe("bulk_129");
  });

  it("needs the whatsapp:templates scope", async () => {
    const { key } = await createTestOrg({ scopes: ["whatsapp:send"] });
    expectError(await list(key), 403, "AUTH_INSUFFICIENT_SCOPE");
  });
});
