import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newDeliveryId } from "@/lib/events/record-event";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";

/**
 * An organization with 7 finished deliveries at known times; two of them share one instant, so
 * the cursor's id tie-break is exercised too. Returns their ids oldest first.
 */
async function setup() {
  const staff = await createStaff("owner");
  const { cookie } = await signInWithPassword(staff.email, staff.password);
  if (!cookie) throw new Error("owner could not sign in");
  const webhook = await db().webhook.create({
    data: {
      id: `wbk_${randomUUID().replaceAll("-", "").slice(0, 24)}`,
      organizationId: staff.orgId,
      name: "sorted",
      url: "http://127.0.0.1:9/hook",
      events: ["contact.created"],
    },
  });
  const event = await db().event.create({
    data: { organizationId: staff.orgId, name: "contact.created", data: { id: "ct_sorted" } },
  });
  const base = Date.parse("2026-01-01T00:00:00Z");
  const minutes = [0, 1, 2, 2, 3, 4, 5];
  const rows = minutes.map((m, i) => ({
    id: newDeliveryId(base + i),
    organizationId: staff.orgId,
    webhookId: webhook.id,
    eventId: event.id,
    status: "succeeded" as const,
    createdAt: new Date(base + m * 60_000),
  }));
  await db().delivery.createMany({ data: rows });
  const oldestFirst = [...rows]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
    .map((r) => r.id);
  return { cookie, oldestFirst };
}

/** Every page of the list in the given order, following next_cursor. */
async function walk(cookie: string, sort: string | null) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: "3" });
    if (sort) query.set("sort", sort);
    if (cursor) query.set("cursor", cursor);
    const res = await dashboardCall(cookie, `/api/dashboard/deliveries?${query}`);
    expect(res.status).toBe(200);
    const data = res.body.data as {
      deliveries: { id: string }[];
      next_cursor: string | null;
      matching: number;
    };
    expect(data.matching).toBe(7);
    pages.push(data.deliveries.map((d) => d.id));
    cursor = data.next_cursor;
  } while (cursor && pages.length < 10);
  return pages;
}

describe("dashboard deliveries sorted by time, both ways, by keyset pages", () => {
  it("newest first (the default) and oldest first page through every delivery once, in order", async () => {
    const { cookie, oldestFirst } = await setup();
    const newest = await walk(cookie, null);
    expect(newest.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(newest.flat()).toEqual([...oldestFirst].reverse());
    expect(await walk(cookie, "newest")).toEqual(newest);

    const oldest = await walk(cookie, "oldest");
    expect(oldest.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(oldest.flat()).toEqual(oldestFirst);
  });

  it("an unknown sort is the contract's 400", async () => {
    const { cookie } = await setup();
    const res = await dashboardCall(cookie, "/api/dashboard/deliveries?sort=sideways");
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("VALIDATION_INVALID_FIELD");
  });
});
