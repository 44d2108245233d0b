import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  findContinuedConversation,
  findConversation,
  findConversationWithChannel,
  findConversationWithContact,
  findOtherOpenConversation,
  lockContactForConversation,
  updateConversation,
} from "@/lib/conversations/repository/conversations";
import {
  countOpenConversations,
  inboxPulse,
  latestInboundMessage,
  listConversationRows,
  markReadForStaff,
  unreadConversations,
} from "@/lib/conversations/repository/inbox";
import {
  changeConversationOwner,
  findMessageConversationId,
  latestConversationOf,
} from "@/lib/conversations/repository/owner";
import { findReplyFlow, findReplyTemplate } from "@/lib/conversations/repository/reply";
import {
  findThreadContact,
  findThreadConversation,
  lastTemplateLanguage,
  listThreadCalls,
  listThreadMessages,
} from "@/lib/conversations/repository/thread";
import { db } from "@/lib/db";
import { twoOrganizations } from "@/scripts/test/two-organizations";

/**
 * The conversations repository's promise (docs/architecture.md "Repositories"): given another
 * organization, an id of this one finds, changes and locks nothing, whatever a caller read before.
 * Two organizations, real PostgreSQL; each check is also made as the owner, so none is vacuous.
 */
const mine = {
  org: "",
  contact: "",
  phone: "",
  conversation: "",
  user: "",
  inbound: "",
  template: "",
  flow: "",
  call: "",
};
let other = "";
const hex = (n: number) => randomBytes(n).toString("hex");
const past = new Date(Date.now() - 60 * 60 * 1000);

const orgs = twoOrganizations("Tenancy");

beforeAll(async () => {
  mine.org = orgs.a;
  other = orgs.b;
  mine.phone = `+1555${Date.now() % 1e7}`;
  const contact = await db().contact.create({ data: { organizationId: orgs.a, phone: mine.phone } });
  mine.contact = contact.id;
  const channel = await db().channel.create({
    data: {
      organizationId: orgs.a,
      name: "mine",
      phoneNumberId: `pn_${hex(8)}`,
      wabaId: `waba_${hex(8)}`,
      accessTokenEnc: "sealed",
    },
  });
  const user = await db().user.create({
    data: { organizationId: orgs.a, email: `${hex(6)}@example.com`, passwordHash: "x", role: "agent" },
  });
  mine.user = user.id;
  const conversation = await db().conversation.create({
    data: { organizationId: orgs.a, contactId: contact.id, status: "open", lastActivityAt: new Date() },
  });
  mine.conversation = conversation.id;
  const message = (direction: "inbound" | "outbound", more: object) =>
    db().message.create({
      data: {
        organizationId: orgs.a,
        contactId: contact.id,
        conversationId: conversation.id,
        direction,
        type: "text",
        content: { body: "hi" },
        ...more,
      },
    });
  mine.inbound = (await message("inbound", { whatsappMessageId: `wamid.${hex(8)}` })).id;
  await message("outbound", { templateLanguage: "en_US" });
  mine.call = (
    await db().call.create({
      data: {
        organizationId: orgs.a,
        channelId: channel.id,
        upstreamId: `call_${hex(8)}`,
        direction: "user_initiated",
        contactId: contact.id,
        conversationId: conversation.id,
      },
    })
  ).id;
  mine.template = (
    await db().template.create({
      data: { organizationId: orgs.a, channelId: channel.id, name: `t_${hex(4)}`, category: "UTILITY" },
    })
  ).id;
  mine.flow = (
    await db().flow.create({
      data: { organizationId: orgs.a, channelId: channel.id, upstreamId: `flow_${hex(8)}`, name: "f" },
    })
  ).id;
});

const thread = () => ({
  id: mine.conversation,
  contactId: mine.contact,
  channelId: null,
  openedAt: past,
  resolvedAt: null,
});

