import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";

/** A node of `EXPLAIN (ANALYZE, FORMAT JSON)`'s plan, as far as the plan tests read it. */
export type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: PlanNode[];
};

/** The plan's scans of `relation` (the table an UPDATE writes is not a scan of it). */
export function scansOf(node: PlanNode, relation: string): PlanNode[] {
  const own = node["Relation Name"] === relation && node["Node Type"] !== "ModifyTable" ? [node] : [];
  return [...own, ...(node.Plans ?? []).flatMap((n) => scansOf(n, relation))];
}

/** Rows a scan produced, loops included. */
export const rowsRead = (scan: PlanNode): number => scan["Actual Rows"] * scan["Actual Loops"];

/**
 * A channel and a paused broadcast of `total` recipients (none made here) for a test that writes
 * its rows by hand: paused, so that no driver of the suite's worker (lib/broadcasts/sweep-broadcasts.ts
 * queues a running one every 5 s) claims and sends them itself.
 */
export async function pausedBroadcast(
  organizationId: string,
  total: number,
  { name = "plan", startedAt = null }: { name?: string; startedAt?: Date | null } = {},
): Promise<{ channelId: string; broadcastId: string }> {
  const channel = await db().channel.create({
    data: {
      organizationId,
      name: "main",
      phoneNumberId: `pn-${randomUUID()}`,
      wabaId: `waba-${randomUUID()}`,
      accessTokenEnc: "sealed",
    },
  });
  const broadcast = await db().broadcast.create({
    data: {
      organizationId,
      channelId: channel.id,
      name,
      status: "paused",
      templateName: "hello",
      templateLanguage: "en",
      templateCategory: "MARKETING",
      components: [],
      placeholders: [],
      total,
      startedAt,
    },
  });
  return { channelId: channel.id, broadcastId: broadcast.id };
}
