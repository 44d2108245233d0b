// Read by next.config.ts (no "@/" imports here: the config is loaded outside the app's bundler).
type Env = Record<string, string | undefined>;

/**
 * Content security policy of every page. Next's App Router hydrates through inline scripts; with
 * `next start` serving prerendered pages there is no per-request nonce to give them, so inline
 * scripts are allowed while everything else is same-origin only. What the policy does guarantee:
 * no framing (clickjacking), no plugins, no foreign scripts, styles, fonts or connections, no
 * <base> or form target elsewhere. React's development build needs eval (`next dev` only).
 */
function contentSecurityPolicy(env: Env): string {
  const dev = env.NODE_ENV === "development";
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Security headers of every answer (pages, JSON routes, /v1, media). They are fixed when the app is
 * built (`next build` writes them into its routes manifest), so HSTS follows APP_URL as it is then:
 * `npm start` loads .env.local before it builds. Browsers ignore HSTS over plain http anyway.
 */
export function securityHeaders(env: Env): { key: string; value: string }[] {
  const https = (env.APP_URL ?? "").startsWith("https://");
  return [
    { key: "Content-Security-Policy", value: contentSecurityPolicy(env) },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    ...(https ? [{ key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" }] : []),
  ];
}
