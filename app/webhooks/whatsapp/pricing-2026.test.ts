import { describe, expect, it } from "vitest";
import { createChannel } from "@/lib/channels/create-channel";
import { deactivateChannel } from "@/lib/channels/deactivate-channel";
import { db } from "@/lib/db";
import {
  api,
  createTestChannel,
  createTestOrg,
  eventually,
  randomPhone,
  SANDBOX_URL,
  sandbox,
} from "@/scripts/test/helpers";
import {
  channelAt,
  openWindowAt,
  postNotification,
  quietSandbox,
  sendMessage,
} from "@/scripts/test/inbound-helpers";
import { randomSandboxNumber } from "@/scripts/test/random-data";
import { sandboxAt } from "@/scripts/test/sandbox-client";

/**
 * What messages cost from October 2026 (issue 30 part 5), through the public API and the sandbox:
 * service replies billable from 2026-10-01 and free before, each message keeping the pricing of
 * the day it was sent; Meta Business Agent's messages in their own category; and the account's
 * limits and pricing tiers recorded on the channel from `business_capability_update` and
 * `account_update`, never on another organization's channel.
 */

const today = () => new Date().toISOString().slice(0, 10);

type Priced = { pricingCategory: string | null; pricingBillable: boolean | null; pricingType: string | null };

async function priced(messageId: string): Promise<Priced> {
  return eventually(async () => {
    const m = await db().message.findUnique({
      where: { id: messageId },
      select: { pricingCategory: true, pricingBillable: true, pricingType: true },
    });
    return m?.pricingCategory ? m : null;
  });
}

