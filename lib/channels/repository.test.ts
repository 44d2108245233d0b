import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  findCallWithChannel,
  findContactByPhone,
  findLastConnectedAt,
  findOpenConversationId,
  findStaffNames,
  getCall,
  getLiveCall,
  insertCall,
  insertPermissionRequest,
  listCallRows,
  listLiveCalls,
  listPermissionRequestTimes,
  updateCallIf,
  updateCallRow,
} from "@/lib/calls/repository";
import {
  countActiveTemplates,
  findActiveChannel,
  findChannel,
  findChannelOfNumber,
  isOwnChannel,
  listWabaChannels,
  markChannelTokenInvalid,
  readChannelRows,
  updateChannelRow,
} from "@/lib/channels/repository";
import { db } from "@/lib/db";
import {
  closeFlowToken,
  ensureFlowEndpointRow,
  findFlowEndpointRow,
  isFlowTokenClosed,
  lockFlowEndpointRow,
  updateFlowEndpointRow,
} from "@/lib/flow-endpoint/repository";
import {
  deleteFlowRow,
  findAnswerContacts,
  findFlowByUpstreamId,
  findFlowIdByName,
  findFlowWithChannel,
  listChannelFlows,
  listFlowAnswerRows,
  listFlowRows,
  storeSyncedFlows,
  updateFlowRow,
  upsertFlowRow,
} from "@/lib/flows/repository";
import {
  listTemplateRows,
  listTemplates,
  setTranslationCategory,
  storeSyncedTemplates,
  updateTranslations,
} from "@/lib/templates/repository";
import { twoOrganizations } from "@/scripts/test/two-organizations";

/**
 * The repositories of a channel's resources (channels, templates, Flows, Flow endpoints, calls:
 * docs/architecture.md "Repositories") keep their promise: given organization B, every write with
 * organization A's ids changes nothing of A's and makes nothing in B, and every read finds nothing,
 * even where a caller skipped the scoped read that used to make a bare-id write safe. Two
 * organizations, real PostgreSQL.
 */
const a = {
  org: "",
  user: "",
  channel: "",
  phoneNumberId: "",
  wabaId: "",
  contact: "",
  phone: "",
  conversation: "",
  template: "",
  translation: "",
  flow: "",
  flowUpstreamId: "",
  endpoint: "",
  call: "",
  flowToken: "",
};
let b = "";

const orgs = twoOrganizations("Channel tenancy");

beforeAll(async () => {
  const tag = randomUUID().slice(0, 8);
  a.org = orgs.a;
  b = orgs.b;
  a.user = (
    await db().user.create({
      data: { organizationId: a.org, email: `staff-${tag}@example.com`, passwordHash: "x", name: "Staff" },
    })
  ).id;
  a.phoneNumberId = `pn-${tag}`;
  a.wabaId = `waba-${tag}`;
  a.channel = (
    await db().channel.create({
      data: {
        organizationId: a.org,
        name: "A's number",
        phoneNumberId: a.phoneNumberId,
        wabaId: a.wabaId,
        accessTokenEnc: "sealed",
      },
    })
  ).id;
  a.phone = `+1555${Date.now() % 1e7}`;
  a.contact = (await db().contact.create({ data: { organizationId: a.org, phone: a.phone } })).id;
  a.conversation = (
    await db().conversation.create({
      data: { organizationId: a.org, contactId: a.contact, channelId: a.channel, status: "open" },
    })
  ).id;
  const template = await db().template.create({
    data: { organizationId: a.org, channelId: a.channel, name: "order_shipped", category: "UTILITY" },
  });
  a.template = template.id;
  a.flowUpstreamId = `flow-${tag}`;
  a.translation = (
    await db().templateTranslation.create({
      data: {
        templateId: template.id,
        language: "en_US",
        status: "APPROVED",
        category: "UTILITY",
        components: [{ type: "BUTTONS", buttons: [{ type: "FLOW", flow_id: a.flowUpstreamId }] }],
        upstreamId: `tpl-${tag}`,
      },
    })
  ).id;
  a.flow = (
    await db().flow.create({
      data: {
        organizationId: a.org,
        channelId: a.channel,
        upstreamId: a.flowUpstreamId,
        name: "signup",
        categories: ["SIGN_UP"],
        status: "DRAFT",
      },
    })
  ).id;
  a.endpoint = (await db().flowEndpoint.create({ data: { organizationId: a.org, channelId: a.channel } })).id;
  a.flowToken = `token-${tag}`;
  const sent = await db().message.create({
    data: {
      organizationId: a.org,
      contactId: a.contact,
      conversationId: a.conversation,
      channelId: a.channel,
      direction: "outbound",
      type: "interactive",
      content: { cloud: { interactive: { action: { parameters: { flow_id: a.flowUpstreamId } } } } },
      flowToken: a.flowToken,
    },
  });
  await db().message.create({
    data: {
      organizationId: a.org,
      contactId: a.contact,
      conversationId: a.conversation,
      channelId: a.channel,
      direction: "inbound",
      type: "interactive",
      content: { interactive: { type: "flow", flow_response: { message_id: sent.id, fields: { x: 1 } } } },
    },
  });
  a.call = (
    await db().call.create({
      data: {
        organizationId: a.org,
        channelId: a.channel,
        contactId: a.contact,
        conversationId: a.conversation,
        upstreamId: `call-${tag}`,
        direction: "user_initiated",
        state: "ringing",
        answeredBy: a.user,
        connectedAt: new Date(),
      },
    })
  ).id;
  await db().callPermissionRequest.create({
    data: { organizationId: a.org, channelId: a.channel, contactId: a.contact, wamid: null },
  });
});

