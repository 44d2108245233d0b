import ipaddr from "ipaddr.js";
import { config } from "@/lib/config";

type HeaderBag = Headers | Record<string, string | string[] | undefined>;
type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * Name of the header that instrumentation.ts writes on every request with the TCP peer's address,
 * overwriting anything the client sent under that name. The name is random per process, so a
 * client cannot send it either to a process that has not installed the hook yet.
 */
const PEER_HEADER = Symbol.for("messaging.peerAddressHeader");
type PeerGlobal = { [PEER_HEADER]?: string };

export function peerHeaderName(): string | undefined {
  return (globalThis as PeerGlobal)[PEER_HEADER];
}

export function setPeerHeaderName(name: string): void {
  (globalThis as PeerGlobal)[PEER_HEADER] = name;
}

function header(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value.join(",") : value;
}

/** A valid address in canonical form (IPv4-mapped IPv6 as IPv4), else null. */
function canonical(value: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = value.trim().replace(/^\[(.*)\]$/, "$1");
  return ipaddr.isValid(bare) ? ipaddr.process(bare) : null;
}

/** TRUSTED_PROXIES as ranges; a single address is its own /32 or /128. */
export function parseTrustedProxies(value: string): Range[] {
  return value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "")
    .map((item): Range => {
      if (item.includes("/")) return ipaddr.parseCIDR(item);
      const address = canonical(item);
      if (!address) throw new Error(`not an IP address or CIDR range: ${item}`);
      return [address, address.kind() === "ipv4" ? 32 : 128];
    });
}

function isTrusted(address: ipaddr.IPv4 | ipaddr.IPv6, trusted: Range[]): boolean {
  return trusted.some(([range, bits]) => address.kind() === range.kind() && address.match(range, bits));
}

/**
 * The client's address: the TCP peer, unless the peer is one of the operator's trusted proxies;
 * then the right-most X-Forwarded-For entry that is not a trusted proxy (each proxy appends the
 * address it saw, so entries left of the last untrusted one are the client's to invent).
 */
export function resolveClientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trusted: Range[],
) {
  const peerAddress = peer ? canonical(peer) : null;
  if (!peerAddress) return "unknown";
  if (!isTrusted(peerAddress, trusted)) return peerAddress.toString();
  let nearest = peerAddress;
  const hops = (forwardedFor ?? "").split(",").reverse();
  for (const hop of hops) {
    if (hop.trim() === "") continue;
    const address = canonical(hop);
    // garbage where an address belongs: a trusted proxy did not write it, stop at the last good hop
    if (!address) break;
    nearest = address;
    if (!isTrusted(address, trusted)) break;
  }
  return nearest.toString();
}

let trustedCache: { raw: string; ranges: Range[] } | undefined;

function trustedProxies(): Range[] {
  const raw = config().TRUSTED_PROXIES;
  if (trustedCache?.raw !== raw) trustedCache = { raw, ranges: parseTrustedProxies(raw) };
  return trustedCache.ranges;
}

/**
 * What a per-address limit counts: an IPv4 address, or the /64 of an IPv6 address (one
 * subscriber's network; anyone holding one has 2^64 addresses to rotate through).
 */
export function limitBucketOf(address: string): string {
  if (!ipaddr.IPv6.isValid(address) || ipaddr.IPv4.isValid(address)) return address;
  const parts = ipaddr.IPv6.parse(address).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/**
 * The client's address for rate limits (/v1 failed authentications, dashboard sign-in), IPv6 as
 * its /64. The peer comes from the header instrumentation.ts stamps; X-Forwarded-For counts only
 * when the peer is a proxy named in TRUSTED_PROXIES. Without the stamp the address is "unknown"
 * (one shared bucket).
 */
export function clientAddressOf(headers: HeaderBag): string {
  const name = peerHeaderName();
  const peer = name ? header(headers, name) : undefined;
  return limitBucketOf(resolveClientAddress(peer, header(headers, "x-forwarded-for"), trustedProxies()));
}
