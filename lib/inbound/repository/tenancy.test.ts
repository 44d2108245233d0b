import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { findCallByUpstreamId, hasCallOfUpstreamId } from "@/lib/calls/repository";
import {
  markChannelCoexistence,
  noteUnprocessedField,
  recordMessagingLimit,
  recordPricingTier,
  touchChannelIfDue,
} from "@/lib/channels/repository";
import { findContactByEither, keepContactReferral } from "@/lib/contacts/repository/contacts";
import { findLatestConversationOfContact } from "@/lib/conversations/repository/conversations";
import { db } from "@/lib/db";
import {
  closeFlowMessage,
  findChannelMessagesByUpstreamId,
  findFlowMessage,
  findMessageIdByUpstreamId,
  findStoredUpstreamId,
  getMessageRow,
  lockMessageByUpstreamId,
  updateMessageRow,
} from "@/lib/inbound/repository/messages";
import { type OrdinaryInboundInput, storeOrdinaryInbound } from "@/lib/inbound/repository/ordinary-inbound";
import { twoOrganizations } from "@/scripts/test/two-organizations";

/**
 * The inbound path's repository functions (lib/inbound/repository/ and what it added to the
 * channels, contacts, conversations and calls repositories; docs/architecture.md "Repositories"):
 * given another organization, an id of this one finds and changes nothing, whatever a caller read
 * before. Two organizations, real PostgreSQL; each check is also made as the owner, so none is
 * vacuous.
 */
const hex = (n: number) => randomBytes(n).toString("hex");
const hour = 60 * 60 * 1000;
const mine = {
  org: "",
  channel: "",
  waba: `waba_${hex(8)}`,
  contact: "",
  phone: `+1555${String(Date.now() % 1e7).padStart(7, "0")}`,
  conversation: "",
  message: "",
  wamid: `wamid.${hex(8)}`,
  flowToken: `ft_${hex(8)}`,
  call: `call_${hex(8)}`,
  broadcast: "",
};
const theirs = { org: "", contact: "" };
const longAgo = new Date(Date.now() - 48 * hour);

const orgs = twoOrganizations("Inbound tenancy");

beforeAll(async () => {
  mine.org = orgs.a;
  theirs.org = orgs.b;
  const channel = await db().channel.create({
    data: {
      organizationId: orgs.a,
      name: "mine",
      phoneNumberId: `pn_${hex(8)}`,
      wabaId: mine.waba,
      accessTokenEnc: "sealed",
      lastActiveAt: longAgo,
    },
  });
  mine.channel = channel.id;
  mine.contact = (await db().contact.create({ data: { organizationId: orgs.a, phone: mine.phone } })).id;
  // the same customer is B's too (a number is anyone's): B's statements must find only B's row
  theirs.contact = (await db().contact.create({ data: { organizationId: orgs.b, phone: mine.phone } })).id;
  mine.conversation = (
    await db().conversation.create({
      data: { organizationId: orgs.a, contactId: mine.contact, channelId: channel.id, status: "resolved" },
    })
  ).id;
  mine.message = (
    await db().message.create({
      data: {
        organizationId: orgs.a,
        channelId: channel.id,
        contactId: mine.contact,
        conversationId: mine.conversation,
        direction: "outbound",
        type: "interactive",
        content: { body: "a Flow" },
        whatsappMessageId: mine.wamid,
        flowToken: mine.flowToken,
      },
    })
  ).id;
  await db().call.create({
    data: {
      organizationId: orgs.a,
      channelId: channel.id,
      upstreamId: mine.call,
      direction: "user_initiated",
      contactId: mine.contact,
    },
  });
  mine.broadcast = (
    await db().broadcast.create({
      data: {
        organizationId: orgs.a,
        channelId: channel.id,
        name: "b",
        status: "completed",
        templateName: "hello",
        templateLanguage: "en",
        templateCategory: "MARKETING",
        components: [],
        placeholders: [],
        total: 1,
      },
    })
  ).id;
  // a row no path writes (A's recipient naming B's contact): only the organization keeps B's reply off it
  await db().broadcastRecipient.create({
    data: {
      broadcastId: mine.broadcast,
      seq: 1,
      organizationId: orgs.a,
      contactId: theirs.contact,
      phone: mine.phone,
      status: "delivered",
      deliveredAt: new Date(Date.now() - hour),
    },
  });
});

