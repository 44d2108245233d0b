// Shared by vitest (scripts/test/) and Playwright (e2e/sandbox-support.ts): it imports neither
// runner, nor the database.

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type AnyJson = any;

/** A control or Graph call to the sandbox at `base`. */
export async function sandboxAt(
  base: string,
  path: string,
  method = "GET",
  body?: unknown,
): Promise<{ status: number; body: AnyJson }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
