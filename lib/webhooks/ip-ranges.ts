import { BlockList, isIP } from "node:net";

/**
 * Where an address leads. `loopback` is this machine (allowed for local development with
 * ALLOW_LOOPBACK_URLS); `private` is every range a public webhook endpoint never uses:
 * private networks, link-local (cloud metadata at 169.254.169.254 and fd00:ec2::254),
 * shared CGNAT space, "this network", documentation, benchmarking, multicast and reserved
 * ranges, and the IPv6 forms that tunnel to IPv4 (IPv4-compatible, NAT64, 6to4, Teredo).
 * Node's BlockList matches IPv4-mapped IPv6 (`::ffff:10.0.0.1`) against the IPv4 rules.
 */
export type AddressKind = "public" | "loopback" | "private" | "invalid";

type Range = [network: string, prefix: number, family: "ipv4" | "ipv6"];

function blockList(ranges: Range[]): BlockList {
  const list = new BlockList();
  for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

const LOOPBACK = blockList([
  ["127.0.0.0", 8, "ipv4"],
  ["::1", 128, "ipv6"],
]);

const PRIVATE = blockList([
  ["0.0.0.0", 8, "ipv4"],
  ["10.0.0.0", 8, "ipv4"],
  ["100.64.0.0", 10, "ipv4"],
  ["169.254.0.0", 16, "ipv4"],
  ["172.16.0.0", 12, "ipv4"],
  ["192.0.0.0", 24, "ipv4"],
  ["192.0.2.0", 24, "ipv4"],
  ["192.88.99.0", 24, "ipv4"],
  ["192.168.0.0", 16, "ipv4"],
  ["198.18.0.0", 15, "ipv4"],
  ["198.51.100.0", 24, "ipv4"],
  ["203.0.113.0", 24, "ipv4"],
  ["224.0.0.0", 4, "ipv4"],
  ["240.0.0.0", 4, "ipv4"],
  ["::", 96, "ipv6"],
  ["64:ff9b::", 96, "ipv6"],
  ["64:ff9b:1::", 48, "ipv6"],
  ["100::", 64, "ipv6"],
  ["2001::", 32, "ipv6"],
  ["2001:db8::", 32, "ipv6"],
  ["2002::", 16, "ipv6"],
  ["fc00::", 7, "ipv6"],
  ["fe80::", 10, "ipv6"],
  ["fec0::", 10, "ipv6"],
  ["ff00::", 8, "ipv6"],
]);

/** Classifies an IP address written as Node prints it (`10.0.0.1`, `::ffff:7f00:1`, no brackets). */
export function classifyAddress(address: string): AddressKind {
  const version = isIP(address);
  if (version === 0) return "invalid";
  const family = version === 4 ? "ipv4" : "ipv6";
  if (LOOPBACK.check(address, family)) return "loopback";
  if (PRIVATE.check(address, family)) return "private";
  return "public";
}

export type GuardOptions = { allowLoopback: boolean };

/** What a refusal of loopback says, so a developer finds the setting that allows it. */
export const LOOPBACK_HINT = "set ALLOW_LOOPBACK_URLS=true for local development";

/**
 * Why a connection may not go to this address, or undefined when it may. The text names the
 * host as given (`subject`), never an address it resolved to: an error must not tell a tenant
 * what an internal name resolves to (a DNS oracle).
 */
export function addressProblem(
  address: string,
  options: GuardOptions,
  subject = address,
): string | undefined {
  switch (classifyAddress(address)) {
    case "public":
      return undefined;
    case "loopback":
      return options.allowLoopback
        ? undefined
        : `${subject} is not a public address (loopback; ${LOOPBACK_HINT})`;
    case "private":
      return `${subject} is not a public address`;
    case "invalid":
      return `${subject} is not a public address`;
  }
}
