import { splitVariables, templateParts } from "@/lib/templates/template-parts";

function Highlighted({ text }: { text: string }) {
  return (
    <>
      {splitVariables(text).map((part, i) =>
        part.variable ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order
          <mark key={i} className="rounded bg-amber-100 px-0.5 text-amber-900">
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

/** A template's components drawn like the message the customer gets; variables highlighted. */
export function TemplatePreview({ components }: { components: unknown[] }) {
  const { header, body, footer, buttons } = templateParts(components);
  if (!header && !body && !footer && buttons.length === 0) {
    return <p className="text-sm text-slate-500">This template has no components to preview.</p>;
  }
  return (
    <div className="rounded-lg bg-emerald-50 p-4">
      <div className="max-w-sm rounded-lg bg-white px-3 py-2 text-sm text-slate-900 shadow-xs">
        {header ? (
          header.format === "TEXT" ? (
            <p className="font-semibold">{header.text ? <Highlighted text={header.text} /> : null}</p>
          ) : (
            <p className="rounded bg-slate-100 px-2 py-6 text-center text-xs text-slate-500">
              {header.format.toLowerCase()} header
            </p>
          )
        ) : null}
        {body ? (
          <p className="mt-1 whitespace-pre-wrap">
            <Highlighted text={body} />
          </p>
        ) : null}
        {footer ? <p className="mt-1 text-xs text-slate-500">{footer}</p> : null}
      </div>
      {buttons.length > 0 ? (
        <ul aria-label="Buttons" className="mt-1 max-w-sm space-y-1">
          {buttons.map((b) => (
            <li
              key={`${b.type}-${b.text}`}
              className="rounded-lg bg-white px-3 py-1.5 text-center text-sm font-medium text-sky-700 shadow-xs"
              title={b.url}
            >
              {b.text}
              <span className="sr-only"> ({b.type.toLowerCase().replace("_", " ")} button)</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
