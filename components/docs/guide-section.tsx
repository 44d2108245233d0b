import type { GuideBlock, GuideSection as Section } from "@/lib/openapi/guide";
import { CodeBlock } from "./code-block";
import { DataTable } from "./data-table";
import { InlineText } from "./inline-text";

function Block({ block }: { block: GuideBlock }) {
  switch (block.kind) {
    case "p":
      return (
        <p className="leading-relaxed text-slate-700">
          <InlineText text={block.text} />
        </p>
      );
    case "list":
      return (
        <ul className="list-disc space-y-1 pl-5 text-slate-700">
          {block.items.map((item) => (
            <li key={item}>
              <InlineText text={item} />
            </li>
          ))}
        </ul>
      );
    case "table":
      return (
        <DataTable
          head={block.head}
          rows={block.rows.map((cells) => ({
            key: cells.join("|"),
            cells: cells.map((cell) => <InlineText key={cell} text={cell} />),
          }))}
        />
      );
    case "code":
      return <CodeBlock code={block.code} />;
  }
}

/** One section of the guide (authentication, envelope, errors, …). */
export function GuideSection({ section }: { section: Section }) {
  return (
    <section id={section.id} className="scroll-mt-6 space-y-4 border-b border-slate-200 py-10">
      <h2 className="text-2xl font-semibold text-slate-900">{section.title}</h2>
      {section.blocks.map((block) => (
        <Block key={JSON.stringify(block)} block={block} />
      ))}
    </section>
  );
}
