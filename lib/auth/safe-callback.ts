import { appUrl } from "@/lib/config";

/**
 * Where to go after signing in: a URL that resolves to this app's own origin, as a path (no open
 * redirect), else the overview. Resolution follows the URL standard as browsers do (tabs and line
 * breaks dropped, backslashes as slashes), so "/\t/evil.example" is seen as "//evil.example", the
 * other site it is; the answer is re-serialized, so it never carries a character a Location
 * header cannot hold.
 */
export function safeCallbackUrl(value: unknown, fallback = "/dashboard", origin = appOrigin()): string {
  if (typeof value !== "string" || value === "" || value.length > 2048) return fallback;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  // "//x" as a path would be read as another host when used as a Location
  if (url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

function appOrigin(): string {
  return new URL(appUrl()).origin;
}
