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
      return (
        <div>
          <p className="font-medium">
            Template {content.name}
            {content.language ? <span className="font-normal opacity-70"> ({content.language})</span> : null}
          </p>
          {content.parameters.length > 0 ? (
            <p className="text-xs opacity-80">Parameters: {content.parameters.join(", ")}</p>
          ) : null}
        </div>
      );
    default:
      return <p className="italic opacity-80">Unsupported message type: {content.type}</p>;
  }
}
