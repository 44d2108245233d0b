import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Where an address leads. `loopback` is this machine (allowed for local development with
 * ALLOW_LOOPBACK_URLS); `private` is every range a public endpoint never uses: ipaddr.js's
 * special ranges (private networks, link-local with cloud metadata at 169.254.169.254 and
 * fd00:ec2::254, CGNAT, "this network", documentation, benchmarking, multicast, reserved) and
 * the IPv6 forms that lead to IPv4 (NAT64 64:ff9b::/96 and /48, 6to4, Teredo, translated
 * ::ffff:0:0:0/96, and the deprecated IPv4-compatible ::/96). An IPv4-mapped address
 * (`::ffff:10.0.0.1`) is judged as the IPv4 address it maps to.
 */
export type AddressKind = "public" | "loopback" | "private" | "invalid";

/** ::a.b.c.d, deprecated IPv4-compatible addresses: ipaddr.js calls them unicast. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");

/** Classifies an IP address written as Node prints it (`10.0.0.1`, `::ffff:7f00:1`, no brackets). */
export function classifyAddress(address: string): AddressKind {
  // node:net's strict parser first: ipaddr.js also reads odd IPv4 spellings, which never reach here
  if (isIP(address) === 0 || !ipaddr.isValid(address)) return "invalid";
  let parsed = ipaddr.parse(address);
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) parsed = parsed.toIPv4Address();
  const range = parsed.range();
  if (range === "loopback") return "loopback";
  if (range !== "unicast") return "private";
  if (parsed instanceof ipaddr.IPv6 && parsed.match(IPV4_COMPATIBLE)) return "private";
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
