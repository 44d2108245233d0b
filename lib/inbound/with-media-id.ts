/**
 * A media item without an upstream id (history media older than 14 days; an edit, which carries
 * only the new caption) is still mapped: its id becomes "", and no file is fetched for it.
 */
export function withMediaId(raw: unknown): unknown {
  if (raw === null || typeof raw !== "object") return raw;
  const m = raw as Record<string, unknown>;
  const type = typeof m.type === "string" ? m.type : "";
  const media = m[type];
  if (media && typeof media === "object" && !("id" in media)) return { ...m, [type]: { ...media, id: "" } };
  return raw;
}
