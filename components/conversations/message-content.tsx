import { MessageMedia } from "@/components/conversations/message-media";
import type { ContentView } from "@/lib/conversations/message-view";
import type { ThreadMediaJson } from "@/lib/conversations/thread-media";

const MEDIA_LABEL: Record<string, string> = {
  image: "Image",
  audio: "Voice or audio",
  video: "Video",
  document: "Document",
  sticker: "Sticker",
};

/** A map of the place on OpenStreetMap: a link only (the product never fetches it). */
export function mapLink(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;
}

/**
 * A message's content by type: text as text, media as the file itself (`media`, from the thread:
 * lib/conversations/thread-media.ts) with its caption, a place with a map link, and so on.
 */
export function MessageContent({ content, media }: { content: ContentView; media?: ThreadMediaJson | null }) {
  switch (content.kind) {
    case "text":
      return <p className="break-words whitespace-pre-wrap">{content.text}</p>;
    case "media":
      return (
        <div className="space-y-1">
          {media ? (
            <MessageMedia media={media} kind={content.media} caption={content.caption} />
          ) : (
            <p className="font-medium">
              <span aria-hidden="true">📎 </span>
              {MEDIA_LABEL[content.media] ?? content.media}
              {content.filename ? `: ${content.filename}` : ""}
              {content.mime_type ? (
                <span className="font-normal opacity-70"> ({content.mime_type})</span>
              ) : null}
            </p>
          )}
          {content.caption ? <p className="break-words whitespace-pre-wrap">{content.caption}</p> : null}
        </div>
      );
    case "location":
      return (
        <div className="space-y-0.5">
          <p className="font-medium">
            <span aria-hidden="true">📍 </span>
            {content.name ?? "Location"}
          </p>
          {content.address ? <p className="break-words">{content.address}</p> : null}
          {content.latitude !== null && content.longitude !== null ? (
            <p className="text-xs">
              <span className="opacity-80">
                {content.latitude}, {content.longitude}
              </span>{" "}
              <a
                href={mapLink(content.latitude, content.longitude)}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium underline underline-offset-2"
              >
                Open map
                <span className="sr-only"> of {content.name ?? "the location"} (OpenStreetMap, new tab)</span>
              </a>
            </p>
          ) : null}
        </div>
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
    case "flow":
      return (
        <div className="space-y-1">
          {content.text ? <p className="break-words whitespace-pre-wrap">{content.text}</p> : null}
          <p className="text-xs font-medium">
            <span aria-hidden="true">📝 </span>
            Form sent: {content.cta}
          </p>
        </div>
      );
    case "flowAnswer":
      return (
        <div className="space-y-1">
          <p className="text-xs font-medium">
            <span aria-hidden="true">📝 </span>
            Form completed
          </p>
          {content.raw !== null ? (
            <p className="text-xs break-words">
              <span className="opacity-80">The answer could not be read: </span>
              <code className="break-all">{content.raw}</code>
            </p>
          ) : content.fields.length === 0 ? (
            <p className="text-xs opacity-80">No fields</p>
          ) : (
            <dl aria-label="Form answer" className="space-y-0.5">
              {content.fields.map((f) => (
                <div key={f.label} className="break-words">
                  <dt className="inline font-medium">{f.label}:</dt>{" "}
                  <dd className="inline whitespace-pre-wrap">{f.value}</dd>
                </div>
              ))}
            </dl>
          )}
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
