import type { EventView } from "@/lib/openapi/event-reference";
import type { GuideSection } from "@/lib/openapi/guide";
import type { TagView } from "@/lib/openapi/reference";
import { MethodBadge } from "./method-badge";

function Heading({ children }: { children: string }) {
  return <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{children}</h2>;
}

/** Guide sections, then the operations grouped by tag, then the events we send. */
export function DocsSidebar({
  guide,
  tags,
  events,
}: {
  guide: GuideSection[];
  tags: TagView[];
  events: EventView[];
}) {
  return (
    <nav aria-label="API reference" className="space-y-6 text-sm">
      <div>
        <Heading>Guide</Heading>
        <ul className="space-y-1">
          {guide.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="block rounded px-2 py-1 text-slate-700 hover:bg-slate-100">
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </div>
      {tags.map((tag) => (
        <div key={tag.name}>
          <Heading>{tag.name}</Heading>
          <ul className="space-y-1">
            {tag.operations.map((op) => (
              <li key={op.id}>
                <a
                  href={`#${op.id}`}
                  className="flex items-center gap-2 rounded px-2 py-1 text-slate-700 hover:bg-slate-100"
                >
                  <MethodBadge method={op.method} />
                  <span className="truncate">{op.summary}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div>
        <Heading>Event payloads</Heading>
        <ul className="space-y-1">
          {events.map((event) => (
            <li key={event.id}>
              <a
                href={`#${event.id}`}
                className="block rounded px-2 py-1 font-mono text-xs text-slate-700 hover:bg-slate-100"
              >
                {event.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
