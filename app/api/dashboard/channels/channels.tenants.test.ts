import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ChannelExistsError, createChannel } from "@/lib/channels/create-channel";
import { deactivateChannel } from "@/lib/channels/deactivate-channel";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { eventually, inbound, randomPhone, runCli, SANDBOX_URL, sandbox } from "@/scripts/test/helpers";
import { eventsNamed, waitProcessed } from "@/scripts/test/inbound-helpers";

/**
 * Issue: a phone number id could be a channel of several organizations, and inbound traffic went
 * to the oldest active one, so whoever registered a number first (or while the owner's channel
 * was inactive) received the owner's customers' messages. A number is active in one organization
 * at most; the second registration is refused; an unrouted inbound reaches nobody.
 */

type Number = { phoneNumberId: string; wabaId: string; token: string };

/** A number registered in the shared sandbox (its token is what "Add channel" verifies). */
async function sandboxNumber(): Promise<Number> {
  const phoneNumberId = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
  const wabaId = String(200_000_000_000 + Math.floor(Math.random() * 799_999_999_999));
  const token = `sandbox-${randomUUID()}`;
  const put = await sandbox(`/_sandbox/phone-numbers/${phoneNumberId}`, "PUT", {
    waba_id: wabaId,
    display_phone_number: "+1 555 0100",
    access_token: token,
  });
  if (put.status >= 300) throw new Error(`sandbox phone number: ${JSON.stringify(put.body)}`);
  return { phoneNumberId, wabaId, token };
}

function channelInput(orgId: string, n: Number) {
  return {
    organizationId: orgId,
    name: `channel ${n.phoneNumberId}`,
    phoneNumberId: n.phoneNumberId,
    wabaId: n.wabaId,
    accessToken: n.token,
    graphUrl: `${SANDBOX_URL}/v23.0`,
  };
}

/** An owner signed in to the dashboard. */
async function signedInOwner(): Promise<{ orgId: string; cookie: string }> {
  const staff = await createStaff("owner");
  const signed = await signInWithPassword(staff.email, staff.password);
  if (!signed.cookie) throw new Error(`sign-in failed: ${signed.error}`);
  return { orgId: staff.orgId, cookie: signed.cookie };
}

function addChannel(cookie: string, n: Number) {
  return dashboardCall(cookie, "/api/dashboard/channels", {
    method: "POST",
    body: {
      phone_number_id: n.phoneNumberId,
      waba_id: n.wabaId,
      access_token: n.token,
      graph_url: `${SANDBOX_URL}/v23.0`,
    },
  });
}

async function activeChannels(phoneNumberId: string) {
  return db().channel.findMany({ where: { phoneNumberId, status: "active" } });
}

function expectAlreadyActive(res: Awaited<ReturnType<typeof addChannel>>) {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body.success).toBe(false);
  expect(res.body.error).toMatchObject({
    code: "RESOURCE_ALREADY_EXISTS",
    message: "This phone number id is active in another organization.",
  });
}

