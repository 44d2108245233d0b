import "#server-only";
import type { ContentView } from "@/lib/conversations/message-view";
import type { Media } from "@/lib/generated/prisma/client.ts";
import { signedMediaPath } from "@/lib/media/signed-url";

/**
 * The file of a media message as the thread shows it:
 * - ready: our stored copy, behind a short-lived signed same-origin link (`url`);
 * - downloading: the worker has not copied it from WhatsApp yet;
 * - failed: the worker gave up copying it (Media.copyFailedAt);
 * - link: an outbound file sent by its link (API, reply, broadcast header): `url` is that link as
 *   sent. The page shows it as a link to open, never loads it (CSP img-src 'self'; no external
 *   requests from the dashboard).
 */
export type ThreadMediaJson = {
  state: "ready" | "downloading" | "failed" | "link";
  url: string | null;
  mime_type: string | null;
  /** bytes of our copy; null until it exists */
  file_size: number | null;
  filename: string | null;
};

const isHttp = (link: string) => /^https?:\/\//i.test(link);

/** null for a message without a file (and for one deleted for everyone: its copy is gone). */
export function threadMedia(
  view: ContentView,
  media: Media | null,
  deleted: boolean,
): ThreadMediaJson | null {
  if (deleted || view.kind !== "media") return null;
  if (media) {
    const stored = media.storedAt !== null && media.storageKey !== null;
    return {
      state: stored ? "ready" : media.copyFailedAt ? "failed" : "downloading",
      url: stored ? signedMediaPath(media.id) : null,
      mime_type: media.mimeType,
      file_size: stored ? media.fileSize : null,
      filename: media.filename ?? view.filename,
    };
  }
  if (view.link && isHttp(view.link)) {
    return {
      state: "link",
      url: view.link,
      mime_type: view.mime_type,
      file_size: null,
      filename: view.filename,
    };
  }
  return null;
}
