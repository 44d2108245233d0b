import "#server-only";
import { isOwnChannel } from "@/lib/channels/repository";
import { db } from "@/lib/db";
import type { FlowEndpoint, Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The `flow_endpoints` table (docs/architecture.md "Repositories"), with the flow tokens the
 * endpoint judges (kept on the organization's messages: part of answering a data request, so
 * here). Every function takes the organization first and reads and writes only that
 * organization's rows, so an id of another organization finds and changes nothing, whatever the
 * caller read before. `client` lets a caller's transaction hold the statement. The lookup of
 * WhatsApp's request by channel id, before an organization is known, is
 * lib/flow-endpoint/find-active-endpoint.ts (docs/security.md).
 */

type Client = Prisma.TransactionClient;

/** Writable columns (the organization, channel and id are the repository's). */
export type FlowEndpointChanges = Prisma.FlowEndpointUpdateManyMutationInput;

export function findFlowEndpointRow(organizationId: string, channelId: string): Promise<FlowEndpoint | null> {
  return db().flowEndpoint.findFirst({ where: { channelId, organizationId } });
}

/** The channel's row, created empty on first use; null when the channel is not the organization's. */
export async function ensureFlowEndpointRow(
  organizationId: string,
  channelId: string,
): Promise<FlowEndpoint | null> {
  if (!(await isOwnChannel(organizationId, channelId))) return null;
  return db().flowEndpoint.upsert({
    where: { channelId, organizationId },
    create: { organizationId, channelId },
    update: {},
  });
}

/** The row, locked until the caller's transaction ends (a key rotation holds it); null when there is none. */
export async function lockFlowEndpointRow(
  organizationId: string,
  id: string,
  client: Client,
): Promise<FlowEndpoint | null> {
  await client.$queryRaw`
    SELECT id FROM flow_endpoints WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid FOR UPDATE`;
  return client.flowEndpoint.findFirst({ where: { id, organizationId } });
}

/** Changes the row and answers it as written; Prisma's not-found (P2025) when the organization has none by that id. */
export function updateFlowEndpointRow(
  organizationId: string,
  id: string,
  data: FlowEndpointChanges,
  client: Client = db(),
): Promise<FlowEndpoint> {
  return client.flowEndpoint.update({ where: { id, organizationId }, data });
}

/**
 * Whether the organization's latest Flow message holding the token was completed or closed
 * (lib/flow-endpoint/flow-token-state.ts says when): the token is refused when reused, but two
 * concurrent sends may both hold it, so the latest decides.
 */
export async function isFlowTokenClosed(organizationId: string, flowToken: string): Promise<boolean> {
  const message = await db().message.findFirst({
    where: { organizationId, flowToken },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { flowClosedAt: true },
  });
  return message?.flowClosedAt != null;
}

/** The business's receiver answered 427 for this token: later requests are answered 427 by us. */
export async function closeFlowToken(organizationId: string, flowToken: string): Promise<void> {
  await db().message.updateMany({
    where: { organizationId, flowToken, flowClosedAt: null },
    data: { flowClosedAt: new Date() },
  });
}
