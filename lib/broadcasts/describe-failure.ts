import { UPSTREAM_ERROR_GUIDE } from "@/lib/cloud-api/upstream-error-guide";

export type FailureWords = { code: string; message: string; hint?: string };

/**
 * The error most of a broadcast's sends failed with, in words a person understands: the guide's
 * meaning and what to do (lib/cloud-api/upstream-error-guide.ts), and for a media error the link
 * WhatsApp could not download, read from the broadcast's template components (issue 29: "WhatsApp
 * could not download the header image at …"). `upstream`: the upstream's own message, for a code
 * the guide does not know.
 */
export function describeFailure(code: string, upstream: string | null, components: unknown): FailureWords {
  const guide = /^\d+$/.test(code) ? UPSTREAM_ERROR_GUIDE[Number(code)] : undefined;
  if (code === "131053") {
    const media = headerMedia(components);
    if (media) {
      return {
        code,
        message: `WhatsApp could not download the header ${media.kind} at ${media.link}.`,
        hint: guide?.hint,
      };
    }
  }
  // the recipients' stored message is the guide's already where it has one: said once
  if (guide) return { code, message: guide.message, hint: guide.hint };
  if (code === "unreachable") {
    return {
      code,
      message: "WhatsApp could not be reached: nothing was sent.",
      hint: "Resume once the channel works again (see the Channels page).",
    };
  }
  return { code, message: `WhatsApp refused the message${upstream ? `: ${upstream}` : ""} (error ${code}).` };
}

type HeaderMedia = { kind: "image" | "video" | "document"; link: string };

/** The first media link of the template's header parameters, as given at creation. */
function headerMedia(components: unknown): HeaderMedia | null {
  if (!Array.isArray(components)) return null;
  for (const c of components) {
    if (!isRecord(c) || c.type !== "header" || !Array.isArray(c.parameters)) continue;
    for (const p of c.parameters) {
      if (!isRecord(p)) continue;
      for (const kind of ["image", "video", "document"] as const) {
        const media = p[kind];
        if (p.type === kind && isRecord(media) && typeof media.link === "string")
          return { kind, link: media.link };
      }
    }
  }
  return null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
