import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { eventually } from "@/scripts/test/helpers";
import { openWindow, readySender, upstreamRequests } from "@/scripts/test/send-helpers";

/** An organization with a customer who wrote, and an owner and an agent signed in. */
async function setup() {
  const sender = await readySender();
  const message = await db().message.findFirstOrThrow({
    where: { organizationId: sender.orgId, direction: "inbound" },
  });
  const session = async (role: "owner" | "agent") => {
    const staff = await createStaff(role, sender.orgId);
    const { cookie } = await signInWithPassword(staff.email, staff.password);
    if (!cookie) throw new Error(`${role} could not sign in`);
    return cookie;
  };
  return { ...sender, message, owner: await session("owner"), agent: await session("agent") };
}

const readRequests = async (phoneNumberId: string) =>
  (await upstreamRequests(phoneNumberId)).filter((r) => r.body?.status === "read");

describe("marking a conversation read when staff open it (mark_read_on_open)", () => {
  it("is off by default: opening marks nothing read upstream", async () => {
    const { owner, channel, message } = await setup();
    const settings = await dashboardCall(owner, "/api/dashboard/organization");
    expect(settings.body.data).toEqual({
      settings: { default_country: "US", mark_read_on_open: false, marketing_stop_words: ["STOP"] },
    });
    const opened = await dashboardCall(owner, `/api/dashboard/conversations/${message.conversationId}/read`, {
      method: "POST",
    });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toEqual({
      marked: false,
      reason: "setting off",
      read_up_to: message.createdAt.toISOString(),
    });
    expect(await readRequests(channel.phoneNumberId)).toHaveLength(0);
    expect((await db().message.findUniqueOrThrow({ where: { id: message.id } })).readAt).toBeNull();
  });

  it("once an owner turns it on, opening marks the customer's latest message read upstream, once", async () => {
    const { owner, agent, channel, message } = await setup();
    const on = await dashboardCall(owner, "/api/dashboard/organization", {
      method: "PATCH",
      body: { mark_read_on_open: true },
    });
    expect(on.status).toBe(200);
    expect(on.body.data).toEqual({
      settings: { default_country: "US", mark_read_on_open: true, marketing_stop_words: ["STOP"] },
    });

    const path = `/api/dashboard/conversations/${message.conversationId}/read`;
    const opened = await dashboardCall(agent, path, { method: "POST" });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toEqual({
      marked: true,
      messageId: message.id,
      read_up_to: message.createdAt.toISOString(),
    });
    const [request, ...more] = await readRequests(channel.phoneNumberId);
    expect(more).toHaveLength(0);
    expect(request?.body).toEqual({
      messaging_product: "whatsapp",
      status: "read",
      message_id: message.whatsappMessageId,
    });
    expect((await db().message.findUniqueOrThrow({ where: { id: message.id } })).readAt).not.toBeNull();

    // opened again: already read, nothing more goes upstream
    const again = await dashboardCall(owner, path, { method: "POST" });
    expect(again.body.data).toEqual({
      marked: false,
      reason: "nothing unread",
      read_up_to: message.createdAt.toISOString(),
    });
    expect(await readRequests(channel.phoneNumberId)).toHaveLength(1);
  });

  it("agents cannot change it; another organization's conversation is 404 and nothing is sent", async () => {
    const ours = await setup();
    const theirs = await setup();
    const refused = await dashboardCall(ours.agent, "/api/dashboard/organization", {
      method: "PATCH",
      body: { mark_read_on_open: true },
    });
    expect(refused.status).toBe(403);
    const empty = await dashboardCall(ours.owner, "/api/dashboard/organization", {
      method: "PATCH",
      body: {},
    });
    expect(empty.status).toBe(400);
    await dashboardCall(theirs.owner, "/api/dashboard/organization", {
      method: "PATCH",
      body: { mark_read_on_open: true },
    });
    const cross = await dashboardCall(
      ours.owner,
      `/api/dashboard/conversations/${theirs.message.conversationId}/read`,
      { method: "POST" },
    );
    expect(cross.status).toBe(404);
    expect(cross.body.error?.code).toBe("RESOURCE_NOT_FOUND");
    expect(await readRequests(theirs.channel.phoneNumberId)).toHaveLength(0);
    expect((await db().organization.findUniqueOrThrow({ where: { id: ours.orgId } })).markReadOnOpen).toBe(
      false,
    );
  });

  it("unread is per staff member: opening marks it read for that one only, until the customer writes again", async () => {
    const { owner, agent, orgId, channel, to, message } = await setup();
    const conversationId = message.conversationId as string;
    const unread = async (cookie: string) => {
      const res = await dashboardCall(cookie, "/api/dashboard/conversations");
      const rows = (res.body.data as { conversations: { id: string; unread: boolean }[] }).conversations;
      return rows.find((r) => r.id === conversationId)?.unread;
    };
    expect(await unread(owner)).toBe(true);
    expect(await unread(agent)).toBe(true);

    const path = `/api/dashboard/conversations/${conversationId}/read`;
    expect((await dashboardCall(agent, path, { method: "POST" })).status).toBe(200);
    expect(await unread(agent)).toBe(false);
    expect(await unread(owner)).toBe(true);
    const thread = await dashboardCall(agent, `/api/dashboard/conversations/${conversationId}`);
    expect((thread.body.data as { conversation: { unread: boolean } }).conversation.unread).toBe(false);
    const reads = await db().conversationRead.findMany({ where: { conversationId } });
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ organizationId: orgId, readUpTo: message.createdAt });

    // the customer writes again: unread for the agent again; the marker never moves back
    await openWindow(orgId, channel.phoneNumberId, to);
    await eventually(async () =>
      (await db().message.count({ where: { conversationId, direction: "inbound" } })) === 2
        ? true
        : undefined,
    );
    expect(await unread(agent)).toBe(true);
    expect((await dashboardCall(agent, path, { method: "POST" })).status).toBe(200);
    expect(await unread(agent)).toBe(false);
    expect(await unread(owner)).toBe(true);
  });

  it("another organization's staff cannot mark ours read: 404, and no marker of theirs or change to ours", async () => {
    const ours = await setup();
    const theirs = await setup();
    const conversationId = ours.message.conversationId as string;
    const cross = await dashboardCall(theirs.owner, `/api/dashboard/conversations/${conversationId}/read`, {
      method: "POST",
    });
    expect(cross.status).toBe(404);
    expect(cross.body.error?.code).toBe("RESOURCE_NOT_FOUND");
    expect(await db().conversationRead.count({ where: { conversationId } })).toBe(0);
    const rows = await dashboardCall(ours.owner, "/api/dashboard/conversations");
    const row = (rows.body.data as { conversations: { id: string; unread: boolean }[] }).conversations.find(
      (r) => r.id === conversationId,
    );
    expect(row?.unread).toBe(true);
  });
});
