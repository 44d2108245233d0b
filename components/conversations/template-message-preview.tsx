import type { RenderedTemplate } from "@/lib/messages/render-template";
import { splitVariables } from "@/lib/templates/template-parts";

const MEDIA_LABEL = { image: "Image", video: "Video", document: "Document", location: "Location" } as const;

/** Text with every `{{variable}}` still unfilled marked, so a person sees what is missing. */
function Marked({ text }: { text: string }) {
  return (
    <>
      {splitVariables(text).map((part, i) =>
        part.variable ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order
          <mark key={i} className="rounded bg-amber-200 px-0.5 text-amber-950">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

/**
 * The message exactly as the customer will read it, from the same renderer that stores the sent
 * text (lib/messages/render-template.ts). Variables without a value stay visible and marked.
 */
export function TemplateMessagePreview({ rendered }: { rendered: RenderedTemplate }) {
  const media = rendered.headerMedia;
  return (
    <figure aria-labelledby="template-preview-title" className="rounded-lg bg-emerald-50 p-3">
      <figcaption id="template-preview-title" className="mb-2 text-xs font-semibold text-slate-700">
        The customer will read
      </figcaption>
      <div
        data-testid="template-preview"
        className="max-w-md rounded-lg bg-white px-3 py-2 text-sm shadow-xs"
      >
        {media ? (
          <p className="mb-1 rounded bg-slate-100 px-2 py-3 text-center text-xs break-all text-slate-600">
            {MEDIA_LABEL[media.kind]}
            {media.kind !== "location" && media.link ? `: ${media.link}` : ""}
            {media.kind !== "location" && !media.link ? " (give its link above)" : ""}
          </p>
        ) : null}
        {rendered.header ? (
          <p className="font-semibold break-words">
            <Marked text={rendered.header} />
          </p>
        ) : null}
        {rendered.body ? (
          <p className="break-words whitespace-pre-wrap">
            <Marked text={rendered.body} />
          </p>
        ) : null}
        {rendered.footer ? <p className="mt-1 text-xs text-slate-500">{rendered.footer}</p> : null}
      </div>
      {rendered.buttons.length > 0 ? (
        <ul aria-label="Buttons" className="mt-1 max-w-md space-y-1">
          {rendered.buttons.map((b) => (
            <li
              key={`${b.type}-${b.text}`}
              className="rounded-lg bg-white px-3 py-1.5 text-center text-sm font-medium text-sky-800 shadow-xs"
            >
              {b.text}
              {b.url ? (
                <span className="block text-xs font-normal break-all text-slate-600">
                  <Marked text={b.url} />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}
