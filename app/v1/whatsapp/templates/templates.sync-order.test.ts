/**
 * The periodic template sweep (every 15 minutes, one job per active channel) never stands in
 * front of a channel someone just connected, nor of a "Sync templates now": their BullMQ
 * priorities (lib/jobs/templates.ts) order a first sync, then a manual one, then the sweep's.
 * Told by the order the worker took the jobs in, never by how long anything took: a Graph API of
 * the test's own holds the periodic syncs it receives, so the worker's two template slots are
 * known to be full while the other syncs are queued.
 */
import { randomUUID } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createChannel } from "@/lib/channels/create-channel";
import { closeQueues, queue } from "@/lib/queues";
import { enqueuePeriodicSyncs } from "@/lib/templates/sync-all-templates";
import { syncChannelTemplates } from "@/lib/templates/sync-channel-templates";
import { createTestChannel, createTestOrg, eventually } from "@/scripts/test/helpers";
import { randomSandboxNumber } from "@/scripts/test/random-data";
import { templateFixtures, waitForTemplateSync } from "@/scripts/test/send-helpers";

/** A Graph API answering every request with an empty list, at once or, while held, when released. */
async function holdingGraph() {
  const held: ServerResponse[] = [];
  let holding = false;
  const answer = (res: ServerResponse) =>
    res.writeHead(200, { "Content-Type": "application/json" }).end('{"data":[]}');
  const server = createServer((req, res) => {
    req.resume();
    if (holding) held.push(res);
    else answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v23.0`,
    held,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const res of held.splice(0)) answer(res);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

afterAll(async () => {
  await closeQueues();
});

/** The job once it has finished (completed or failed), as the worker left it. */
async function finished(id: string) {
  return eventually(async () => {
    const job = await queue("templates").getJob(id);
    return job?.finishedOn ? job : undefined;
  });
}

describe("template syncs", () => {
  it("a new channel's first sync is taken first, then a manual one, then the periodic syncs waiting", async () => {
    const org = await createTestOrg();
    const graph = await holdingGraph();
    try {
      // four channels on the holding Graph API, their first syncs answered at once
      const slow = await Promise.all(
        Array.from({ length: 4 }, async (_, i) => {
          const { phoneNumberId, wabaId } = randomSandboxNumber();
          return createChannel({
            organizationId: org.orgId,
            name: `held ${i}`,
            phoneNumberId,
            wabaId,
            accessToken: `token-${randomUUID()}`,
            graphUrl: graph.url,
          });
        }),
      );
      for (const c of slow) await waitForTemplateSync(c.id);

      // their periodic syncs, in a 15-minute slot of their own (the worker's own sweep, should it
      // run meanwhile, names the current slot): two take the worker's two template slots and are
      // held there, the other two wait
      graph.hold();
      const slot = Date.now() + 1_000 * 900_000;
      await enqueuePeriodicSyncs(slow, slot);
      const periodicIds = slow.map((c) => `sync-${c.id}-${Math.floor(slot / 900_000)}`);
      await eventually(async () => graph.held.length >= 2);
      const states = await Promise.all(
        periodicIds.map(async (id) => (await queue("templates").getJob(id))?.getState()),
      );
      expect(states.filter((s) => s === "active")).toHaveLength(2);
      // waiting behind a priority, not in the plain waiting list a first sync joins
      const waiting = periodicIds.filter((_, i) => states[i] === "prioritized");
      expect(waiting).toHaveLength(2);

      // while both slots are held: "Sync templates now" on one channel, then a channel connected
      await syncChannelTemplates(org.orgId, slow[0]?.id as string);
      const manualId = (await queue("templates").getJobs(["prioritized"])).find((j) =>
        j.id?.startsWith(`sync-${slow[0]?.id}-now-`),
      )?.id as string;
      expect(manualId).toBeDefined();
      const fresh = await createTestChannel(org.orgId, { templates: templateFixtures() });
      graph.release();

      const first = await finished(`sync-${fresh.channelId}-initial`);
      const manual = await finished(manualId);
      const after = await Promise.all(waiting.map(finished));
      // the worker took the first sync, then the manual one, then the periodic syncs that waited
      expect(first.processedOn).toBeLessThanOrEqual(manual.processedOn as number);
      for (const job of after) expect(manual.processedOn).toBeLessThanOrEqual(job.processedOn as number);
      expect(first.returnvalue).toMatchObject({ synced: templateFixtures().length });
    } finally {
      graph.release();
      await graph.close();
    }
  });
});