/** Every row of A's these repositories write, and every row B holds of their tables. */
async function snapshot() {
  const ofB = { where: { organizationId: b } };
  return {
    channel: await db().channel.findUniqueOrThrow({ where: { id: a.channel } }),
    template: await db().template.findUniqueOrThrow({ where: { id: a.template } }),
    translation: await db().templateTranslation.findUniqueOrThrow({ where: { id: a.translation } }),
    flow: await db().flow.findUniqueOrThrow({ where: { id: a.flow } }),
    endpoint: await db().flowEndpoint.findUniqueOrThrow({ where: { id: a.endpoint } }),
    call: await db().call.findUniqueOrThrow({ where: { id: a.call } }),
    messages: await db().message.findMany({ where: { organizationId: a.org }, orderBy: { id: "asc" } }),
    permissionRequests: await db().callPermissionRequest.count({ where: { organizationId: a.org } }),
    inB: await Promise.all([
      db().channel.count(ofB),
      db().template.count(ofB),
      db().flow.count(ofB),
      db().flowEndpoint.count(ofB),
      db().call.count(ofB),
      db().callPermissionRequest.count(ofB),
    ]),
  };
}

describe("channels, templates, Flows, Flow endpoints and calls: another organization's id is nobody's", () => {
  it("writes with organization B and A's ids change nothing and make nothing", async () => {
    const before = await snapshot();
    expect(before.inB).toEqual([0, 0, 0, 0, 0, 0]);

    // channels
    await expect(updateChannelRow(b, a.channel, { name: "taken", status: "inactive" })).rejects.toThrow();
    await markChannelTokenInvalid(b, a.channel, before.channel.accessTokenEnc, "revoked");
    // templates
    await updateTranslations(b, { id: a.translation }, { status: "REJECTED", statusReason: "B" });
    await setTranslationCategory(b, { id: a.translation }, "MARKETING");
    expect(
      await storeSyncedTemplates(b, a.channel, [
        {
          id: "t1",
          name: "order_shipped",
          language: "en_US",
          status: "PAUSED",
          category: "MARKETING",
          components: [],
        },
        {
          id: "t2",
          name: "new_one",
          language: "en_US",
          status: "APPROVED",
          category: "UTILITY",
          components: [],
        },
      ]),
    ).toEqual({ synced: 0, deactivated: 0 });
    // Flows
    await expect(updateFlowRow(b, a.flow, { status: "PUBLISHED" })).rejects.toThrow();
    // deleting is idempotent (a sync may have removed the row first): B's call removes nothing of
    // A's, which the snapshot at the end of this test shows
    await deleteFlowRow(b, a.flow);
    expect(await db().flow.count({ where: { id: a.flow } })).toBe(1);
    expect(
      await upsertFlowRow(b, a.channel, a.flowUpstreamId, {
        name: "x",
        categories: [],
        status: "DEPRECATED",
      }),
    ).toBeNull();
    expect(
      await storeSyncedFlows(b, a.channel, {
        listedAt: new Date(Date.now() + 3_600_000),
        listed: [],
        changed: [{ upstreamId: a.flowUpstreamId, data: { name: "x", categories: [], status: "BLOCKED" } }],
        added: [{ upstreamId: "new", data: { name: "y", categories: [], status: "DRAFT" } }],
      }),
    ).toBe(0);
    // Flow endpoints and their tokens
    expect(await ensureFlowEndpointRow(b, a.channel)).toBeNull();
    await expect(
      updateFlowEndpointRow(b, a.endpoint, { receiverUrl: "https://b.example" }),
    ).rejects.toThrow();
    expect(await db().$transaction((tx) => lockFlowEndpointRow(b, a.endpoint, tx))).toBeNull();
    await closeFlowToken(b, a.flowToken);
    // calls
    expect(await updateCallIf(b, a.call, { state: "ringing" }, { state: "missed", answeredBy: null })).toBe(
      0,
    );
    await expect(updateCallRow(b, a.call, { sdpAnswer: "v=0 B" })).rejects.toThrow();
    await expect(
      insertCall(b, {
        channelId: a.channel,
        contactId: a.contact,
        conversationId: a.conversation,
        upstreamId: "call-b",
        direction: "business_initiated",
        state: "ringing",
      }),
    ).rejects.toThrow();
    await expect(
      insertPermissionRequest(b, { channelId: a.channel, contactId: a.contact, wamid: null }),
    ).rejects.toThrow();

    expect(await snapshot()).toEqual(before);
  });

  it("reads with organization B find none of A's rows", async () => {
    const none = { page: 1, perPage: 10 };
    // channels
    expect(await findChannel(b, a.channel)).toBeNull();
    expect(await findActiveChannel(b, a.channel)).toBeNull();
    expect(await findChannelOfNumber(b, a.phoneNumberId, "active")).toBeNull();
    expect(await listWabaChannels(b, a.wabaId)).toEqual([]);
    expect(await isOwnChannel(b, a.channel)).toBe(false);
    expect(await countActiveTemplates(b, a.channel)).toBe(0);
    const rows = await readChannelRows(b);
    expect([rows.channels, [...rows.templates], rows.unprocessed]).toEqual([[], [], []]);
    // templates
    expect(await listTemplates(b, a.channel, 1, 10)).toEqual({ templates: [], total: 0 });
    expect(await listTemplateRows(b, { channelId: a.channel, ...none })).toEqual({ rows: [], total: 0 });
    // Flows
    expect(await findFlowWithChannel(b, a.flow)).toBeNull();
    expect(await findFlowIdByName(b, a.channel, "signup")).toBeNull();
    expect(await findFlowByUpstreamId(b, a.flowUpstreamId, [a.channel])).toBeNull();
    expect(await listChannelFlows(b, a.channel)).toEqual([]);
    expect(await listFlowRows(b, { channelId: a.channel, ...none })).toEqual({ rows: [], total: 0 });
    const range = { from: new Date(0), to: new Date(Date.now() + 3_600_000), limit: 10, offset: 0 };
    const flow = { channelId: a.channel, upstreamId: a.flowUpstreamId, name: "signup" };
    expect(await listFlowAnswerRows(b, flow, range)).toEqual([]);
    expect(await findAnswerContacts(b, [a.contact])).toEqual([]);
    // Flow endpoints
    expect(await findFlowEndpointRow(b, a.channel)).toBeNull();
    await db().message.updateMany({ where: { flowToken: a.flowToken }, data: { flowClosedAt: new Date() } });
    expect(await isFlowTokenClosed(b, a.flowToken)).toBe(false);
    // calls
    expect(await findCallWithChannel(b, a.call)).toBeNull();
    await expect(getCall(b, a.call)).rejects.toThrow();
    await expect(getLiveCall(b, a.call)).rejects.toThrow();
    expect(await listCallRows(b, { channelId: a.channel, ...none })).toEqual({ rows: [], total: 0 });
    const since = new Date(0);
    expect(await listLiveCalls(b, { userId: a.user, ringingSince: since, recentSince: since })).toEqual([]);
    expect(await findStaffNames(b, [a.user])).toEqual(new Map());
    expect(await findContactByPhone(b, a.phone)).toBeNull();
    expect(await findOpenConversationId(b, a.contact, a.channel)).toBeNull();
    expect(await findLastConnectedAt(b, a.contact, a.channel)).toBeNull();
    expect(await listPermissionRequestTimes(b, a.contact, a.channel, since)).toEqual([]);
  });

  it("the same reads with organization A find A's rows (the test would see them)", async () => {
    const range = { from: new Date(0), to: new Date(Date.now() + 3_600_000), limit: 10, offset: 0 };
    const flow = { channelId: a.channel, upstreamId: a.flowUpstreamId, name: "signup" };
    expect(await findChannel(a.org, a.channel)).not.toBeNull();
    expect(await countActiveTemplates(a.org, a.channel)).toBe(1);
    expect(await findFlowWithChannel(a.org, a.flow)).not.toBeNull();
    expect(await listFlowAnswerRows(a.org, flow, range)).toHaveLength(1);
    expect(await findFlowEndpointRow(a.org, a.channel)).not.toBeNull();
    expect(await isFlowTokenClosed(a.org, a.flowToken)).toBe(true);
    expect(await findCallWithChannel(a.org, a.call)).not.toBeNull();
    expect(await findStaffNames(a.org, [a.user])).toEqual(new Map([[a.user, "Staff"]]));
    expect(await findOpenConversationId(a.org, a.contact, a.channel)).toBe(a.conversation);
    expect(await listPermissionRequestTimes(a.org, a.contact, a.channel, new Date(0))).toHaveLength(1);
    expect(await updateCallIf(a.org, a.call, { state: "ringing" }, { sdpAnswer: "v=0 A" })).toBe(1);
  });
});