/** Everything of A's these functions could change. */
async function snapshot() {
  return {
    channel: await db().channel.findUniqueOrThrow({ where: { id: mine.channel } }),
    contact: await db().contact.findUniqueOrThrow({ where: { id: mine.contact } }),
    conversation: await db().conversation.findUniqueOrThrow({ where: { id: mine.conversation } }),
    message: await db().message.findUniqueOrThrow({ where: { id: mine.message } }),
    recipients: await db().broadcastRecipient.findMany({ where: { organizationId: mine.org } }),
    unprocessed: await db().channelUnprocessedField.count({ where: { channelId: mine.channel } }),
    events: await db().event.count({ where: { organizationId: mine.org } }),
  };
}

const ordinary = (): OrdinaryInboundInput => {
  const now = new Date();
  return {
    channelId: mine.channel,
    messageId: randomUUID(),
    whatsappMessageId: `wamid.${hex(8)}`,
    sender: { phone: mine.phone, bsuid: null, profileName: "Ana" },
    digits: mine.phone.slice(1),
    mapped: { contentType: "text", content: { body: "hello" } },
    receivedAt: now,
    writtenAt: now,
    stopWordCandidate: null,
    touchChannel: true,
    notificationId: null,
  };
};

const tier = (at: Date) => ({
  category: "marketing",
  region: "IN",
  json: JSON.stringify({
    pricing_category: "marketing",
    region: "IN",
    tier: "1:1000",
    effective_month: null,
    updated_at: at.toISOString(),
  }),
  at,
});

