import type { LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import { addressProblem, classifyAddress, type GuardOptions, LOOPBACK_HINT } from "@/lib/net/ip-ranges";

/**
 * The SSRF guard of webhook URLs (design.md). Host spellings such as `127.1`, `2130706433`,
 * `0x7f.1`, `0177.0.0.1` and `[::ffff:127.0.0.1]` are normalized by the WHATWG URL parser
 * before we look at them, so only canonical addresses reach the range check. A host name is
 * resolved and refused when any of its addresses is not public, at registration and again
 * at connect time through `guardedLookup`, which decides the very addresses the socket
 * connects to (a name that re-resolves to a private address later, DNS rebinding, fails).
 * Refusals never name the address a host name resolved to (that would be a DNS oracle on
 * internal names); lib/net/guarded-fetch.ts uses `guardedLookup` for every outbound request.
 */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const RESOLVE_TIMEOUT_MS = 5_000;
const NOT_HTTPS = "must be an absolute https:// URL, e.g. https://example.com/webhooks";
const LOOPBACK_HTTP_ONLY = `must use https://; http:// is accepted only for loopback hosts in local development (${LOOPBACK_HINT})`;
const HTTP_NOT_ALLOWED = `must be an https:// URL; http:// is accepted only for loopback hosts in local development (${LOOPBACK_HINT})`;

export const resolveAll: Resolver = async (hostname) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`resolving ${hostname} timed out`)), RESOLVE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([lookup(hostname, { all: true, verbatim: true }), timeout]);
  } finally {
    clearTimeout(timer);
  }
};

/** The host as an address or name, without the brackets of an IPv6 literal. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; hint: string };

/** What can be judged without the network: syntax, scheme, and a host written as an address. */
export function checkUrlSyntax(raw: string, options: GuardOptions): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, hint: NOT_HTTPS };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, hint: NOT_HTTPS };
  if (url.protocol === "http:" && !options.allowLoopback) return { ok: false, hint: HTTP_NOT_ALLOWED };
  const host = hostOf(url);
  if (host === "") return { ok: false, hint: NOT_HTTPS };
  if (isIP(host) === 0) return { ok: true, url };
  const problem = addressProblem(host, options);
  if (problem) return { ok: false, hint: `must be a public address: ${problem}` };
  if (url.protocol === "http:" && classifyAddress(host) !== "loopback") {
    return { ok: false, hint: LOOPBACK_HTTP_ONLY };
  }
  return { ok: true, url };
}

/** The registration check; undefined when the URL is acceptable, else a hint for `details.hint`. */
export async function webhookUrlProblem(
  raw: string,
  options: GuardOptions,
  resolve: Resolver = resolveAll,
): Promise<string | undefined> {
  const checked = checkUrlSyntax(raw, options);
  if (!checked.ok) return checked.hint;
  const host = hostOf(checked.url);
  if (isIP(host) !== 0) return undefined;
  const addresses = await resolve(host).catch(() => []);
  if (addresses.length === 0) {
    if (checked.url.protocol === "http:") return LOOPBACK_HTTP_ONLY;
    return `the host ${host} does not resolve; use a public host name`;
  }
  for (const { address } of addresses) {
    const problem = addressProblem(address, options, host);
    if (problem) return `must be a public address: ${problem}`;
  }
  const allLoopback = addresses.every((a) => classifyAddress(a.address) === "loopback");
  if (checked.url.protocol === "http:" && !allLoopback) return LOOPBACK_HTTP_ONLY;
  return undefined;
}

/** The error code of a connection the guard refused: provably nothing was sent. */
export const ADDRESS_REFUSED = "ERR_ADDRESS_REFUSED";

function wantedFamily(family: number | string | undefined): number {
  if (family === 4 || family === "IPv4") return 4;
  if (family === 6 || family === "IPv6") return 6;
  return 0;
}

/** A `lookup` for node:http(s) requests that hands the socket only checked addresses. */
export function guardedLookup(options: GuardOptions, resolve: Resolver = resolveAll): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    const family = wantedFamily(lookupOptions.family);
    resolve(hostname).then(
      (found) => {
        const addresses = found.filter((a) => family === 0 || a.family === family);
        const problem = addresses
          .map((a) => addressProblem(a.address, options, hostname))
          .find((p) => p !== undefined);
        const [first] = addresses;
        if (problem || !first) {
          const error: NodeJS.ErrnoException = new Error(
            problem ? `refused to connect to ${hostname}: ${problem}` : `${hostname} did not resolve`,
          );
          error.code = problem ? ADDRESS_REFUSED : "ENOTFOUND";
          callback(error, "", 0);
          return;
        }
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}