describe("a phone number id is active in one organization at most", () => {
  it("the dashboard refuses a number active in another organization with 409 (owner first)", async () => {
    const [owner, other] = await Promise.all([signedInOwner(), signedInOwner()]);
    const n = await sandboxNumber();
    const first = await addChannel(owner.cookie, n);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expectAlreadyActive(await addChannel(other.cookie, n));
    const active = await activeChannels(n.phoneNumberId);
    expect(active.map((c) => c.organizationId)).toEqual([owner.orgId]);
    expect(await db().channel.count({ where: { organizationId: other.orgId } })).toBe(0);
  });

  it("the other order: whoever registered first keeps it, the second is refused", async () => {
    const [a, b] = await Promise.all([signedInOwner(), signedInOwner()]);
    const n = await sandboxNumber();
    await createChannel(channelInput(b.orgId, n));
    expectAlreadyActive(await addChannel(a.cookie, n));
    expect((await activeChannels(n.phoneNumberId)).map((c) => c.organizationId)).toEqual([b.orgId]);
  });

  it("registrations racing from several organizations: exactly one wins, the rest get ChannelExistsError", async () => {
    const orgs = await Promise.all(Array.from({ length: 6 }, async () => (await createStaff()).orgId));
    const n = await sandboxNumber();
    const results = await Promise.allSettled(orgs.map((orgId) => createChannel(channelInput(orgId, n))));
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(5);
    for (const r of lost) {
      expect(r.reason).toBeInstanceOf(ChannelExistsError);
      expect((r.reason as ChannelExistsError).where).toBe("elsewhere");
    }
    expect(await activeChannels(n.phoneNumberId)).toHaveLength(1);
  });

  it("the same organization adding its own number twice still hears 'a channel of your organization'", async () => {
    const owner = await signedInOwner();
    const n = await sandboxNumber();
    expect((await addChannel(owner.cookie, n)).status).toBe(201);
    const again = await addChannel(owner.cookie, n);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "RESOURCE_ALREADY_EXISTS",
      message: "A channel with this phone number id exists.",
    });
  });

  it("the CLI's channel create exits 1 with a clear message for a number active elsewhere", {
    timeout: 90_000,
  }, async () => {
    const owner = await createStaff();
    const other = await createStaff();
    const n = await sandboxNumber();
    await createChannel(channelInput(owner.orgId, n));
    const result = await runCli([
      "channel",
      "create",
      "--org",
      other.orgId,
      "--phone-number-id",
      n.phoneNumberId,
      "--waba-id",
      n.wabaId,
      "--access-token",
      n.token,
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/active in another organization/);
    expect(await db().channel.count({ where: { organizationId: other.orgId } })).toBe(0);
  });
});

describe("deactivating a channel never moves its traffic to another organization", () => {
  it("an inbound for a number with no active channel is stored and acknowledged, and reaches nobody", async () => {
    const a = await createStaff();
    const b = await createStaff();
    const n = await sandboxNumber();
    // b registered the number earlier and gave it up; a is the owner now, then deactivates too
    const old = await createChannel(channelInput(b.orgId, n));
    await deactivateChannel(old.id, b.orgId);
    const owned = await createChannel(channelInput(a.orgId, n));
    await deactivateChannel(owned.id, a.orgId);

    const phone = randomPhone();
    const ack = await inbound(n.phoneNumberId, phone.slice(1), { type: "text", text: { body: "secret" } });
    expect(ack.body?.status, JSON.stringify(ack.body)).toBe(200);
    await waitProcessed(n.phoneNumberId, 1);
    expect(await db().contact.count({ where: { phone } })).toBe(0);
    expect(await db().message.count({ where: { whatsappMessageId: String(ack.body.id) } })).toBe(0);
    for (const orgId of [a.orgId, b.orgId]) {
      expect(await eventsNamed(orgId, "message.inbound")).toEqual([]);
      expect(await db().conversation.count({ where: { organizationId: orgId } })).toBe(0);
    }
  });

  it("deactivate, then another organization registers: the first cannot take it back, traffic goes to the second only", async () => {
    const a = await signedInOwner();
    const b = await signedInOwner();
    const n = await sandboxNumber();
    expect((await addChannel(a.cookie, n)).status).toBe(201);
    const aChannel = await db().channel.findFirstOrThrow({ where: { organizationId: a.orgId } });
    await deactivateChannel(aChannel.id, a.orgId);
    expect((await addChannel(b.cookie, n)).status).toBe(201);

    // reactivating a's channel (adding the number again) is refused the same way
    expectAlreadyActive(await addChannel(a.cookie, n));
    expect((await db().channel.findUniqueOrThrow({ where: { id: aChannel.id } })).status).toBe("inactive");

    const phone = randomPhone();
    const ack = await inbound(n.phoneNumberId, phone.slice(1), { type: "text", text: { body: "to b" } });
    expect(ack.body?.status).toBe(200);
    const contact = await eventually(() => db().contact.findFirst({ where: { phone } }));
    expect(contact.organizationId).toBe(b.orgId);
    expect(await db().contact.count({ where: { phone, organizationId: a.orgId } })).toBe(0);
  });
});
