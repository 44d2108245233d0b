import "#server-only";
import { z } from "zod";
import { readRoutingRoles } from "@/lib/channels/read-routing-roles";
import { findChannel, markChannelTokenInvalid, markSyncFailed } from "@/lib/channels/repository";
import { graphRequest } from "@/lib/cloud-api/graph-client";
import { UpstreamError } from "@/lib/cloud-api/graph-error";
import { graphPage } from "@/lib/cloud-api/graph-page";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { countTemplateSync } from "@/lib/metrics/record";
import { storeSyncedTemplates } from "@/lib/templates/repository";

const cloudTemplate = z
  .object({
    id: z.string(),
    name: z.string(),
    language: z.string(),
    status: z.string(),
    category: z.string().default("UTILITY"),
    parameter_format: z.string().optional(),
    components: z.array(z.unknown()).default([]),
  })
  .loose();

const FIELDS = "id,name,language,status,category,parameter_format,components";

/** Every template of the channel's WABA, all pages. */
async function fetchTemplates(channel: Channel): Promise<z.infer<typeof cloudTemplate>[]> {
  const seen: z.infer<typeof cloudTemplate>[] = [];
  let path: string | undefined = `${channel.wabaId}/message_templates?limit=100&fields=${FIELDS}`;
  for (let pages = 0; path && pages < 100; pages++) {
    const body = graphPage.parse(await graphRequest<unknown>(channel, path));
    for (const item of body.data) {
      const parsed = cloudTemplate.safeParse(item);
      if (parsed.success) seen.push(parsed.data);
    }
    const after = body.paging?.cursors?.after;
    path =
      body.paging?.next && after
        ? `${channel.wabaId}/message_templates?limit=100&fields=${FIELDS}&after=${encodeURIComponent(after)}`
        : undefined;
  }
  return seen;
}

/** Graph error 190: the access token is invalid (expired, revoked, or its user lost access). */
function invalidToken(error: unknown): string | null {
  if (!(error instanceof UpstreamError) || error.failure.kind !== "rejected") return null;
  return error.failure.error.code === 190 ? error.failure.error.message.slice(0, 500) : null;
}

/** What the Channels page says of a failed sync: the Graph API's code and message, or how reaching it failed. */
export function describeSyncFailure(error: unknown): string {
  // a 200 whose body is not a Graph list page (graphPage): zod's own text is a developer's JSON
  if (error instanceof z.ZodError)
    return "The Graph API answered, but not with a list: the answer's shape was not the one asked for";
  if (!(error instanceof UpstreamError)) return error instanceof Error ? error.message : String(error);
  const f = error.failure;
  if (f.kind === "rejected") return `Graph API error ${f.error.code}: ${f.error.message}`;
  if (f.kind === "bad-response")
    return `The Graph API answered HTTP ${f.httpStatus} without a readable error`;
  return `The Graph API could not be reached: ${f.message}`;
}

export type SyncResult = { synced: number; deactivated: number; needs_new_token?: true };

/**
 * Copies a channel's templates from the upstream (all pages). Translations and templates
 * that are gone upstream are deactivated, so they leave the list. A sync answered with Graph
 * error 190 marks the channel as needing a new token (the Channels page asks owners and admins
 * for one; its template notifications are not applied meanwhile) and is not retried: only a new
 * token helps. Any other failure is kept on the channel (templatesSyncFailedAt, templatesSyncError:
 * the Channels page shows it) and the job retries. A sync that works clears both marks. It also reads the number's routing roles
 * (lib/channels/read-routing-roles.ts), whose failure fails nothing.
 */
export async function syncTemplates(organizationId: string, channelId: string): Promise<SyncResult> {
  const channel = await findChannel(organizationId, channelId);
  if (!channel) throw new Error(`no channel ${channelId} in organization ${organizationId}`);
  let seen: z.infer<typeof cloudTemplate>[];
  try {
    seen = await fetchTemplates(channel);
  } catch (error) {
    const tokenError = invalidToken(error);
    if (tokenError === null) {
      // kept on the channel and shown (the Channels page) until a sync succeeds; the job retries
      countTemplateSync("failed");
      await markSyncFailed(organizationId, channelId, "templates", describeSyncFailure(error));
      throw error;
    }
    countTemplateSync("token_refused");
    // only the token the sync used: one replaced meanwhile is not marked
    await markChannelTokenInvalid(organizationId, channelId, channel.accessTokenEnc, tokenError);
    return { synced: 0, deactivated: 0, needs_new_token: true };
  }

  // the routing roles are read with every sync (on registration, every 15 minutes, on demand)
  await readRoutingRoles(channel);
  const stored = await storeSyncedTemplates(organizationId, channelId, seen);
  countTemplateSync("synced");
  return stored;
}
