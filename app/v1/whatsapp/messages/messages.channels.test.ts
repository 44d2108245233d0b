import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { deactivateChannel } from "@/lib/channels/deactivate-channel";
import { db } from "@/lib/db";
import { createTestChannel, createTestOrg, expectError, randomPhone } from "@/scripts/test/helpers";
import { openWindow, send, upstreamRequests } from "@/scripts/test/send-helpers";

const text = (to: string, extra: Record<string, unknown> = {}) => ({
  to,
  type: "text",
  text: { body: "which line?" },
  ...extra,
});

function expectChannelNotFound(res: Awaited<ReturnType<typeof send>>) {
  expectError(res, 404, "WHATSAPP_CHANNEL_NOT_FOUND");
  expect(res.body.error.details?.field).toBe("channel_id");
}

describe("POST /v1/whatsapp/messages: which channel sends", () => {
  it("channel_id of an active channel: that channel sends, even when others are active", async () => {
    const { key, orgId } = await createTestOrg();
    const a = await createTestChannel(orgId);
    const b = await createTestChannel(orgId);
    const to = randomPhone();
    await openWindow(orgId, b.phoneNumberId, to);
    const res = await send(key, text(to, { channel_id: b.channelId }));
    expect(res.status, res.text).toBe(200);
    expect(await upstreamRequests(b.phoneNumberId, to)).toHaveLength(1);
    expect(await upstreamRequests(a.phoneNumberId, to)).toHaveLength(0);
    const stored = await db().message.findUniqueOrThrow({ where: { id: res.body.data.messageId } });
    expect(stored.channelId).toBe(b.channelId);
    const channel = await db().channel.findUniqueOrThrow({ where: { id: b.channelId } });
    expect(channel.lastActiveAt).not.toBeNull();
  });

  it("exactly one active channel (another inactive): used without channel_id", async () => {
    const { key, orgId } = await createTestOrg();
    const gone = await createTestChannel(orgId);
    const only = await createTestChannel(orgId);
    await deactivateChannel(gone.channelId, orgId);
    const to = randomPhone();
    await openWindow(orgId, only.phoneNumberId, to);
    const res = await send(key, text(to));
    expect(res.status, res.text).toBe(200);
    expect(await upstreamRequests(only.phoneNumberId, to)).toHaveLength(1);
    expect(await upstreamRequests(gone.phoneNumberId, to)).toHaveLength(0);
  });

  it("several active channels and none named → 404 WHATSAPP_CHANNEL_NOT_FOUND, nothing sent", async () => {
    const { key, orgId } = await createTestOrg();
    const a = await createTestChannel(orgId);
    const b = await createTestChannel(orgId);
    const to = randomPhone();
    await openWindow(orgId, a.phoneNumberId, to);
    expectChannelNotFound(await send(key, text(to)));
    expect(await upstreamRequests(a.phoneNumberId, to)).toHaveLength(0);
    expect(await upstreamRequests(b.phoneNumberId, to)).toHaveLength(0);
    expect(await db().message.count({ where: { organizationId: orgId, direction: "outbound" } })).toBe(0);
  });

  it("no channel at all → 404 WHATSAPP_CHANNEL_NOT_FOUND (also for a template)", async () => {
    const { key } = await createTestOrg();
    const to = randomPhone();
    expectChannelNotFound(await send(key, text(to)));
    const template = { to, type: "template", template: { name: "any", language: { code: "en_US" } } };
    expectChannelNotFound(await send(key, template));
  });

  it("only inactive channels → 404 WHATSAPP_CHANNEL_NOT_FOUND", async () => {
    const { key, orgId } = await createTestOrg();
    const c = await createTestChannel(orgId);
    await deactivateChannel(c.channelId, orgId);
    expectChannelNotFound(await send(key, text(randomPhone())));
  });

  it("channel_id unknown, another organization's, or inactive → 404 WHATSAPP_CHANNEL_NOT_FOUND", async () => {
    const { key, orgId } = await createTestOrg();
    const mine = await createTestChannel(orgId);
    const inactive = await createTestChannel(orgId);
    await deactivateChannel(inactive.channelId, orgId);
    const other = await createTestOrg();
    const theirs = await createTestChannel(other.orgId);
    const to = randomPhone();
    await openWindow(orgId, mine.phoneNumberId, to);
    for (const channelId of [randomUUID(), theirs.channelId, inactive.channelId]) {
      expectChannelNotFound(await send(key, text(to, { channel_id: channelId })));
    }
    expect(await upstreamRequests(theirs.phoneNumberId)).toHaveLength(0);
    expect(await upstreamRequests(inactive.phoneNumberId)).toHaveLength(0);
    // the channel itself still works
    expect((await send(key, text(to, { channel_id: mine.channelId }))).status).toBe(200);
  });

  it("a channel_id that is not a UUID is not a channel → 404 WHATSAPP_CHANNEL_NOT_FOUND", async () => {
    const { key, orgId } = await createTestOrg();
    await createTestChannel(orgId);
    expectChannelNotFound(await send(key, text(randomPhone(), { channel_id: "main-line" })));
  });
});
