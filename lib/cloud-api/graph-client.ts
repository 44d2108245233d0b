import { graphErrorSchema, UpstreamError } from "@/lib/cloud-api/graph-error";
import { isTrustedGraphOrigin, META_GRAPH_ORIGIN, tokenOrigins } from "@/lib/cloud-api/graph-origins";
import { config } from "@/lib/config";
import { openSecret } from "@/lib/crypto/secret-box";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/logger";
import { observeUpstream } from "@/lib/metrics/record";
import {
  GuardedFetchError,
  type GuardedRequest,
  type GuardedResponse,
  guardedFetch,
} from "@/lib/net/guarded-fetch";

export type GraphChannel = Pick<Channel, "id" | "organizationId" | "graphUrl" | "accessTokenEnc">;

/** Largest Graph API JSON answer read (a page of 100 templates is well below). */
const GRAPH_MAX_BYTES = 4 * 1024 * 1024;

/** The channel's Graph API base (with its pinned version): Meta's, or the sandbox's. */
export function graphBase(channel: Pick<Channel, "graphUrl">): string {
  return (channel.graphUrl ?? config().WHATSAPP_GRAPH_URL).replace(/\/$/, "");
}

const tokens = new WeakMap<GraphChannel, string>();

/** The channel's access token, opened once per channel record (the worker keeps records a few seconds). */
export function channelToken(channel: GraphChannel): string {
  let token = tokens.get(channel);
  if (token === undefined) {
    token = openSecret(channel.accessTokenEnc, channel.organizationId, channel.id);
    tokens.set(channel, token);
  }
  return token;
}

/**
 * One request carrying the channel's access token, through the guarded client: the token goes
 * only to the channel's Graph origin (and, on Meta, its media host); loopback addresses are
 * reachable with ALLOW_LOOPBACK_URLS or when the Graph origin is one the operator trusts.
 */
export function channelFetch(
  channel: GraphChannel,
  url: URL,
  init: Pick<GuardedRequest, "method" | "headers" | "body" | "timeoutMs" | "maxBytes">,
): Promise<GuardedResponse> {
  const base = new URL(graphBase(channel));
  return guardedFetch(url, {
    ...init,
    overflow: "fail",
    allowLoopback: config().ALLOW_LOOPBACK_URLS || isTrustedGraphOrigin(base.origin),
    credential: {
      headers: { Authorization: `Bearer ${channelToken(channel)}` },
      origins: tokenOrigins(base.href),
    },
  });
}

/**
 * One HTTP call to the Graph API. Throws UpstreamError: `rejected` with the Graph error
 * object, `unreachable` when the request provably never left (safe to retry), `timeout`
 * or `bad-response` when it may have been processed (never retried for sends). An answer
 * that is not a Graph error is quoted in the message only when it came from Meta: another
 * host's body could be an internal service's.
 */
export async function graphRequest<T>(
  channel: GraphChannel,
  path: string,
  init: {
    method?: string;
    body?: unknown;
    /** a body already encoded (the Flows API's multipart asset upload), sent as is */
    encoded?: { contentType: string; body: string };
    timeoutMs?: number;
  } = {},
): Promise<T> {
  const url = new URL(`${graphBase(channel)}/${path.replace(/^\//, "")}`);
  let res: GuardedResponse;
  const started = performance.now();
  try {
    res = await channelFetch(channel, url, {
      method: init.method ?? "GET",
      headers: init.encoded
        ? { "Content-Type": init.encoded.contentType }
        : init.body === undefined
          ? {}
          : { "Content-Type": "application/json" },
      body: init.encoded
        ? init.encoded.body
        : init.body === undefined
          ? undefined
          : JSON.stringify(init.body),
      timeoutMs: init.timeoutMs ?? 10_000,
      maxBytes: GRAPH_MAX_BYTES,
    });
  } catch (error) {
    observeUpstream(path, "error", (performance.now() - started) / 1000);
    if (!(error instanceof GuardedFetchError)) throw error;
    if (error.notSent) {
      logger.warn({ origin: url.origin, code: error.code, reason: error.message }, "upstream unreachable");
      throw new UpstreamError({ kind: "unreachable", message: "upstream unreachable", maybeSent: false });
    }
    const message =
      error.kind === "timeout"
        ? "upstream timed out"
        : error.kind === "too-large"
          ? "upstream answer too large"
          : "upstream connection failed";
    throw new UpstreamError({ kind: "timeout", message, maybeSent: true });
  }
  observeUpstream(path, res.status, (performance.now() - started) / 1000);
  const fromMeta = url.origin === META_GRAPH_ORIGIN;
  const text = res.body.toString("utf8");
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
  if (res.status < 200 || res.status >= 300) {
    const parsed = graphErrorSchema.safeParse((json as { error?: unknown } | null)?.error);
    if (parsed.success)
      throw new UpstreamError({ kind: "rejected", httpStatus: res.status, error: parsed.data });
    throw new UpstreamError({
      kind: "bad-response",
      httpStatus: res.status,
      message: fromMeta
        ? `upstream answered ${res.status}: ${text.slice(0, 200)}`
        : `upstream answered ${res.status} with no Graph API error`,
      maybeSent: true,
    });
  }
  return json as T;
}
