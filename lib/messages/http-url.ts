/**
 * True for an absolute http:// or https:// URL (the target of a call-to-action button). Beside the
 * message schemas, below validation/, which imports them.
 */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}
