export function CodeBlock({ code, label }: { code: string; label?: string }) {
  return (
    <figure className="overflow-hidden rounded-lg border border-slate-800 bg-slate-900">
      {label ? (
        <figcaption className="border-b border-slate-700 px-4 py-1.5 text-xs text-slate-400">
          {label}
        </figcaption>
      ) : null}
      {/* scrolls sideways on a phone: a box that takes focus, so a keyboard can scroll it */}
      <div
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take focus to scroll by keyboard (axe scrollable-region-focusable; a named region would add one landmark per sample)
        tabIndex={0}
        className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-400"
      >
        <pre className="p-4 text-xs leading-relaxed text-slate-100">
          <code>{code}</code>
        </pre>
      </div>
    </figure>
  );
}
