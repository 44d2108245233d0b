import type { EventView } from "@/lib/openapi/event-reference";
import { CodeBlock } from "./code-block";
import { FieldsTable } from "./fields-table";
import { Paragraphs } from "./inline-text";

/** One event we send: what triggers it, the headers of each attempt and the body's fields. */
export function EventSection({ event }: { event: EventView }) {
  return (
    <article id={event.id} className="scroll-mt-6 space-y-6 border-b border-slate-200 py-10">
      <header className="space-y-3">
        <h3 className="text-xl font-semibold text-slate-900">{event.summary}</h3>
        <div className="flex flex-wrap items-center gap-3">
          <span className="rounded bg-amber-50 px-2 py-0.5 font-mono text-xs font-semibold text-amber-800">
            EVENT
          </span>
          <code className="min-w-0 font-mono text-sm wrap-anywhere text-slate-900">{event.name}</code>
        </div>
        <Paragraphs text={event.description} />
      </header>
      <div className="space-y-3">
        <h4 className="text-sm font-semibold text-slate-900">Body (application/json)</h4>
        <FieldsTable rows={event.fields} />
        <CodeBlock label={`Example ${event.name} body`} code={JSON.stringify(event.example, null, 2)} />
      </div>
      <details className="space-y-3">
        <summary className="cursor-pointer text-sm font-semibold text-slate-900">
          Headers of every attempt
        </summary>
        <FieldsTable rows={event.headers} />
      </details>
    </article>
  );
}
