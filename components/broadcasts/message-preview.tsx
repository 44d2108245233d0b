import type { PreviewText } from "@/lib/broadcasts/render-preview";

/** One recipient's message drawn as the customer sees it: the exact text, no placeholders. */
export function MessagePreview({
  to,
  name,
  text,
}: {
  to: string | null;
  name: string | null;
  text: PreviewText;
}) {
  return (
    <figure className="rounded-lg bg-emerald-50 p-3">
      <figcaption className="mb-2 text-xs font-medium text-slate-700">
        To {name ? `${name} · ` : ""}
        {to ?? "a customer known by their WhatsApp user ID"}
      </figcaption>
      <div className="max-w-sm rounded-lg bg-white px-3 py-2 text-sm text-slate-900 shadow-xs">
        {text.headerMedia ? (
          <p className="rounded bg-slate-100 px-2 py-6 text-center text-xs text-slate-600">
            {text.headerMedia.toLowerCase()} header
          </p>
        ) : null}
        {text.header ? <p className="font-semibold">{text.header}</p> : null}
        <p className="mt-1 whitespace-pre-wrap">{text.body}</p>
        {text.footer ? <p className="mt-1 text-xs text-slate-600">{text.footer}</p> : null}
      </div>
      {text.buttons.length > 0 ? (
        <ul aria-label="Buttons" className="mt-1 max-w-sm space-y-1">
          {text.buttons.map((b) => (
            <li
              key={b}
              className="rounded-lg bg-white px-3 py-1.5 text-center text-sm font-medium text-sky-800 shadow-xs"
            >
              {b}
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}
