import { appUrl } from "@/lib/config";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function allowedOrigins(request: Request): Set<string> {
  const origins = new Set([new URL(appUrl()).origin]);
  // The Host the browser addressed: a cross-site page cannot make the victim's browser send our
  // Host together with its own Origin, so accepting it is safe and covers localhost vs 127.0.0.1.
  const host = request.headers.get("host");
  if (host) {
    origins.add(`http://${host}`);
    origins.add(`https://${host}`);
  }
  return origins;
}

/**
 * CSRF defence for the cookie-authenticated dashboard routes, on top of SameSite=Lax cookies.
 * Browsers send Sec-Fetch-Site and Origin with every fetch and form POST and pages cannot forge
 * them: a state-changing request must say same-origin and come from one of our origins. A
 * request with neither header (not a browser) is refused too. Reads are refused only when the
 * browser says they are cross-site.
 */
export function isSameOriginRequest(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (SAFE_METHODS.has(request.method)) return site !== "cross-site";
  if (site !== null && site !== "same-origin") return false;
  const origin = request.headers.get("origin");
  if (origin === null) return site === "same-origin";
  return allowedOrigins(request).has(origin);
}
