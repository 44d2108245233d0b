import "#server-only";
import { findFlowOrThrow } from "@/lib/flows/find-flow";
import { flowUpstreamError } from "@/lib/flows/flow-upstream-error";
import { getUpstreamPreview } from "@/lib/flows/graph-flows";
import { updateFlowRow } from "@/lib/flows/repository";

/** A link kept while it has more than this to live (Meta's live 30 days); then Meta is asked again. */
const MIN_LEFT_MS = 3_600_000;

/** Meta's web preview of the Flow (`preview.invalidate(false)`), kept on the Flow until near its expiry. */
export async function previewFlow(
  organizationId: string,
  id: string,
): Promise<{ url: string; expires_at: string }> {
  const flow = await findFlowOrThrow(organizationId, id);
  if (flow.previewUrl && flow.previewExpiresAt && flow.previewExpiresAt.getTime() - Date.now() > MIN_LEFT_MS)
    return { url: flow.previewUrl, expires_at: flow.previewExpiresAt.toISOString() };
  let preview: Awaited<ReturnType<typeof getUpstreamPreview>>;
  try {
    preview = await getUpstreamPreview(flow.channel, flow.upstreamId);
  } catch (error) {
    throw flowUpstreamError(error);
  }
  await updateFlowRow(organizationId, flow.id, {
    previewUrl: preview.url,
    previewExpiresAt: preview.expiresAt,
    updatedAt: flow.updatedAt,
  });
  return { url: preview.url, expires_at: preview.expiresAt.toISOString() };
}
