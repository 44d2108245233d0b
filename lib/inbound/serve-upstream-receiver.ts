import type { IncomingMessage, ServerResponse } from "node:http";
import type { PlainAnswer } from "@/lib/api/respond";
import {
  answerOnNode,
  UPSTREAM_RECEIVER_METHODS,
  UPSTREAM_RECEIVER_PATH,
} from "@/lib/inbound/upstream-receiver";
import { logger } from "@/lib/logger";
import { countNodeAnswer } from "@/lib/metrics/record";

/**
 * The upstream receiver on node:http (issue 33): scripts/web.ts hands it GET and POST
 * /webhooks/whatsapp before Next.js sees them. The body is read from the node request and the
 * receiver's one declaration (lib/inbound/upstream-receiver.ts: body bound, signature, store)
 * answers; the plain answer is written with the headers Next adds to every answer (`headers`:
 * the build's security headers), so it is the answer the route under app/ gives, without
 * Next's routing, web streams and response piping.
 */
export function isUpstreamReceiverRequest(req: IncomingMessage): boolean {
  const url = req.url ?? "";
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  return (
    path === UPSTREAM_RECEIVER_PATH &&
    (UPSTREAM_RECEIVER_METHODS as readonly string[]).includes(req.method ?? "")
  );
}

export async function serveUpstreamReceiver(
  req: IncomingMessage,
  res: ServerResponse,
  headers: readonly { key: string; value: string }[],
): Promise<void> {
  let answer: PlainAnswer;
  try {
    answer = await answerOnNode(req);
  } catch (err) {
    // not reached by any input the receiver reads (it answers those itself): a fault of ours
    logger.error({ err: String(err) }, "upstream receiver failed");
    answer = { status: 500, headers: {}, body: "" };
  }
  countNodeAnswer("upstream_receiver");
  for (const h of headers) res.setHeader(h.key, h.value);
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.setHeader("Content-Length", Buffer.byteLength(answer.body));
  res.writeHead(answer.status);
  res.end(answer.body);
}
