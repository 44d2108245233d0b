"use client";

import { formatDateTime, formatRelative } from "@/components/lib/format";
import { LanguageBadge, StatusReason } from "@/components/templates/language-badge";
import { Button } from "@/components/ui/button";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { TemplateRowJson } from "@/lib/templates/template-list-schemas";

function categoryLabel(category: string): string {
  return category.charAt(0) + category.slice(1).toLowerCase();
}

/** Templates with their languages and statuses; Preview opens the components. */
export function TemplatesTable({
  templates,
  showChannel,
  onPreview,
}: {
  templates: TemplateRowJson[];
  showChannel: boolean;
  onPreview: (template: TemplateRowJson) => void;
}) {
  return (
    <Table caption="Message templates">
      <THead>
        <tr>
          <Th>Name</Th>
          {showChannel ? <Th>Channel</Th> : null}
          <Th>Category</Th>
          <Th>Languages</Th>
          <Th className="max-lg:hidden">Synced</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {templates.map((t) => (
          <Tr key={t.id}>
            <Td className="font-mono text-sm font-medium break-all">{t.name}</Td>
            {showChannel ? (
              <Td label="Channel">
                {t.channel.name}
                {t.channel.status === "inactive" ? (
                  <span className="block text-xs text-slate-500">Inactive</span>
                ) : null}
              </Td>
            ) : null}
            <Td label="Category">{categoryLabel(t.category)}</Td>
            <Td label="Languages">
              <ul aria-label={`Languages of ${t.name}`} className="flex max-w-md flex-wrap gap-1">
                {t.languages.map((l) => (
                  <li key={l.code}>
                    <LanguageBadge code={l.code} status={l.status} />
                    <StatusReason reason={l.status_reason} details={l.status_details} />
                  </li>
                ))}
              </ul>
            </Td>
            <Td
              label="Synced"
              className="whitespace-nowrap max-lg:hidden"
              title={formatDateTime(t.updated_at)}
            >
              {formatRelative(t.updated_at)}
            </Td>
            <Td className="text-right max-sm:text-left">
              <Button variant="secondary" size="sm" onClick={() => onPreview(t)}>
                Preview<span className="sr-only"> {t.name}</span>
              </Button>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
