type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The client's address as the /v1 API sees it (lib/api/route.ts): the first X-Forwarded-For
 * entry, which `next start` fills with the socket's address when no proxy set one.
 */
export function clientAddressOf(headers: HeaderBag): string {
  return header(headers, "x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}
