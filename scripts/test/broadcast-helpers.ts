import { expect } from "vitest";
import { db } from "@/lib/db";
import { queue } from "@/lib/queues";
import {
  type AnyJson,
  type ApiResponse,
  api,
  createTestChannel,
  createTestOrg,
  eventually,
  hangLimit,
  type TestChannel,
  type TestOrg,
} from "@/scripts/test/helpers";
import { templateFixtures, waitForTemplateSync } from "@/scripts/test/send-helpers";

export const BROADCASTS = "/v1/whatsapp/broadcasts";

export type Broadcaster = TestOrg & { channel: TestChannel };

/** A new organization with one sandbox channel whose templates (templateFixtures) are synced. */
export async function readyBroadcaster(
  options: { throughput?: number; templates?: AnyJson[]; sandboxNumber?: AnyJson } = {},
) {
  const org = await createTestOrg();
  const channel = await createTestChannel(org.orgId, {
    templates: options.templates ?? templateFixtures(),
    throughput: options.throughput,
    ...(options.sandboxNumber ? { sandboxNumber: options.sandboxNumber } : {}),
  });
  await waitForTemplateSync(channel.channelId);
  return { ...org, channel };
}

export function createBroadcast(key: string, body: unknown): Promise<ApiResponse> {
  return api(BROADCASTS, { method: "POST", key, body });
}

export function control(key: string, id: string, verb: string): Promise<ApiResponse> {
  return api(`${BROADCASTS}/${id}/${verb}`, { method: "POST", key });
}

/** Every recipient of a broadcast (all pages), in send order. */
export async function allRecipients(key: string, id: string, status?: string): Promise<AnyJson[]> {
  const out: AnyJson[] = [];
  for (let page = 1; ; page++) {
    const q = new URLSearchParams({ page: String(page), per_page: "100", ...(status ? { status } : {}) });
    const res = await api(`${BROADCASTS}/${id}/recipients?${q}`, { key });
    expect(res.status, res.text).toBe(200);
    out.push(...res.body.data);
    if (!res.body.meta.has_more) return out;
  }
}

/** Polls the broadcast until `done` holds for it. */
export async function waitForBroadcast(
  key: string,
  id: string,
  done: (b: AnyJson) => boolean,
  ms = hangLimit(),
): Promise<AnyJson> {
  let last = "no answer yet";
  return eventually(
    async () => {
      const res = await api(`${BROADCASTS}/${id}`, { key });
      last = `${res.status} ${JSON.stringify(res.status === 200 ? { status: res.body.data.status, counts: res.body.data.counts } : res.body)}`;
      return res.status === 200 && done(res.body.data) ? res.body.data : undefined;
    },
    ms,
    () => `broadcast ${id} in the awaited state (last read: ${last})`,
  );
}

/**
 * Waits until no driver runs the broadcast: its job (id = the broadcast's) is removed when the
 * driver ends, after the sends it had in flight settled (worker/broadcasts.ts, removeOnComplete).
 * A paused or cancelled broadcast gets no driver again until it is resumed, so what the sandbox
 * accepted by then is all it will accept.
 */
export async function waitForNoDriver(id: string): Promise<void> {
  await eventually(async () => (await queue("broadcasts").getJob(id)) === undefined);
}

/** A template's body parameters, as text. */
export const bodyText = (...texts: string[]) => [
  { type: "body", parameters: texts.map((text) => ({ type: "text", text })) },
];

/** order_shipped of templateFixtures: a header and two body variables. */
export const orderShipped = (header: string, name: string, order: string) => ({
  name: "order_shipped",
  language: { code: "en_US" },
  components: [{ type: "header", parameters: [{ type: "text", text: header }] }, ...bodyText(name, order)],
});

/** The broadcast.paused events recorded for a broadcast, oldest first. */
export function pausedEvents(orgId: string, broadcastId: string) {
  return db().event.findMany({
    where: {
      organizationId: orgId,
      name: "broadcast.paused",
      data: { path: ["broadcastId"], equals: broadcastId },
    },
    orderBy: { createdAt: "asc" },
  });
}