describe("the inbound path's repository functions: another organization's id is nobody's", () => {
  it("changes nothing of A's: the fast path's statement, the message, contact, channel writes", async () => {
    const before = await snapshot();
    // B's customer writes on A's channel id: B's own rows, nothing of A's (channel touch, reply mark)
    const stored = await storeOrdinaryInbound(theirs.org, ordinary());
    expect(stored.outcome).toBe("stored");
    await db().$transaction(async (tx) => {
      await closeFlowMessage(theirs.org, mine.message, new Date(), tx);
      await keepContactReferral(
        theirs.org,
        mine.contact,
        { source_url: "x", at: new Date().toISOString() },
        tx,
      );
      await touchChannelIfDue(theirs.org, mine.channel, new Date(), 60_000, tx);
      await noteUnprocessedField(
        theirs.org,
        mine.channel,
        { field: "x", at: new Date(), example: "{}", notificationId: randomUUID() },
        tx,
      );
    });
    await markChannelCoexistence(theirs.org, mine.channel);
    const limit = { limit: 2000, capabilities: "{}", at: new Date() };
    expect(await recordMessagingLimit(theirs.org, mine.waba, limit)).toBe(0);
    expect(await recordPricingTier(theirs.org, mine.waba, tier(new Date()))).toBe(0);
    await expect(
      db().$transaction((tx) => updateMessageRow(theirs.org, mine.message, { deletedAt: new Date() }, tx)),
    ).rejects.toThrow();
    expect(await snapshot()).toEqual(before);
  });

  it("finds nothing of A's", async () => {
    expect(await findMessageIdByUpstreamId(theirs.org, mine.wamid)).toBeNull();
    expect(await findFlowMessage(theirs.org, mine.flowToken)).toBeNull();
    // a stored upstream id is a duplicate anywhere (unique across organizations), but not B's
    expect(await findStoredUpstreamId(theirs.org, mine.wamid)).toBe("other");
    expect(await findStoredUpstreamId(theirs.org, `wamid.${hex(8)}`)).toBeNull();
    await db().$transaction(async (tx) => {
      expect(await findChannelMessagesByUpstreamId(theirs.org, mine.channel, [mine.wamid], tx)).toEqual([]);
      expect(await lockMessageByUpstreamId(theirs.org, mine.wamid, tx)).toBeNull();
      await expect(getMessageRow(theirs.org, mine.message, tx)).rejects.toThrow();
      expect(await findLatestConversationOfContact(theirs.org, mine.contact, tx)).toBeNull();
      expect(await findCallByUpstreamId(theirs.org, mine.channel, mine.call, tx)).toBeNull();
      expect(await hasCallOfUpstreamId(theirs.org, mine.channel, mine.call, tx)).toBe(false);
      expect((await findContactByEither(theirs.org, { phone: mine.phone, bsuid: null }, tx))?.id).toBe(
        theirs.contact,
      );
    });
  });

  it("the owner's calls find and change what they say (the checks above are not vacuous)", async () => {
    expect(await findMessageIdByUpstreamId(mine.org, mine.wamid)).toBe(mine.message);
    expect((await findFlowMessage(mine.org, mine.flowToken))?.id).toBe(mine.message);
    expect(await findStoredUpstreamId(mine.org, mine.wamid)).toBe("ours");
    await db().$transaction(async (tx) => {
      expect(await findChannelMessagesByUpstreamId(mine.org, mine.channel, [mine.wamid], tx)).toEqual([
        { id: mine.message, whatsappMessageId: mine.wamid, media: null },
      ]);
      expect(await lockMessageByUpstreamId(mine.org, mine.wamid, tx)).toBe(mine.message);
      expect((await getMessageRow(mine.org, mine.message, tx)).id).toBe(mine.message);
      expect(await findLatestConversationOfContact(mine.org, mine.contact, tx)).toEqual({
        id: mine.conversation,
      });
      expect((await findCallByUpstreamId(mine.org, mine.channel, mine.call, tx))?.contact?.phone).toBe(
        mine.phone,
      );
      expect(await hasCallOfUpstreamId(mine.org, mine.channel, mine.call, tx)).toBe(true);
      expect((await findContactByEither(mine.org, { phone: mine.phone, bsuid: null }, tx))?.id).toBe(
        mine.contact,
      );
    });

    const at = new Date();
    await db().$transaction(async (tx) => {
      await closeFlowMessage(mine.org, mine.message, at, tx);
      await keepContactReferral(mine.org, mine.contact, { source_url: "x", at: at.toISOString() }, tx);
      await touchChannelIfDue(mine.org, mine.channel, at, 60_000, tx);
      await noteUnprocessedField(
        mine.org,
        mine.channel,
        { field: "x", at, example: "{}", notificationId: randomUUID() },
        tx,
      );
      await updateMessageRow(mine.org, mine.message, { editedAt: at }, tx);
    });
    await markChannelCoexistence(mine.org, mine.channel);
    expect(await recordMessagingLimit(mine.org, mine.waba, { limit: 2000, capabilities: "{}", at })).toBe(1);
    expect(await recordPricingTier(mine.org, mine.waba, tier(at))).toBe(1);
    const after = await snapshot();
    expect(after.message).toMatchObject({ flowClosedAt: at, editedAt: at });
    expect(after.contact.latestReferral).toMatchObject({ source_url: "x" });
    expect(after.channel).toMatchObject({ lastActiveAt: at, coexistence: true, messagingLimit: 2000 });
    expect(after.unprocessed).toBe(1);

    // A's customer writes: the reply marks A's recipient of A's contact, and the channel is touched
    await db().broadcastRecipient.updateMany({
      where: { broadcastId: mine.broadcast },
      data: { contactId: mine.contact },
    });
    await db().channel.update({ where: { id: mine.channel }, data: { lastActiveAt: longAgo } });
    const stored = await storeOrdinaryInbound(mine.org, ordinary());
    expect(stored.outcome).toBe("stored");
    const replied = await snapshot();
    expect(replied.recipients.map((r) => r.repliedAt)).not.toEqual([null]);
    expect(replied.channel.lastActiveAt?.getTime()).toBeGreaterThan(longAgo.getTime());
    expect(replied.contact.lastInboundAt).not.toBeNull();
  });
});
