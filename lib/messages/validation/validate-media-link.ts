/**
 * Media links are fetched by the upstream's servers, so they must be public HTTPS. Local
 * development and tests (ALLOW_LOOPBACK_URLS) may point at loopback hosts, over http:// too,
 * e.g. the sandbox's sample media. The flag is a parameter so that this stays pure: callers
 * resolve it from config().
 *
 * Hosts are judged by their literal form only (no DNS): the WHATWG parser has already
 * normalized `127.1`, `2130706433` and `0x7f.0.0.1` to `127.0.0.1`.
 */

function ipv4(host: string): number[] | undefined {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return undefined;
  const octets = parts.map(Number);
  return octets.every((o) => o <= 255) ? octets : undefined;
}

/** `[::ffff:7f00:1]` → `127.0.0.1`; other hosts unchanged. */
function unmapped(host: string): string {
  const mapped = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/i.exec(host);
  if (!mapped?.[1] || !mapped[2]) return host;
  const high = Number.parseInt(mapped[1], 16);
  const low = Number.parseInt(mapped[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

export function isLoopbackHost(hostname: string): boolean {
  const host = unmapped(hostname.toLowerCase().replace(/\.$/, ""));
  if (host === "localhost" || host.endsWith(".localhost") || host === "[::1]") return true;
  return ipv4(host)?.[0] === 127;
}

/** Addresses no upstream server can reach: private, link-local, shared, unspecified. */
function isPrivateHost(hostname: string): boolean {
  const host = unmapped(hostname.toLowerCase());
  const octets = ipv4(host);
  if (octets) {
    const [a = 0, b = 0] = octets;
    return (
      a === 0 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  return host === "[::]" || /^\[f[cd][0-9a-f]{0,2}:/.test(host) || /^\[fe[89ab][0-9a-f]?:/.test(host);
}

function parse(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** Why a media link is refused, as a hint for `details.hint`; undefined when it is fine. */
export function mediaLinkProblem(link: string, allowLoopback: boolean): string | undefined {
  const url = parse(link);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.hostname === "") {
    return "must be an absolute https:// URL, e.g. https://example.com/photo.jpg";
  }
  if (isLoopbackHost(url.hostname)) {
    return allowLoopback
      ? undefined
      : "must be a public https:// URL; loopback addresses cannot be fetched by the upstream";
  }
  if (url.protocol === "http:") return "must use https://; the upstream fetches media over HTTPS only";
  if (isPrivateHost(url.hostname))
    return "must be a public https:// URL; private addresses cannot be fetched by the upstream";
  return undefined;
}
