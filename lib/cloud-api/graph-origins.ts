import { config } from "@/lib/config";

/** Meta's Graph API and the host its media download links point at. */
export const META_GRAPH_ORIGIN = "https://graph.facebook.com";
export const META_MEDIA_ORIGIN = "https://lookaside.fbsbx.com";

function originOf(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Graph API origins the operator vouches for: Meta's, the origin of WHATSAPP_GRAPH_URL, and
 * those on WHATSAPP_GRAPH_URL_ALLOWLIST (comma-separated; `npm start` adds its sandbox). These
 * are the only Graph URLs a dashboard user may give a channel, and requests to them may reach a
 * loopback address (a local sandbox) even without ALLOW_LOOPBACK_URLS.
 */
export function trustedGraphOrigins(): string[] {
  const c = config();
  const listed = (c.WHATSAPP_GRAPH_URL_ALLOWLIST ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(originOf);
  const origins = [META_GRAPH_ORIGIN, originOf(c.WHATSAPP_GRAPH_URL), ...listed];
  return [...new Set(origins.filter((o): o is string => o !== undefined))];
}

export function isTrustedGraphOrigin(origin: string): boolean {
  return trustedGraphOrigins().includes(origin);
}

/**
 * Why a dashboard user may not point a channel at this Graph URL, or undefined. Any other URL
 * can be set only by an operator, through the CLI (scripts/cli.ts).
 */
export function dashboardGraphUrlProblem(raw: string): string | undefined {
  const origin = originOf(raw);
  if (origin && isTrustedGraphOrigin(origin)) return undefined;
  return `must be Meta's Graph API (${META_GRAPH_ORIGIN}/v23.0) or a Graph URL your operator allowed (WHATSAPP_GRAPH_URL_ALLOWLIST)`;
}

/**
 * Where a channel's access token may be sent: Meta's Graph API and media host for a channel on
 * Meta, else only the origin of the channel's own Graph URL (a sandbox serves its media there).
 */
export function tokenOrigins(graphBase: string): string[] {
  const origin = originOf(graphBase);
  if (!origin) return [];
  return origin === META_GRAPH_ORIGIN ? [META_GRAPH_ORIGIN, META_MEDIA_ORIGIN] : [origin];
}
