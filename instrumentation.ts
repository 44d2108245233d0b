/**
 * Runs once when `next start` (or `next dev`) boots, before it serves a request. Route handlers
 * do not see the TCP peer's address, and X-Forwarded-For is whatever the client sent when no
 * proxy replaced it, so the Node server hook stamps the peer into a header of its own
 * (lib/web/client-address.ts).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installPeerAddressStamp } = await import("@/lib/web/peer-address-stamp");
  installPeerAddressStamp();
}
