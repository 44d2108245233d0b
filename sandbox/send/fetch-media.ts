import { errors } from "@/sandbox/errors";
import type { Content } from "@/sandbox/send/envelope";
import type { MediaKind, MediaSource } from "@/sandbox/send/media-object";
import type { SandboxState } from "@/sandbox/state";

const MB = 1024 * 1024;
/** Cloud API size limits per media type. */
const MAX_BYTES: Record<MediaKind, number> = {
  image: 5 * MB,
  video: 16 * MB,
  audio: 16 * MB,
  document: 100 * MB,
  sticker: 500 * 1024,
};
const MIME: Record<MediaKind, RegExp> = {
  image: /^image\/(jpeg|png)$/,
  video: /^video\/(mp4|3gpp)$/,
  audio: /^audio\/(aac|amr|mpeg|mp4|ogg)$/,
  sticker: /^image\/webp$/,
  document: /./,
};

type Source = { kind: MediaKind; source: MediaSource };

/** Every media the message refers to: the media itself, an interactive header, a template header. */
export function mediaSources(content: Content): Source[] {
  switch (content.type) {
    case "image":
    case "video":
    case "audio":
    case "document":
    case "sticker":
      return [{ kind: content.type, source: content.media }];
    case "interactive": {
      const header = "header" in content.interactive ? content.interactive.header : undefined;
      if (!header || header.type === "text") return [];
      if (header.type === "image") return [{ kind: "image", source: header.image }];
      if (header.type === "video") return [{ kind: "video", source: header.video }];
      return [{ kind: "document", source: header.document }];
    }
    case "template":
      return (content.template.components ?? []).flatMap((c) =>
        (c.parameters ?? []).flatMap((p): Source[] => {
          if (p.type === "image") return [{ kind: "image", source: p.image }];
          if (p.type === "video") return [{ kind: "video", source: p.video }];
          if (p.type === "document") return [{ kind: "document", source: p.document }];
          return [];
        }),
      );
    default:
      return [];
  }
}

/** Fetch a link as the Cloud API does before it accepts the message; the error details, or null. */
async function fetchLink(state: SandboxState, link: string, kind: MediaKind): Promise<string | null> {
  const timeout = state.settings.media_fetch_timeout_ms;
  let response: Response;
  try {
    response = await fetch(link, {
      signal: AbortSignal.any([AbortSignal.timeout(timeout), state.shutdown.signal]),
    });
  } catch (error) {
    if (error instanceof Error && error.name === "TimeoutError") {
      return `Downloading media from weblink timed out after ${timeout} ms`;
    }
    return `Downloading media from weblink failed: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (!response.ok) {
    await response.body?.cancel();
    return `Downloading media from weblink failed with http code ${response.status}, status message ${response.statusText}`;
  }
  const mime = (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (mime !== "" && !MIME[kind].test(mime)) {
    await response.body?.cancel();
    return `Media upload error: unsupported ${kind} MIME type ${mime}`;
  }
  let size = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const chunk = await reader.read().catch(() => null);
    if (!chunk) return "Downloading media from weblink failed: connection lost";
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > MAX_BYTES[kind]) {
      await reader.cancel();
      return `Media file size too big. Max file size we currently support: ${MAX_BYTES[kind] / MB}MB.`;
    }
  }
  return null;
}

/** 131053 when any media of the message cannot be had. */
export async function checkMedia(state: SandboxState, wabaId: string, content: Content): Promise<void> {
  for (const { kind, source } of mediaSources(content)) {
    if (source.id !== undefined) {
      if (state.media.get(source.id)?.waba_id !== wabaId) {
        throw errors.mediaUpload(`Media id ${source.id} not found or not accessible by this phone number`);
      }
      continue;
    }
    if (source.link === undefined) continue;
    const problem = await fetchLink(state, source.link, kind);
    if (problem) throw errors.mediaUpload(problem);
  }
}
