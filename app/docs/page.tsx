import type { Metadata } from "next";
import { DocsSidebar } from "@/components/docs/docs-sidebar";
import { EventSection } from "@/components/docs/event-section";
import { GuideSection } from "@/components/docs/guide-section";
import { Paragraphs } from "@/components/docs/inline-text";
import { OperationSection } from "@/components/docs/operation-section";
import { openApiDocument } from "@/lib/openapi/document";
import { eventsOf } from "@/lib/openapi/event-reference";
import { GUIDE } from "@/lib/openapi/guide";
import { referenceOf } from "@/lib/openapi/reference";

export const metadata: Metadata = {
  title: "API reference · Messaging API",
  description: "Reference of the /v1 customer-messaging API, generated from its OpenAPI document.",
};

export default function DocsPage() {
  const document = openApiDocument();
  const tags = referenceOf(document);
  const events = eventsOf(document);
  return (
    <div className="mx-auto flex max-w-7xl flex-col lg:flex-row">
      <aside className="border-b border-slate-200 px-6 py-6 lg:sticky lg:top-0 lg:h-screen lg:w-72 lg:shrink-0 lg:overflow-y-auto lg:border-r lg:border-b-0">
        <a href="#top" className="mb-6 block text-lg font-semibold text-slate-900">
          Messaging API
        </a>
        <DocsSidebar guide={GUIDE} tags={tags} events={events} />
      </aside>
      <main id="top" className="min-w-0 flex-1 px-6 lg:px-12">
        <header className="space-y-3 border-b border-slate-200 py-10">
          <p className="text-sm text-slate-500">API reference · version {document.info.version}</p>
          <h1 className="text-3xl font-semibold text-slate-900">{document.info.title}</h1>
          <Paragraphs text="Every path below starts with the version segment `/v1`. Requests and answers are JSON (`Content-Type: application/json`)." />
          <p className="text-sm">
            <a href="/v1/openapi.json" className="text-blue-700 underline">
              OpenAPI 3.1 document
            </a>{" "}
            <span className="text-slate-500">— import it into your client generator or API tool.</span>
          </p>
        </header>
        {GUIDE.map((section) => (
          <GuideSection key={section.id} section={section} />
        ))}
        {tags.map((tag) => (
          <section key={tag.name} id={`tag-${tag.name.toLowerCase()}`} className="pt-10">
            <h2 className="text-2xl font-semibold text-slate-900">{tag.name}</h2>
            <Paragraphs text={tag.description} className="mt-2" />
            {tag.operations.map((op) => (
              <OperationSection key={op.id} op={op} />
            ))}
          </section>
        ))}
        <section id="event-payloads" className="pt-10">
          <h2 className="text-2xl font-semibold text-slate-900">Event payloads</h2>
          <Paragraphs
            text="Every event your webhooks receive, as the OpenAPI document's `webhooks` publishes it: what triggers it, the body's fields and the headers of each attempt. Signatures, retries and a complete receiver: docs/webhooks.md."
            className="mt-2"
          />
          {events.map((event) => (
            <EventSection key={event.id} event={event} />
          ))}
        </section>
      </main>
    </div>
  );
}
