import { explainFailure } from "@/lib/cloud-api/upstream-error-guide";

export type FailureWords = { code: string; message: string; hint?: string };

/**
 * The error most of a broadcast's sends failed with, in words a person understands: the guide's
 * meaning and what to do next (lib/cloud-api/upstream-error-guide.ts, explainFailure), and for a
 * media error the link WhatsApp could not download, read from the broadcast's template components
 * (issue 29: "WhatsApp could not download the header image at …"). `said`: WhatsApp's own message,
 * for a code the guide does not know.
 */
export function describeFailure(code: string, said: string | null, components: unknown): FailureWords {
  const words = explainFailure(code, said);
  if (code === "131053") {
    const media = headerMedia(components);
    if (media) {
      return {
        code,
        message: `WhatsApp could not download the header ${media.kind} at ${media.link}.`,
        hint: words.next ?? undefined,
      };
    }
  }
  if (words.known) return { code, message: words.meaning, hint: words.next ?? undefined };
  return { code, message: `WhatsApp refused the message${said ? `: ${said}` : ""} (error ${code}).` };
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
