import { parseJson, type SandboxRequest } from "@/sandbox/http";

/**
 * A Graph POST's parameters, as Graph takes them: a JSON body, a form
 * (application/x-www-form-urlencoded) or multipart/form-data (the Flow JSON asset upload
 * sends its `file` that way). Values are text; a JSON array or object value is kept as its JSON.
 */
export function formParams(req: SandboxRequest): Map<string, string> {
  const params = new Map<string, string>();
  const type = String(req.headers["content-type"] ?? "");
  const boundary = /multipart\/form-data;.*boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    const body = req.rawBody.toString("utf8");
    for (const part of body.split(`--${boundary}`)) {
      const split = part.indexOf("\r\n\r\n");
      if (split < 0) continue;
      const head = part.slice(0, split);
      const name = /name="([^"]*)"/i.exec(head)?.[1];
      if (name === undefined) continue;
      params.set(name, part.slice(split + 4).replace(/\r\n$/, ""));
    }
  } else if (/application\/x-www-form-urlencoded/i.test(type)) {
    for (const [k, v] of new URLSearchParams(req.rawBody.toString("utf8"))) params.set(k, v);
  } else {
    const json = parseJson(req.rawBody);
    if (json && typeof json === "object" && !Array.isArray(json))
      for (const [k, v] of Object.entries(json)) params.set(k, typeof v === "string" ? v : JSON.stringify(v));
  }
  for (const [k, v] of req.query) if (!params.has(k) && k !== "access_token") params.set(k, v);
  return params;
}

/** `categories` as Graph takes it: a JSON array, or one comma-separated text. */
export function listParam(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed.map(String);
  } catch {
    // not JSON: comma-separated
  }
  return value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}
