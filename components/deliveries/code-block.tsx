import { CopyButton } from "@/components/ui/copy-button";

/** Monospaced, scrollable text with a copy button (payloads, response bodies). */
export function CodeBlock({ label, text, copyValue }: { label: string; text: string; copyValue?: string }) {
  return (
    <figure className="relative">
      <figcaption className="sr-only">{label}</figcaption>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls; Tab must reach it to scroll it by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
        className="max-h-72 overflow-auto rounded-md bg-slate-900 p-3 pr-20 text-xs leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        {text}
      </pre>
      <div className="absolute top-2 right-2">
        <CopyButton value={copyValue ?? text} label="Copy" variant="secondary" />
      </div>
    </figure>
  );
}

/** Pretty JSON when the text is JSON, else the text as is. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