async function channelJson(key: string, channelId: string) {
  const res = await api("/v1/whatsapp/channels?per_page=100", { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data.find((c: { id: string }) => c.id === channelId);
}

describe("pricing as Meta does from 2026-10-01", () => {
  it("a service reply is billable from 2026-10-01 and free the day before; each keeps its day's pricing in usage", async () => {
    const sb = await quietSandbox();
    try {
      const control = (path: string, body: unknown) => sandboxAt(sb.url, path, "POST", body);
      const settings = (patch: Record<string, unknown>) => sandboxAt(sb.url, "/_sandbox/app", "PUT", patch);
      expect((await settings({ status_delays_ms: { sent: 10, delivered: 50, read: null } })).status).toBe(
        200,
      );
      const org = await createTestOrg();
      const channel = await channelAt(org.orgId, sb.url);
      const phone = randomPhone();
      await openWindowAt(org.orgId, sb.url, channel.phoneNumberId, phone);

      // the day before the new prices: the reply in the window is free (free_customer_service)
      expect((await settings({ pricing_date: "2026-09-30" })).status).toBe(200);
      const before = await sendMessage(org.key, { to: phone, type: "text", text: { body: "before" } });
      expect(before.status, before.text).toBe(200);
      expect(await priced(before.body.data.messageId)).toEqual({
        pricingCategory: "service",
        pricingBillable: false,
        pricingType: "free_customer_service",
      });

      // from 2026-10-01 the same reply is billable
      expect((await settings({ pricing_date: "2026-10-01" })).status).toBe(200);
      const after = await sendMessage(org.key, { to: phone, type: "text", text: { body: "after" } });
      expect(after.status, after.text).toBe(200);
      expect(await priced(after.body.data.messageId)).toEqual({
        pricingCategory: "service",
        pricingBillable: true,
        pricingType: "regular",
      });
      // the first message was not re-priced by the new rule
      expect(await priced(before.body.data.messageId)).toMatchObject({ pricingBillable: false });

      // Meta Business Agent answers on the number: its message is priced in its own category
      const routed = await control("/_sandbox/routing", {
        phone_number_id: channel.phoneNumberId,
        second_responder: { app_id: "meta_business_agent" },
      });
      expect(routed.status, JSON.stringify(routed.body)).toBe(200);
      const echo = await control("/_sandbox/standby/echoes", {
        phone_number_id: channel.phoneNumberId,
        to: phone.slice(1),
        message: { type: "text", text: { body: "Meta's agent here" } },
      });
      expect(echo.body?.status, JSON.stringify(echo.body)).toBe(200);
      const theirs = await eventually(() =>
        db().message.findUnique({ where: { whatsappMessageId: String(echo.body.id) } }),
      );
      const delivered = await control("/_sandbox/standby/statuses", {
        phone_number_id: channel.phoneNumberId,
        id: String(echo.body.id),
        recipient_id: phone.slice(1),
        status: "delivered",
      });
      expect(delivered.body?.status, JSON.stringify(delivered.body)).toBe(200);
      expect(await priced(theirs.id)).toEqual({
        pricingCategory: "business_agent",
        pricingBillable: true,
        pricingType: "regular",
      });

      // usage: one free and one billable service message, one billable business_agent message,
      // priced with a rate card that has a business_agent price
      await db().usageRate.createMany({
        data: [
          { organizationId: org.orgId, category: "service", country: "*", priceMicros: 10_000n },
          { organizationId: org.orgId, category: "business_agent", country: "*", priceMicros: 20_000n },
        ],
      });
      const usage = await api(`/v1/whatsapp/usage?from=${today()}&to=${today()}&group_by=category`, {
        key: org.key,
      });
      expect(usage.status, usage.text).toBe(200);
      expect(usage.body.data.totals).toEqual({ messages: 3, billable: 2, free: 1, estimated_cost: "0.03" });
      const rows = [...usage.body.data.rows].sort((x: { key: string }, y: { key: string }) =>
        x.key.localeCompare(y.key),
      );
      expect(rows).toEqual([
        expect.objectContaining({
          key: "business_agent",
          messages: 1,
          billable: 1,
          free: 0,
          estimated_cost: "0.02",
        }),
        expect.objectContaining({
          key: "service",
          messages: 2,
          billable: 1,
          free: 1,
          estimated_cost: "0.01",
        }),
      ]);
    } finally {
      await sb.close();
    }
  });

  it("the rate card takes a business_agent price", async () => {
    // the Usage page's rate card schema: any lower-case category, the new one included
    const { rateCardBody } = await import("@/lib/usage/usage-schemas");
    const parsed = rateCardBody.safeParse({
      currency: "USD",
      rates: [{ category: "business_agent", country: "*", price: "0.02" }],
    });
    expect(parsed.success, JSON.stringify(parsed.error)).toBe(true);
  });
});

describe("account_update and business_capability_update recorded on the channel", () => {
  it("the sandbox's controls change the channel's messaging limit and pricing tiers, shown in its JSON", async () => {
    const org = await createTestOrg();
    const channel = await createTestChannel(org.orgId);
    const fresh = await channelJson(org.key, channel.channelId);
    expect(fresh).toMatchObject({ messaging_limit: null, pricing_tiers: [], pricing_tier_changed_at: null });

    const limit = await sandbox("/_sandbox/messaging-limit", "POST", {
      phone_number_id: channel.phoneNumberId,
      max_daily_conversations_per_business: 10000,
    });
    expect(limit.body?.status, JSON.stringify(limit.body)).toBe(200);
    const limited = await eventually(async () => {
      const c = await channelJson(org.key, channel.channelId);
      return c.messaging_limit ? c : null;
    });
    expect(limited.messaging_limit).toEqual({
      daily_customers: 10000,
      max_phone_numbers_per_business: 2,
      max_phone_numbers_per_waba: 2,
      changed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    // unlimited, by the WABA this time
    const unlimited = await sandbox("/_sandbox/messaging-limit", "POST", {
      waba_id: channel.wabaId,
      max_daily_conversations_per_business: -1,
    });
    expect(unlimited.body?.status, JSON.stringify(unlimited.body)).toBe(200);
    await eventually(async () => {
      const c = await channelJson(org.key, channel.channelId);
      return c.messaging_limit?.daily_customers === null;
    });

    const tier = await sandbox("/_sandbox/pricing-tier", "POST", {
      phone_number_id: channel.phoneNumberId,
      pricing_category: "UTILITY",
      region: "INDIA",
      tier: "25000001:50000000",
      effective_month: "2026-11",
      tier_update_time: 1_790_000_000,
    });
    expect(tier.body?.status, JSON.stringify(tier.body)).toBe(200);
    const tiered = await eventually(async () => {
      const c = await channelJson(org.key, channel.channelId);
      return c.pricing_tiers.length > 0 ? c : null;
    });
    expect(tiered.pricing_tiers).toEqual([
      {
        pricing_category: "utility",
        region: "INDIA",
        tier: "25000001:50000000",
        effective_month: "2026-11",
        updated_at: new Date(1_790_000_000_000).toISOString(),
      },
    ]);
    expect(tiered.pricing_tier_changed_at).toBe(new Date(1_790_000_000_000).toISOString());

    // a newer tier of the same category and market replaces it; an older one changes nothing
    for (const [tierRange, at] of [
      ["50000001:", 1_790_000_100],
      ["1:25000000", 1_789_000_000],
    ] as const) {
      const ack = await sandbox("/_sandbox/pricing-tier", "POST", {
        waba_id: channel.wabaId,
        pricing_category: "UTILITY",
        region: "INDIA",
        tier: tierRange,
        effective_month: "2026-11",
        tier_update_time: at,
      });
      expect(ack.body?.status, JSON.stringify(ack.body)).toBe(200);
    }
    const marker = await sandbox("/_sandbox/pricing-tier", "POST", {
      waba_id: channel.wabaId,
      pricing_category: "AUTHENTICATION",
      region: "BRAZIL",
      tier: "1:1000000",
      tier_update_time: 1_790_000_200,
    });
    expect(marker.body?.status).toBe(200);
    const both = await eventually(async () => {
      const c = await channelJson(org.key, channel.channelId);
      return c.pricing_tiers.length === 2 ? c : null;
    });
    expect(
      both.pricing_tiers.map((t: { pricing_category: string; region: string; tier: string }) => [
        t.pricing_category,
        t.region,
        t.tier,
      ]),
    ).toEqual([
      ["authentication", "BRAZIL", "1:1000000"],
      ["utility", "INDIA", "50000001:"],
    ]);
    // processed, not counted as unprocessed
    const unprocessed = await db().channelUnprocessedField.count({ where: { channelId: channel.channelId } });
    expect(unprocessed).toBe(0);
  });

  it("another account_update event, or a business_capability_update we cannot read, goes the unprocessed way", async () => {
    const org = await createTestOrg();
    const channel = await createTestChannel(org.orgId);
    for (const [field, value] of [
      ["account_update", { event: "VERIFIED_ACCOUNT" }],
      ["business_capability_update", { max_phone_numbers_per_waba: 2 }],
    ] as const) {
      const raw = JSON.stringify({
        object: "whatsapp_business_account",
        entry: [{ id: channel.wabaId, time: 1_790_000_000, changes: [{ field, value }] }],
      });
      expect((await postNotification(raw)).status).toBe(200);
    }
    const counted = await eventually(async () => {
      const rows = await db().channelUnprocessedField.findMany({ where: { channelId: channel.channelId } });
      return rows.length === 2 ? rows : null;
    });
    expect(counted.map((r) => r.field).sort()).toEqual(["account_update", "business_capability_update"]);
    const row = await db().channel.findUniqueOrThrow({ where: { id: channel.channelId } });
    expect(row).toMatchObject({ messagingLimit: null, pricingTiers: [] });
  });

  it("a notification for one organization's WABA never touches another organization's channel", async () => {
    // organization B once had the WABA (its channel is inactive now); A has it active; C has another
    const b = await createTestOrg();
    const old = await createTestChannel(b.orgId);
    await deactivateChannel(old.channelId, b.orgId);
    const a = await createTestOrg();
    const number = randomSandboxNumber();
    const put = await sandbox(`/_sandbox/phone-numbers/${number.phoneNumberId}`, "PUT", {
      waba_id: old.wabaId,
      display_phone_number: "+1 555 0100",
      access_token: number.token,
    });
    expect(put.status).toBeLessThan(300);
    const channelA = await createChannel({
      organizationId: a.orgId,
      name: "A",
      phoneNumberId: number.phoneNumberId,
      wabaId: old.wabaId,
      accessToken: number.token,
      graphUrl: `${SANDBOX_URL}/v23.0`,
      throughputPerSecond: 80,
    });
    const c = await createTestOrg();
    const channelC = await createTestChannel(c.orgId);

    for (const [path, body] of [
      ["/_sandbox/messaging-limit", { waba_id: old.wabaId, max_daily_conversations_per_business: 2000 }],
      ["/_sandbox/pricing-tier", { waba_id: old.wabaId, tier: "1:1000", tier_update_time: 1_790_000_000 }],
    ] as const) {
      const ack = await sandbox(path, "POST", body);
      expect(ack.body?.status, JSON.stringify(ack.body)).toBe(200);
    }
    await eventually(async () => {
      const row = await db().channel.findUniqueOrThrow({ where: { id: channelA.id } });
      return row.messagingLimit === 2000 && Array.isArray(row.pricingTiers) && row.pricingTiers.length === 1;
    });
    for (const id of [old.channelId, channelC.channelId]) {
      const row = await db().channel.findUniqueOrThrow({ where: { id } });
      expect(row).toMatchObject({
        messagingLimit: null,
        messagingLimitChangedAt: null,
        pricingTiers: [],
        pricingTierChangedAt: null,
      });
    }
    // and B's listing says nothing of A's limit
    const listedB = await channelJson(b.key, old.channelId);
    expect(listedB).toMatchObject({ messaging_limit: null, pricing_tiers: [] });
  });
});
