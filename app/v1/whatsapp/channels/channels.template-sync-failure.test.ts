/**
 * A template sync that fails for a reason other than the token (a wrong WhatsApp Business Account
 * id, a missing permission, an outage) is kept on the channel and shown: `template_sync_failure`
 * in `GET /v1/whatsapp/channels` and the dashboard's list, until a sync succeeds. It used to be
 * only the worker's log line: the channel said "Never" synced and "Sync templates now" waited.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChannel } from "@/lib/channels/create-channel";
import { closeQueues } from "@/lib/queues";
import { syncChannelTemplates } from "@/lib/templates/sync-channel-templates";
import { dashboardCall, signedInStaff } from "@/scripts/test/dashboard-session";
import { answerJson, graphStandIn } from "@/scripts/test/graph-stand-in";
import { type AnyJson, api, createTestOrg, listedChannel, pollUntil } from "@/scripts/test/helpers";
import { counterValue, scrapeWorker } from "@/scripts/test/metrics-text";
import { randomSandboxNumber } from "@/scripts/test/random-data";

/** A Graph API that refuses every request as Meta does a wrong id, or answers an empty list. */
let graph: { url: string; refusing: boolean; close: () => Promise<void> };

beforeAll(async () => {
  const state = { refusing: true };
  const server = await graphStandIn((_req, res) => {
    if (!state.refusing) answerJson(res, 200, { data: [] });
    else
      answerJson(res, 400, {
        error: {
          message: "Unsupported get request. Object with ID '123' does not exist",
          type: "GraphMethodException",
          code: 100,
          error_subcode: 33,
          fbtrace_id: "Atest",
        },
      });
  });
  graph = Object.assign(state, server);
});

afterAll(async () => {
  await graph.close();
  await closeQueues();
});

const FAILED = { result: "failed" };

async function addChannel(organizationId: string, graphUrl: string) {
  const { phoneNumberId, wabaId } = randomSandboxNumber();
  return createChannel({
    organizationId,
    name: "refused",
    phoneNumberId,
    wabaId,
    accessToken: `token-${randomUUID()}`,
    graphUrl,
  });
}

describe("a failed template sync", () => {
  it("is kept on the channel with the Graph API's error, shown in /v1 and the dashboard, and cleared by a sync that works", async () => {
    const org = await createTestOrg();
    const failures = async () => counterValue(await scrapeWorker(), "messaging_template_syncs_total", FAILED);
    const before = await failures();
    const channel = await addChannel(org.orgId, graph.url);

    const failed = await listedChannel(org.key, channel.id, (c) => c.template_sync_failure !== null);
    // and counted (only upwards: other files' syncs may fail meanwhile too)
    expect(await pollUntil(failures, (n) => n > before)).toBeGreaterThan(before);
    expect(failed.templates_synced_at).toBeNull();
    expect(failed.needs_new_token).toBe(false);
    expect(failed.template_sync_failure).toEqual({
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      error: "Graph API error 100: Unsupported get request. Object with ID '123' does not exist",
    });

    // the dashboard's list says the same, to its organization only
    const cookie = await signedInStaff("admin", org.orgId);
    const board = await dashboardCall(cookie, "/api/dashboard/channels");
    expect(board.status).toBe(200);
    const row = (board.body.data as AnyJson).channels.find((c: AnyJson) => c.id === channel.id);
    expect(row.template_sync_failure).toEqual(failed.template_sync_failure);
    const other = await createTestOrg();
    const theirs = await api("/v1/whatsapp/channels", { key: other.key });
    expect(theirs.text).not.toContain(channel.id);

    // the Graph API answers again: the next sync clears it
    graph.refusing = false;
    await syncChannelTemplates(org.orgId, channel.id);
    const fixed = await listedChannel(org.key, channel.id, (c) => c.templates_synced_at !== null);
    expect(fixed.template_sync_failure).toBeNull();
  });

  it("says how reaching the Graph API failed when nothing answers", async () => {
    const org = await createTestOrg();
    // a port nothing listens on (the kernel refuses the connection at once)
    const channel = await addChannel(org.orgId, "http://127.0.0.1:1/v23.0");
    const failed = await listedChannel(org.key, channel.id, (c) => c.template_sync_failure !== null);
    expect(failed.template_sync_failure.error).toMatch(/^The Graph API could not be reached: /);
    expect(failed.templates_synced_at).toBeNull();
  });
});
