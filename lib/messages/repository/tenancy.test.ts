import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { outboxSql } from "@/lib/events/repository";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import {
  insertOutboundBatch,
  insertOutboundMessage,
  type OutboundMessage,
} from "@/lib/messages/repository/outbound";
import { findInboundMessage, findMessageRow, findMessageWamid } from "@/lib/messages/repository/reads";
import {
  findQueuedSend,
  findSendOutcome,
  isFlowTokenTaken,
  markMarketingApi,
} from "@/lib/messages/repository/send";
import { cachedChannel } from "@/lib/messages/send-channel-cache";
import { findSendTemplate, findTemplateToSend } from "@/lib/templates/repository";
import { twoOrganizations } from "@/scripts/test/two-organizations";

/**
 * The messages repository's promise outside the status transitions (docs/architecture.md
 * "Repositories"): called with another organization, an id of this one finds, changes and stores
 * nothing, whatever the caller read before (the worker's send reads by the ids its job names; the
 * store statement takes the channel and recipient its caller gives). Two organizations, real
 * PostgreSQL. Every call of organization B below would find or change A's rows without its
 * organization filter; the last test shows the same calls do so for A.
 */
const a = { org: "", channel: "", contact: "", phone: "", inbound: "", queued: "", template: "", token: "" };
const b = { org: "", lonePhone: "" };
const TEMPLATE = "order_update";

/** Everything of A's that a call could change, to compare before and after. */
async function snapshot() {
  const org = { organizationId: a.org };
  return {
    messages: await db().message.findMany({ where: org, orderBy: { id: "asc" } }),
    conversations: await db().conversation.findMany({ where: org, orderBy: { id: "asc" } }),
    contacts: await db().contact.findMany({ where: org, orderBy: { id: "asc" } }),
    events: await db().event.count({ where: org }),
  };
}

function outbound(over: Partial<OutboundMessage>): OutboundMessage & { now: Date } {
  return {
    id: randomUUID(),
    channelId: a.channel,
    to: a.phone,
    recipient: null,
    type: "template",
    content: { cloud: {} },
    templateName: TEMPLATE,
    templateLanguage: "en",
    now: new Date(),
    ...over,
  };
}

const orgs = twoOrganizations("Message tenancy");

beforeAll(async () => {
  a.org = orgs.a;
  b.org = orgs.b;
  const digits = () => String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
  a.phone = `+1555${digits()}`;
  b.lonePhone = `+1556${digits()}`;
  const channel = await db().channel.create({
    data: {
      organizationId: a.org,
      name: "main",
      phoneNumberId: `pn-${randomUUID()}`,
      wabaId: `waba-${randomUUID()}`,
      accessTokenEnc: "sealed",
    },
  });
  a.channel = channel.id;
  // B knows A's customer too (the same number): only the organization keeps A's rows A's
  const [contact] = await Promise.all([
    db().contact.create({ data: { organizationId: a.org, phone: a.phone, lastInboundAt: new Date() } }),
    db().contact.create({ data: { organizationId: b.org, phone: a.phone, lastInboundAt: new Date() } }),
    // a number only A has: B's call can find it through nothing but A's rows
    db().contact.create({ data: { organizationId: a.org, phone: b.lonePhone, lastInboundAt: new Date() } }),
  ]);
  a.contact = contact.id;
  const message = (data: Partial<Prisma.MessageUncheckedCreateInput>) =>
    db().message.create({
      data: {
        organizationId: a.org,
        contactId: a.contact,
        channelId: a.channel,
        direction: "outbound",
        type: "text",
        content: {},
        ...data,
      },
    });
  a.inbound = (
    await message({ direction: "inbound", status: "delivered", whatsappMessageId: `wamid.${randomUUID()}` })
  ).id;
  a.token = `flow-${randomUUID()}`;
  a.queued = (
    await message({ status: "queued", content: { cloud: { type: "text" } }, flowToken: a.token })
  ).id;
  const template = await db().template.create({
    data: {
      organizationId: a.org,
      channelId: a.channel,
      name: TEMPLATE,
      category: "UTILITY",
      translations: {
        create: {
          language: "en",
          status: "APPROVED",
          category: "UTILITY",
          components: [{ type: "BODY", text: "Your order shipped" }],
          upstreamId: `up-${randomUUID()}`,
        },
      },
    },
  });
  a.template = template.id;
});

