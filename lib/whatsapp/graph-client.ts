import { config } from "@/lib/config";
import { openSecret } from "@/lib/crypto/secret-box";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/logger";
import { graphErrorSchema, UpstreamError } from "@/lib/whatsapp/graph-error";

const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

export type GraphChannel = Pick<Channel, "id" | "organizationId" | "graphUrl" | "accessTokenEnc">;

/** The channel's Graph API base (with its pinned version): Meta's, or the sandbox's. */
export function graphBase(channel: Pick<Channel, "graphUrl">): string {
  return (channel.graphUrl ?? config().WHATSAPP_GRAPH_URL).replace(/\/$/, "");
}

export function channelToken(channel: GraphChannel): string {
  return openSecret(channel.accessTokenEnc, channel.organizationId, channel.id);
}

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let i = 0; current && i < 5; i++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * One HTTP call to the Graph API. Throws UpstreamError: `rejected` with the Graph error
 * object, `unreachable` when the request provably never left (safe to retry), `timeout`
 * or `bad-response` when it may have been processed (never retried for sends).
 */
export async function graphRequest<T>(
  channel: GraphChannel,
  path: string,
  init: { method?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<T> {
  const url = path.startsWith("http") ? path : `${graphBase(channel)}/${path.replace(/^\//, "")}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? "GET",
      headers: {
        Authorization: `Bearer ${channelToken(channel)}`,
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? 10_000),
      redirect: "error",
    });
  } catch (error) {
    const code = causeCode(error);
    if (code && NOT_SENT_CODES.has(code)) {
      logger.warn({ url, code }, "upstream unreachable");
      throw new UpstreamError({ kind: "unreachable", message: "upstream unreachable", maybeSent: false });
    }
    const message =
      error instanceof Error && error.name === "TimeoutError" ? "upstream timed out" : String(error);
    throw new UpstreamError({ kind: "timeout", message, maybeSent: true });
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UpstreamError({
      kind: "bad-response",
      httpStatus: res.status,
      message: `upstream answered ${res.status} with a non-JSON body`,
      maybeSent: true,
    });
  }
  if (!res.ok) {
    const parsed = graphErrorSchema.safeParse((json as { error?: unknown } | null)?.error);
    if (parsed.success)
      throw new UpstreamError({ kind: "rejected", httpStatus: res.status, error: parsed.data });
    throw new UpstreamError({
      kind: "bad-response",
      httpStatus: res.status,
      message: `upstream answered ${res.status}: ${text.slice(0, 200)}`,
      maybeSent: true,
    });
  }
  return json as T;
}