describe("conversations: another organization's id is nobody's", () => {
  it("writes nothing: no update, no owner change, no read marker", async () => {
    const before = await db().conversation.findUniqueOrThrow({ where: { id: mine.conversation } });
    await expect(
      db().$transaction((tx) => updateConversation(other, mine.conversation, { status: "resolved" }, tx)),
    ).rejects.toThrow();
    const owner = await changeConversationOwner(other, {
      conversationId: mine.conversation,
      owner: { owner: "other", appId: "intruder" },
      reason: "take",
    });
    expect(owner).toEqual({ changed: false, deliveryIds: [], previous: null });
    expect(await markReadForStaff(other, mine.user, mine.conversation)).toBeNull();
    expect(await db().conversationRead.count({ where: { conversationId: mine.conversation } })).toBe(0);
    expect(await db().conversation.findUniqueOrThrow({ where: { id: mine.conversation } })).toEqual(before);
    expect(await db().event.count({ where: { organizationId: { in: [mine.org, other] } } })).toBe(0);
  });

  it("locks nothing: the contact's row stays free for another transaction", async () => {
    const lockedBy = (org: string) =>
      db().$transaction(async (tx) => {
        await lockContactForConversation(org, mine.contact, tx);
        // another connection, without waiting: 55P03 when the row is locked
        return db()
          .$queryRaw`SELECT id FROM contacts WHERE id = ${mine.contact}::uuid FOR UPDATE NOWAIT`.then(
          () => false,
          () => true,
        );
      });
    expect(await lockedBy(other)).toBe(false);
    expect(await lockedBy(mine.org)).toBe(true);
  });

  it("finds nothing", async () => {
    expect(await findConversation(other, mine.conversation)).toBeNull();
    expect(await findConversationWithContact(other, mine.conversation)).toBeNull();
    expect(await findConversationWithChannel(other, mine.conversation)).toBeNull();
    expect(await findThreadConversation(other, mine.conversation)).toBeNull();
    expect(
      await db().$transaction((tx) => findContinuedConversation(other, mine.contact, past, tx)),
    ).toBeNull();
    expect(
      await db().$transaction((tx) => findOtherOpenConversation(other, mine.contact, randomUUID(), tx)),
    ).toBeNull();
    expect(await latestConversationOf(other, randomUUID(), { phone: mine.phone, bsuid: null })).toBeNull();
    expect(await findMessageConversationId(other, mine.inbound)).toBeNull();
    expect((await inboxPulse(other, mine.conversation)).thread).toBeNull();
    expect(await unreadConversations(other, mine.user, [mine.conversation])).toEqual(new Set());
    expect(await listConversationRows(other, { view: "open", userId: mine.user, limit: 10 })).toEqual([]);
    expect(await countOpenConversations(other, mine.user, 10)).toEqual({ open: 0, mine: 0, unassigned: 0 });
    expect(await latestInboundMessage(other, mine.conversation)).toBeNull();
    expect(await listThreadMessages(other, mine.conversation, 10)).toEqual([]);
    expect(await findThreadContact(other, mine.contact)).toBeNull();
    expect(await lastTemplateLanguage(other, mine.contact)).toBeNull();
    expect(await listThreadCalls(other, thread(), 10)).toEqual([]);
    expect(await findReplyTemplate(other, mine.template)).toBeNull();
    expect(await findReplyFlow(other, mine.flow)).toBeNull();
  });

  it("the owner's calls find and change what they say (the checks above are not vacuous)", async () => {
    expect((await findConversation(mine.org, mine.conversation))?.id).toBe(mine.conversation);
    expect((await findConversationWithContact(mine.org, mine.conversation))?.contact.phone).toBe(mine.phone);
    expect((await findConversationWithChannel(mine.org, mine.conversation))?.id).toBe(mine.conversation);
    expect((await findThreadConversation(mine.org, mine.conversation))?.id).toBe(mine.conversation);
    expect(
      (await db().$transaction((tx) => findContinuedConversation(mine.org, mine.contact, past, tx)))?.id,
    ).toBe(mine.conversation);
    expect(
      await db().$transaction((tx) => findOtherOpenConversation(mine.org, mine.contact, randomUUID(), tx)),
    ).toEqual({ id: mine.conversation });
    expect(await latestConversationOf(mine.org, randomUUID(), { phone: mine.phone, bsuid: null })).toEqual({
      id: mine.conversation,
    });
    expect(await findMessageConversationId(mine.org, mine.inbound)).toBe(mine.conversation);
    expect((await inboxPulse(mine.org, mine.conversation)).thread).not.toBeNull();
    expect(await unreadConversations(mine.org, mine.user, [mine.conversation])).toEqual(
      new Set([mine.conversation]),
    );
    expect(await listConversationRows(mine.org, { view: "open", userId: mine.user, limit: 10 })).toHaveLength(
      1,
    );
    expect(await countOpenConversations(mine.org, mine.user, 10)).toEqual({
      open: 1,
      mine: 0,
      unassigned: 1,
    });
    expect((await latestInboundMessage(mine.org, mine.conversation))?.id).toBe(mine.inbound);
    expect(await listThreadMessages(mine.org, mine.conversation, 10)).toHaveLength(2);
    expect(await findThreadContact(mine.org, mine.contact)).not.toBeNull();
    expect(await lastTemplateLanguage(mine.org, mine.contact)).toBe("en_US");
    expect((await listThreadCalls(mine.org, thread(), 10)).map((c) => c.id)).toEqual([mine.call]);
    expect((await findReplyTemplate(mine.org, mine.template))?.id).toBe(mine.template);
    expect((await findReplyFlow(mine.org, mine.flow))?.id).toBe(mine.flow);

    expect(await markReadForStaff(mine.org, mine.user, mine.conversation)).toBeInstanceOf(Date);
    const owner = await changeConversationOwner(mine.org, {
      conversationId: mine.conversation,
      owner: { owner: "other", appId: "ai_agent" },
      reason: "pass",
    });
    expect(owner.changed).toBe(true);
    const resolved = await db().$transaction((tx) =>
      updateConversation(mine.org, mine.conversation, { status: "resolved" }, tx),
    );
    expect(resolved).toMatchObject({ status: "resolved", owner: "other", ownerAppId: "ai_agent" });
  });
});
