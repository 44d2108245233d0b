import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { BASE_URL, createTestChannel, randomPhone } from "@/scripts/test/helpers";

async function session(role: "owner" | "admin" | "agent", orgId?: string) {
  const staff = await createStaff(role, orgId);
  const signed = await signInWithPassword(staff.email, staff.password);
  if (!signed.cookie) throw new Error(`sign-in failed: ${signed.error}`);
  return { ...staff, cookie: signed.cookie };
}

const today = () => new Date().toISOString().slice(0, 10);

describe("the Usage page's routes, the rate card and the channel settings: roles and tenants", () => {
  it("owners and admins read usage; agents cannot; only the owner changes the rate card", async () => {
    const owner = await session("owner");
    const admin = await session("admin", owner.orgId);
    const agent = await session("agent", owner.orgId);
    expect((await dashboardCall(agent.cookie, "/api/dashboard/usage")).status).toBe(403);
    expect((await dashboardCall(admin.cookie, "/api/dashboard/usage")).status).toBe(200);
    const card = { currency: "eur", rates: [{ category: "Marketing", country: "de", price: "0.1365" }] };
    const refused = await dashboardCall(admin.cookie, "/api/dashboard/usage/rates", {
      method: "PUT",
      body: card,
    });
    expect(refused.status).toBe(403);
    const saved = await dashboardCall(owner.cookie, "/api/dashboard/usage/rates", {
      method: "PUT",
      body: card,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      rate_card: { currency: "EUR", rates: [{ category: "marketing", country: "DE", price: "0.1365" }] },
    });
    // admins see it
    expect((await dashboardCall(admin.cookie, "/api/dashboard/usage/rates")).body.data).toEqual(
      saved.body.data,
    );
  });

  it("a rate card with a bad price, country or a duplicate is refused field by field, and nothing changes", async () => {
    const owner = await session("owner");
    const bad = [
      [{ category: "marketing", country: "*", price: "-1" }, "rates.0.price"],
      [{ category: "marketing", country: "DEU", price: "1" }, "rates.0.country"],
      [{ category: "marketing", country: "*", price: "1.1234567" }, "rates.0.price"],
    ] as const;
    for (const [rate, field] of bad) {
      const res = await dashboardCall(owner.cookie, "/api/dashboard/usage/rates", {
        method: "PUT",
        body: { currency: "USD", rates: [rate] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error?.details).toMatchObject({ field });
    }
    const dup = await dashboardCall(owner.cookie, "/api/dashboard/usage/rates", {
      method: "PUT",
      body: {
        currency: "USD",
        rates: [
          { category: "utility", country: "*", price: "1" },
          { category: "utility", country: "*", price: "2" },
        ],
      },
    });
    expect(dup.status).toBe(400);
    expect(await db().usageRate.count({ where: { organizationId: owner.orgId } })).toBe(0);
  });

  it("two organizations: each Usage page counts its own messages; the CSV too", async () => {
    const a = await session("owner");
    const b = await session("owner");
    const channel = await createTestChannel(a.orgId);
    const contact = await db().contact.create({ data: { organizationId: a.orgId, phone: randomPhone() } });
    await db().message.create({
      data: {
        organizationId: a.orgId,
        channelId: channel.channelId,
        contactId: contact.id,
        direction: "outbound",
        type: "template",
        content: {},
        status: "delivered",
        pricingCategory: "utility",
        pricingBillable: true,
        pricingType: "regular",
      },
    });
    const mine = await dashboardCall(a.cookie, `/api/dashboard/usage?from=${today()}&to=${today()}`);
    expect(
      (mine.body.data as { usage: { by_day: { totals: { messages: number } } } }).usage.by_day.totals
        .messages,
    ).toBe(1);
    const theirs = await dashboardCall(b.cookie, `/api/dashboard/usage?from=${today()}&to=${today()}`);
    expect(
      (theirs.body.data as { usage: { by_day: { totals: { messages: number } } } }).usage.by_day.totals
        .messages,
    ).toBe(0);
    const csv = await fetch(`${BASE_URL}/api/dashboard/usage/export?from=${today()}&to=${today()}`, {
      headers: { cookie: a.cookie, "sec-fetch-site": "same-origin" },
    });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(await csv.text()).toBe(
      `day,category,messages,billable,free,estimated_cost,currency\r\n${today()},utility,1,1,0,,\r\n`,
    );
    const empty = await fetch(`${BASE_URL}/api/dashboard/usage/export?from=${today()}&to=${today()}`, {
      headers: { cookie: b.cookie, "sec-fetch-site": "same-origin" },
    });
    expect(await empty.text()).toBe("day,category,messages,billable,free,estimated_cost,currency\r\n");
  });

  it("channel settings: managers switch them on their own channels only; agents cannot", async () => {
    const admin = await session("admin");
    const agent = await session("agent", admin.orgId);
    const other = await session("owner");
    const channel = await createTestChannel(admin.orgId);
    const path = `/api/dashboard/channels/${channel.channelId}/settings`;
    const body = { coexistence: true, marketing_messages_api: true };
    expect((await dashboardCall(agent.cookie, path, { method: "PATCH", body })).status).toBe(403);
    expect((await dashboardCall(other.cookie, path, { method: "PATCH", body })).status).toBe(404);
    const ok = await dashboardCall(admin.cookie, path, { method: "PATCH", body });
    expect(ok.status).toBe(200);
    expect((ok.body.data as { channel: unknown }).channel).toMatchObject({
      coexistence: true,
      marketing_messages_api: true,
      throughput_per_second: 20,
    });
    const bad = await dashboardCall(admin.cookie, path, { method: "PATCH", body: { coexistence: "yes" } });
    expect(bad.status).toBe(400);
  });

  it("any staff member blocks and unblocks through the dashboard, within the organization only", async () => {
    const agent = await session("agent");
    const other = await session("agent");
    const contact = await db().contact.create({
      data: { organizationId: agent.orgId, phone: randomPhone() },
    });
    // never wrote: WhatsApp refuses, so the dashboard does too
    const res = await dashboardCall(agent.cookie, `/api/dashboard/contacts/${contact.id}/block`, {
      method: "POST",
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("WHATSAPP_SESSION_CLOSED");
    const foreign = await dashboardCall(other.cookie, `/api/dashboard/contacts/${contact.id}/block`, {
      method: "POST",
    });
    expect(foreign.status).toBe(404);
  });
});