describe("messages: another organization's id is nobody's", () => {
  it("reads find nothing", async () => {
    expect(await findMessageRow(b.org, a.queued)).toBeNull();
    expect(await findInboundMessage(b.org, a.inbound)).toBeNull();
    expect(await findMessageWamid(b.org, a.inbound)).toBeNull();
    expect(await isFlowTokenTaken(b.org, a.token)).toBe(false);
    expect(await findQueuedSend(b.org, a.queued)).toBeNull();
    expect(await findSendOutcome(b.org, a.queued)).toBeNull();
    expect(await cachedChannel(b.org, a.channel)).toBeNull();
    expect(await findSendTemplate(b.org, a.channel, TEMPLATE)).toBeNull();
    expect(await findTemplateToSend(b.org, a.template)).toBeNull();
  });

  it("writes change and store nothing of A's, nor anything through A's channel or contacts", async () => {
    const before = await snapshot();
    await markMarketingApi(b.org, [a.queued]);
    // A's channel, to the number both organizations know: B's contact, but not B's channel
    const viaChannel = outbound({});
    expect((await insertOutboundMessage(b.org, viaChannel)).inserted).toBe(false);
    // B's own call to a number only A has: no contact of B's, so not stored (and not opened in A)
    const viaContact = outbound({ to: b.lonePhone });
    expect((await insertOutboundMessage(b.org, viaContact)).inserted).toBe(false);
    const batch = [outbound({}), outbound({ to: b.lonePhone })];
    const stored = await db().$transaction((tx) => insertOutboundBatch(b.org, batch, tx));
    expect(stored.map((s) => s.inserted)).toEqual([false, false]);
    const ids = [viaChannel, viaContact, ...batch].map((m) => m.id);
    expect(await db().message.count({ where: { id: { in: ids } } })).toBe(0);
    // the outbox writes no event of another organization than the statement's
    await db().$queryRaw(
      outboxSql(
        b.org,
        [],
        Prisma.sql`SELECT ${a.org}::uuid AS organization_id, 'contact.created' AS event_name, '{}'::jsonb AS event_data`,
        new Date(),
      ),
    );
    expect(await snapshot()).toEqual(before);
  });

  it("the owner's calls do what they say (the test is not vacuous)", async () => {
    expect((await findMessageRow(a.org, a.queued))?.id).toBe(a.queued);
    expect((await findInboundMessage(a.org, a.inbound))?.channel?.id).toBe(a.channel);
    expect((await findMessageWamid(a.org, a.inbound))?.whatsappMessageId).toMatch(/^wamid\./);
    expect(await isFlowTokenTaken(a.org, a.token)).toBe(true);
    expect((await findQueuedSend(a.org, a.queued))?.channel_id).toBe(a.channel);
    expect((await findSendOutcome(a.org, a.queued))?.status).toBe("queued");
    expect((await cachedChannel(a.org, a.channel))?.id).toBe(a.channel);
    expect((await findSendTemplate(a.org, a.channel, TEMPLATE))?.translations).toHaveLength(1);
    expect((await findTemplateToSend(a.org, a.template))?.name).toBe(TEMPLATE);

    const events = await db().event.count({ where: { organizationId: a.org } });
    await markMarketingApi(a.org, [a.queued]);
    expect((await db().message.findUniqueOrThrow({ where: { id: a.queued } })).upstreamApi).toBe(
      "marketing_messages",
    );
    const single = outbound({});
    const one = await insertOutboundMessage(a.org, single);
    expect(one).toMatchObject({ inserted: true, contactId: a.contact });
    const batch = [outbound({ to: b.lonePhone })];
    const stored = await db().$transaction((tx) => insertOutboundBatch(a.org, batch, tx));
    expect(stored.map((s) => s.inserted)).toEqual([true]);
    const rows = await db().message.findMany({
      where: { id: { in: [single.id, ...batch.map((m) => m.id)] } },
    });
    expect(rows.map((m) => m.organizationId)).toEqual([a.org, a.org]);
    // each opened its contact's conversation in A, with conversation.opened
    expect(await db().conversation.count({ where: { organizationId: a.org } })).toBe(2);
    await db().$queryRaw(
      outboxSql(
        a.org,
        [],
        Prisma.sql`SELECT ${a.org}::uuid AS organization_id, 'contact.created' AS event_name, '{}'::jsonb AS event_data`,
        new Date(),
      ),
    );
    expect(await db().event.count({ where: { organizationId: a.org } })).toBe(events + 3);
  });
});
