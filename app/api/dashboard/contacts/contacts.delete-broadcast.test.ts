/**
 * Deleting a contact leaves its broadcast rows (the counts stay) without its number or the values
 * frozen for it: the recipients list and the recipients export no longer show the customer.
 */
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  allRecipients,
  createBroadcast,
  orderShipped,
  readyBroadcaster,
  waitForBroadcast,
} from "@/scripts/test/broadcast-helpers";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { api, BASE_URL, pollUntil, randomPhone } from "@/scripts/test/helpers";

describe("deleting a contact", () => {
  it("blanks its number and values in broadcast recipients, keeping the rows", async () => {
    const b = await readyBroadcaster();
    const phone = randomPhone();
    const kept = randomPhone();
    for (const p of [phone, kept]) {
      const made = await api("/v1/contacts", { method: "POST", key: b.key, body: { phone: p, name: "Zed" } });
      expect(made.status, made.text).toBe(201);
    }
    const contact = await db().contact.findFirstOrThrow({ where: { organizationId: b.orgId, phone } });
    const res = await createBroadcast(b.key, {
      name: "Codes",
      template: orderShipped("Code", "{{contact.name|friend}}", "{{variables.code}}"),
      recipients: [
        { to: phone, variables: { code: "Z-9" } },
        { to: kept, variables: { code: "K-1" } },
      ],
    });
    expect(res.status, res.text).toBe(201);
    const id: string = res.body.data.id;
    await waitForBroadcast(b.key, id, (x) => x.status === "completed", 60_000);
    // the sandbox's delivered and read statuses arrive after the broadcast completes: the rows are
    // compared once they have settled (a read landing between the two reads failed this on a loaded machine)
    const before = await pollUntil(
      () => db().broadcastRecipient.findMany({ where: { broadcastId: id }, orderBy: { seq: "asc" } }),
      (rows) => rows.length === 2 && rows.every((r) => r.status === "read"),
      60_000,
    );
    expect(before.map((r) => r.phone)).toEqual([phone, kept]);
    expect(before[0]?.values).not.toBeNull();

    const owner = await createStaff("owner", b.orgId);
    const { cookie } = await signInWithPassword(owner.email, owner.password);
    const deleted = await dashboardCall(cookie ?? "", `/api/dashboard/contacts/${contact.id}`, {
      method: "DELETE",
    });
    expect(deleted.status).toBeLessThan(300);

    const after = await db().broadcastRecipient.findMany({
      where: { broadcastId: id },
      orderBy: { seq: "asc" },
    });
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ contactId: null, phone: null, values: null, status: before[0]?.status });
    expect(after[1]).toMatchObject({ phone: kept, status: before[1]?.status });
    const listed = await allRecipients(b.key, id);
    expect(listed.map((r) => r.to)).toEqual([null, kept]);
    const exported = await fetch(`${BASE_URL}/api/dashboard/broadcasts/${id}/export`, {
      headers: { cookie: cookie ?? "", origin: BASE_URL, "sec-fetch-site": "same-origin" },
    });
    expect(exported.status).toBe(200);
    const csv = await exported.text();
    expect(csv).toContain(kept.slice(1));
    expect(csv).not.toContain(phone.slice(1));
  });
});
