/**
 * A Flows sync that fails (it runs after each template sync: worker/templates.ts) is kept on the
 * channel and shown: `flow_sync_failure` in `GET /v1/whatsapp/channels`, the Flows page's channels,
 * counted, and cleared by a sync that works. It used to be only the worker's log line: the Flows
 * page listed what it had as if it were current. And a listed Flow of a shape we cannot read is
 * kept, never taken for one deleted upstream.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChannel } from "@/lib/channels/create-channel";
import { db } from "@/lib/db";
import { closeQueues } from "@/lib/queues";
import { syncChannelTemplates } from "@/lib/templates/sync-channel-templates";
import { dashboardCall, signedInStaff } from "@/scripts/test/dashboard-session";
import { answerJson, graphStandIn } from "@/scripts/test/graph-stand-in";
import { type AnyJson, createTestOrg, listedChannel, pollUntil } from "@/scripts/test/helpers";
import { counterValue, scrapeWorker } from "@/scripts/test/metrics-text";
import { randomSandboxNumber } from "@/scripts/test/random-data";

const REFUSAL = {
  error: {
    message: "(#200) The user does not have permission to manage Flows of this WhatsApp Business Account",
    type: "OAuthException",
    code: 200,
    fbtrace_id: "Atest",
  },
};

/** A WhatsApp Business Account whose Flows list answers 200 with a body that is not a list. */
const ODD_WABA = "987650000777";

/** A Graph API whose templates list answers; its Flows list refuses (Meta's error 200) or answers `flows`. */
let graph: { url: string; refusing: boolean; flows: unknown[]; close: () => Promise<void> };

beforeAll(async () => {
  const state = { refusing: true, flows: [] as unknown[] };
  const server = await graphStandIn((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (!path.endsWith("/flows")) answerJson(res, 200, { data: [] });
    else if (path.includes(ODD_WABA)) answerJson(res, 200, { data: "not a list" });
    else if (state.refusing) answerJson(res, 403, REFUSAL);
    else answerJson(res, 200, { data: state.flows });
  });
  graph = Object.assign(state, server);
});

afterAll(async () => {
  await graph.close();
  await closeQueues();
});

describe("a failed Flows sync", () => {
  it("is kept on the channel with the Graph API's error, shown in /v1 and on the Flows page, counted, and cleared by a sync that works", async () => {
    const org = await createTestOrg();
    const failures = async () =>
      counterValue(await scrapeWorker(), "messaging_flow_syncs_total", { result: "failed" });
    const before = await failures();
    const { phoneNumberId, wabaId } = randomSandboxNumber();
    const channel = await createChannel({
      organizationId: org.orgId,
      name: "Flows refused",
      phoneNumberId,
      wabaId,
      accessToken: `token-${randomUUID()}`,
      graphUrl: graph.url,
    });
    // a Flow made through us before, and one Meta lists in a shape we do not know: both must stay
    const kept = await db().flow.createMany({
      data: ["1111", "2222"].map((upstreamId) => ({
        organizationId: org.orgId,
        channelId: channel.id,
        upstreamId,
        name: `flow ${upstreamId}`,
        categories: ["OTHER"],
        createdAt: new Date(Date.now() - 60_000),
      })),
    });
    expect(kept.count).toBe(2);

    const failed = await listedChannel(org.key, channel.id, (c) => c.flow_sync_failure !== null);
    expect(failed.flow_sync_failure).toEqual({
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      error: `Graph API error 200: ${REFUSAL.error.message}`,
    });
    // the templates synced: only the Flows failed
    expect(failed.templates_synced_at).not.toBeNull();
    expect(failed.template_sync_failure).toBeNull();
    expect(await pollUntil(failures, (n) => n > before)).toBeGreaterThan(before);
    // nothing of the channel's Flows was touched by the failed sync
    expect(await db().flow.count({ where: { channelId: channel.id } })).toBe(2);

    // the Flows page says it, to its organization only
    const cookie = await signedInStaff("admin", org.orgId);
    const page = await dashboardCall(cookie, "/api/dashboard/flows");
    expect(page.status).toBe(200);
    const row = (page.body.data as AnyJson).channels.find((c: AnyJson) => c.id === channel.id);
    expect(row).toEqual({ id: channel.id, name: "Flows refused", sync_failure: failed.flow_sync_failure });
    const other = await createTestOrg();
    const theirs = await dashboardCall(await signedInStaff("admin", other.orgId), "/api/dashboard/flows");
    expect(JSON.stringify(theirs.body)).not.toContain(channel.id);

    // the Graph API answers again: 1111 as a Flow, 2222 in a shape we cannot read (no name)
    graph.refusing = false;
    graph.flows = [
      { id: "1111", name: "flow 1111", status: "PUBLISHED", categories: ["OTHER"], validation_errors: [] },
      { id: "2222", status: "DRAFT" },
    ];
    await syncChannelTemplates(org.orgId, channel.id);
    const fixed = await listedChannel(org.key, channel.id, (c) => c.flow_sync_failure === null);
    expect(fixed.flow_sync_failure).toBeNull();
    const flows = await db().flow.findMany({
      where: { channelId: channel.id },
      orderBy: { upstreamId: "asc" },
    });
    expect(flows.map((f) => [f.upstreamId, f.status])).toEqual([
      ["1111", "PUBLISHED"],
      ["2222", "DRAFT"],
    ]);
    const after = await dashboardCall(cookie, "/api/dashboard/flows");
    const again = (after.body.data as AnyJson).channels.find((c: AnyJson) => c.id === channel.id);
    expect(again.sync_failure).toBeNull();
  });

  it("says so in words when the Graph API answers 200 with something that is not a list", async () => {
    const org = await createTestOrg();
    const { phoneNumberId } = randomSandboxNumber();
    const channel = await createChannel({
      organizationId: org.orgId,
      name: "Odd answer",
      phoneNumberId,
      wabaId: ODD_WABA,
      accessToken: `token-${randomUUID()}`,
      graphUrl: graph.url,
    });
    const failed = await listedChannel(org.key, channel.id, (c) => c.flow_sync_failure !== null);
    expect(failed.flow_sync_failure.error).toBe(
      "The Graph API answered, but not with a list: the answer's shape was not the one asked for",
    );
  });
});
