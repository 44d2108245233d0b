export function CodeBlock({ code, label }: { code: string; label?: string }) {
  return (
    <figure className="overflow-hidden rounded-lg border border-slate-800 bg-slate-900">
      {label ? (
        <figcaption className="border-b border-slate-700 px-4 py-1.5 text-xs text-slate-400">
          {label}
        </figcaption>
      ) : null}
      <pre className="overflow-x-auto p-4 text-xs leading-relaxed text-slate-100">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
