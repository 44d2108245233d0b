import { randomBytes } from "node:crypto";
import { type IncomingMessage, Server } from "node:http";
import { peerHeaderName, setPeerHeaderName } from "@/lib/web/client-address";

/**
 * Makes every request Next's own HTTP server receives carry the socket's remote address in a
 * header with a random per-process name (set on the request's header object before Next reads
 * it, replacing anything the client sent). Next's `next start` server is an http.Server; its
 * "request" events pass through the prototype's emit, so no second server is involved.
 */
export function installPeerAddressStamp(): void {
  if (peerHeaderName()) return;
  const name = `x-peer-address-${randomBytes(12).toString("hex")}`;
  setPeerHeaderName(name);
  const emit = Server.prototype.emit;
  Server.prototype.emit = function stampedEmit(this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as IncomingMessage;
      request.headers[name] = request.socket.remoteAddress ?? "";
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
}
