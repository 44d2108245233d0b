import type { ContentView } from "@/lib/conversations/message-view";

const MEDIA_LABEL: Record<string, string> = {
  image: "Image",
  audio: "Voice or audio",
  video: "Video",
  document: "Document",
  sticker: "Sticker",
};

/** A message's content by type: text as text, media as a labelled reference, and so on. */
export function MessageContent({ content }: { content: ContentView }) {
  switch (content.kind) {
    case "text":
      return <p className="break-words whitespace-pre-wrap">{content.text}</p>;
    case "media":
      return (
        <div className="space-y-1">
          <p className="font-medium">
            <span aria-hidden="true">📎 </span>
            {MEDIA_LABEL[content.media] ?? content.media}
            {content.filename ? `: ${content.filename}` : ""}
            {content.mime_type ? (
              <span className="font-normal opacity-70"> ({content.mime_type})</span>
            ) : null}
          </p>
          {content.caption ? <p className="whitespace-pre-wrap">{content.caption}</p> : null}
          {content.link ? <p className="truncate text-xs opacity-70">{content.link}</p> : null}
        </div>
      );
    case "location":
      return (
        <p>
          <span aria-hidden="true">📍 </span>
          {content.name ?? "Location"}
          {content.address ? `, ${content.address}` : ""}
          {content.latitude !== null && content.longitude !== null ? (
            <span className="block text-xs opacity-70">
              {content.latitude}, {content.longitude}
            </span>
          ) : null}
        </p>
      );
    case "interactive":
      return (
        <div className="space-y-2">
          {content.text ? <p className="whitespace-pre-wrap">{content.text}</p> : null}
          {content.options.length > 0 ? (
            <ul aria-label="Options" className="flex flex-wrap gap-1">
              {content.options.map((o) => (
                <li key={o} className="rounded border border-current/30 px-2 py-0.5 text-xs">
                  {o}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      );
    case "template":
      return <TemplateContent content={content} />;
    default:
      return <p className="italic opacity-80">Unsupported message type: {content.type}</p>;
  }
}

/**
 * A template message as the customer read it (header, body, footer, buttons), under a small
 * line naming the template. Messages stored before the text was kept show their parameters.
 */
function TemplateContent({ content }: { content: Extract<ContentView, { kind: "template" }> }) {
  const r = content.rendered;
  return (
    <div className="space-y-1">
      <p className="text-xs opacity-80">
        Template {content.name}
        {content.language ? ` (${content.language})` : null}
      </p>
      {content.headerMedia ? (
        <p className="text-xs opacity-80">
          <span aria-hidden="true">📎 </span>
          {MEDIA_LABEL[content.headerMedia.media] ?? content.headerMedia.media} header
          {content.headerMedia.link ? (
            <span className="block truncate">{content.headerMedia.link}</span>
          ) : null}
        </p>
      ) : null}
      {r ? (
        <>
          {r.header ? <p className="font-semibold break-words">{r.header}</p> : null}
          {r.body ? <p className="break-words whitespace-pre-wrap">{r.body}</p> : null}
          {r.footer ? <p className="text-xs opacity-80">{r.footer}</p> : null}
          {r.buttons.length > 0 ? (
            <ul aria-label="Buttons" className="flex flex-wrap gap-1">
              {r.buttons.map((b) => (
                <li
                  key={`${b.text}-${b.url}`}
                  className="rounded border border-current/30 px-2 py-0.5 text-xs"
                >
                  {b.text}
                  {b.url ? <span className="sr-only"> (link {b.url})</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : content.parameters.length > 0 ? (
        <p className="text-xs opacity-80">Parameters: {content.parameters.join(", ")}</p>
      ) : null}
    </div>
  );
}
