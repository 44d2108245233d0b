import "#server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { type GraphChannel, graphRequest } from "@/lib/cloud-api/graph-client";
import { graphPage } from "@/lib/cloud-api/graph-page";
import type { Channel } from "@/lib/generated/prisma/client.ts";

/**
 * Meta's Flows API (https://developers.facebook.com/docs/whatsapp/flows/reference/flowsapi), one
 * function a call: create on the WABA, the FLOW_JSON asset (multipart, as the guide uploads it),
 * metadata, publish, deprecate, delete, get with `preview`, list per WABA.
 */

const pointer = z.object({ path: z.string().default("") }).loose();
export const metaValidationError = z
  .object({
    error: z.string().default("UNKNOWN"),
    error_type: z.string().optional(),
    message: z.string().default(""),
    line_start: z.number().optional(),
    column_start: z.number().optional(),
    pointers: z.array(pointer).default([]),
  })
  .loose();
export type MetaValidationError = z.infer<typeof metaValidationError>;

const validationErrors = z
  .array(z.unknown())
  .default([])
  .transform((list) =>
    list.flatMap((e) => {
      const parsed = metaValidationError.safeParse(e);
      return parsed.success ? [parsed.data] : [];
    }),
  );

export const metaFlow = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.string(),
    categories: z.array(z.string()).default([]),
    validation_errors: validationErrors,
  })
  .loose();
export type MetaFlow = z.infer<typeof metaFlow>;

type FlowChannel = GraphChannel & Pick<Channel, "wabaId">;

/** The text uploaded as the asset; validation errors' lines and columns count in it. */
export function flowJsonText(flowJson: Record<string, unknown>): string {
  return JSON.stringify(flowJson, null, 2);
}

export async function createUpstreamFlow(
  channel: FlowChannel,
  input: { name: string; categories: string[]; flowJson?: Record<string, unknown> },
): Promise<{ id: string; validation_errors: MetaValidationError[] }> {
  const body: Record<string, unknown> = { name: input.name, categories: input.categories };
  if (input.flowJson) body.flow_json = flowJsonText(input.flowJson);
  const answer = await graphRequest<unknown>(channel, `${channel.wabaId}/flows`, { method: "POST", body });
  return z.object({ id: z.string(), validation_errors: validationErrors }).loose().parse(answer);
}

export async function uploadFlowJson(
  channel: GraphChannel,
  flowId: string,
  flowJson: Record<string, unknown>,
): Promise<MetaValidationError[]> {
  const boundary = `----flow${randomBytes(12).toString("hex")}`;
  const part = (name: string, value: string, file?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: application/json` : ""}\r\n\r\n${value}\r\n`;
  const body = `${part("file", flowJsonText(flowJson), "flow.json")}${part("name", "flow.json")}${part("asset_type", "FLOW_JSON")}--${boundary}--\r\n`;
  const answer = await graphRequest<unknown>(channel, `${flowId}/assets`, {
    method: "POST",
    encoded: { contentType: `multipart/form-data; boundary=${boundary}`, body },
  });
  return z.object({ validation_errors: validationErrors }).loose().parse(answer).validation_errors;
}

export async function updateUpstreamFlow(
  channel: GraphChannel,
  flowId: string,
  input: { name?: string; categories?: string[] },
): Promise<void> {
  await graphRequest(channel, flowId, { method: "POST", body: input });
}

export async function flowAction(
  channel: GraphChannel,
  flowId: string,
  action: "publish" | "deprecate",
): Promise<void> {
  await graphRequest(channel, `${flowId}/${action}`, { method: "POST" });
}

export async function deleteUpstreamFlow(channel: GraphChannel, flowId: string): Promise<void> {
  await graphRequest(channel, flowId, { method: "DELETE" });
}

const FIELDS = "id,name,status,categories,validation_errors";

export async function getUpstreamFlow(channel: GraphChannel, flowId: string): Promise<MetaFlow> {
  return metaFlow.parse(await graphRequest(channel, `${flowId}?fields=${FIELDS}`));
}

/** Meta's preview link; `invalidate(false)` keeps the current one while it lives. */
export async function getUpstreamPreview(
  channel: GraphChannel,
  flowId: string,
): Promise<{ url: string; expiresAt: Date }> {
  const answer = z
    .object({ preview: z.object({ preview_url: z.string(), expires_at: z.string() }) })
    .loose()
    .parse(await graphRequest(channel, `${flowId}?fields=preview.invalidate(false)`));
  // Graph writes +0000 where ISO wants +00:00
  const expiresAt = new Date(answer.preview.expires_at.replace(/([+-]\d\d)(\d\d)$/, "$1:$2"));
  return { url: answer.preview.preview_url, expiresAt };
}

/**
 * Every Flow of the channel's WABA, all pages; `unreadable`: the ids of listed items whose shape is
 * not a Flow's as we know it (they are still listed: the sync must not take them for deleted).
 */
export async function listUpstreamFlows(
  channel: FlowChannel,
): Promise<{ flows: MetaFlow[]; unreadable: string[] }> {
  const seen: MetaFlow[] = [];
  const unreadable: string[] = [];
  const base = `${channel.wabaId}/flows?limit=100&fields=${FIELDS}`;
  let path: string | undefined = base;
  for (let pages = 0; path && pages < 100; pages++) {
    const body = graphPage.parse(await graphRequest<unknown>(channel, path));
    for (const item of body.data) {
      const parsed = metaFlow.safeParse(item);
      if (parsed.success) seen.push(parsed.data);
      else {
        const id = (item as { id?: unknown } | null)?.id;
        if (typeof id === "string") unreadable.push(id);
      }
    }
    const after = body.paging?.cursors?.after;
    path = body.paging?.next && after ? `${base}&after=${encodeURIComponent(after)}` : undefined;
  }
  return { flows: seen, unreadable };
}
