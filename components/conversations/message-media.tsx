// biome-ignore-all lint/performance/noImgElement: next/image would fetch our signed, short-lived links server-side through its optimizer; the browser loads them itself
"use client";

import { useState } from "react";
import { cx, focusRing } from "@/components/ui/cx";
import { Dialog } from "@/components/ui/dialog";
import type { ThreadMediaJson } from "@/lib/conversations/thread-media";

const LABEL: Record<string, string> = {
  image: "Image",
  audio: "Audio",
  video: "Video",
  document: "Document",
  sticker: "Sticker",
};

/** "12 KB", "3.4 MB": the size of our copy. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The first link an <audio>/<video> got: the thread's poll hands out a new signed link every few
 * minutes, and a changed src would restart what is playing. Only when the kept link fails (it
 * expired while paused) does the element take the newest one.
 */
function useStableSrc(url: string): [string, () => void] {
  const [src, setSrc] = useState(url);
  return [src, () => setSrc(url)];
}

const linkClass = cx("font-medium underline underline-offset-2", focusRing);

function DownloadLink({ media, label }: { media: ThreadMediaJson & { url: string }; label: string }) {
  return (
    <a href={media.url} download={media.filename ?? ""} className={linkClass}>
      Download<span className="sr-only"> {label}</span>
    </a>
  );
}

/** name · type · size, under a file. */
function FileFacts({ media }: { media: ThreadMediaJson }) {
  // "audio/ogg; codecs=opus" reads as "audio/ogg"
  const type = media.mime_type?.split(";")[0]?.trim() ?? null;
  const facts = [type, media.file_size !== null ? formatBytes(media.file_size) : null].filter(
    (f): f is string => Boolean(f),
  );
  return facts.length > 0 ? <span className="text-xs opacity-80">{facts.join(" · ")}</span> : null;
}

function ImageView({
  media,
  alt,
  sticker,
}: {
  media: ThreadMediaJson & { url: string };
  alt: string;
  sticker: boolean;
}) {
  const [open, setOpen] = useState(false);
  if (sticker) {
    // WhatsApp stickers are 512×512 WebP; drawn at a sticker's size, not as a photo
    return (
      <img
        src={media.url}
        alt={alt}
        width={128}
        height={128}
        loading="lazy"
        className="h-32 w-32 object-contain"
      />
    );
  }
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Open image full size${alt ? `: ${alt}` : ""}`}
        className={cx("block overflow-hidden rounded", focusRing)}
      >
        <img
          src={media.url}
          alt={alt}
          loading="lazy"
          className="block max-h-48 w-auto max-w-full rounded bg-slate-100 object-contain sm:max-h-60"
        />
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={media.filename ?? "Image"}
        size="lg"
        footer={
          <a
            href={media.url}
            download={media.filename ?? ""}
            className={cx("rounded px-3 py-1.5 text-sm font-medium text-blue-700 underline", focusRing)}
          >
            Download
          </a>
        }
      >
        <img src={media.url} alt={alt} className="mx-auto block max-h-[65vh] max-w-full object-contain" />
      </Dialog>
    </>
  );
}

function Playable({ media, kind }: { media: ThreadMediaJson & { url: string }; kind: "audio" | "video" }) {
  const [src, refresh] = useStableSrc(media.url);
  const label = kind === "audio" ? "audio" : "video";
  return (
    <div className="space-y-1">
      {kind === "audio" ? (
        // biome-ignore lint/a11y/useMediaCaption: a customer's voice note has no caption track to give
        <audio controls preload="metadata" src={src} onError={refresh} className="w-64 max-w-full" />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: a customer's video has no caption track to give
        <video
          controls
          preload="metadata"
          src={src}
          onError={refresh}
          className="max-h-60 max-w-full rounded"
        />
      )}
      <p className="flex flex-wrap items-center gap-x-2">
        <FileFacts media={media} />
        <DownloadLink media={media} label={media.filename ?? label} />
      </p>
    </div>
  );
}

/** Where the file is not (yet) ours: a clear state instead of a broken image. */
function Pending({ media, kind }: { media: ThreadMediaJson; kind: string }) {
  const what = LABEL[kind] ?? kind;
  const text =
    media.state === "failed" ? "Could not be downloaded from WhatsApp" : "Downloading from WhatsApp…";
  return (
    <p
      className={cx(
        "rounded border border-dashed border-current/40 px-3 py-2 text-xs",
        media.state === "failed" ? "font-medium" : "",
      )}
    >
      <span aria-hidden="true">{media.state === "failed" ? "⚠ " : "⏳ "}</span>
      {what}
      {media.filename ? ` ${media.filename}` : ""}: {text}
    </p>
  );
}

/** A file sent by its link: the page never loads it (no external requests), it only links to it. */
function SentByLink({ media, kind }: { media: ThreadMediaJson & { url: string }; kind: string }) {
  let host = media.url;
  try {
    host = new URL(media.url).host;
  } catch {
    // shown as given
  }
  return (
    <p className="text-xs">
      <span aria-hidden="true">📎 </span>
      {LABEL[kind] ?? kind}
      {media.filename ? ` ${media.filename}` : ""} sent by link:{" "}
      <a href={media.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
        open it on {host}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </p>
  );
}

/**
 * The file of a media message: an image as a thumbnail that opens full size, a sticker drawn,
 * audio and video playable, a document with its name, size and a Download link (the /media route
 * answers with Content-Disposition: attachment). `alt` is the caption, else a description.
 */
export function MessageMedia({
  media,
  kind,
  caption,
}: {
  media: ThreadMediaJson;
  kind: string;
  caption: string | null;
}) {
  if (media.state === "downloading" || media.state === "failed") return <Pending media={media} kind={kind} />;
  const url = media.url;
  if (url === null) return null;
  const file = { ...media, url };
  if (media.state === "link") return <SentByLink media={file} kind={kind} />;
  switch (kind) {
    case "image":
      return <ImageView media={file} alt={caption ?? media.filename ?? "Image"} sticker={false} />;
    case "sticker":
      return <ImageView media={file} alt="Sticker" sticker />;
    case "audio":
    case "video":
      return <Playable media={file} kind={kind} />;
    default:
      return (
        <div className="flex items-start gap-2 rounded border border-current/30 px-3 py-2">
          <span aria-hidden="true" className="text-lg leading-none">
            📄
          </span>
          <div className="min-w-0 space-y-0.5">
            <p className="font-medium break-all">{media.filename ?? "Document"}</p>
            <p className="flex flex-wrap items-center gap-x-2">
              <FileFacts media={media} />
              <DownloadLink media={file} label={media.filename ?? "document"} />
            </p>
          </div>
        </div>
      );
  }
}
