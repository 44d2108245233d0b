"use client";

import { useState } from "react";
import { LanguageBadge, StatusReason } from "@/components/templates/language-badge";
import { TemplatePreview } from "@/components/templates/template-preview";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Segmented } from "@/components/ui/segmented";
import type { TemplateRowJson } from "@/lib/templates/template-list-schemas";

/** One template's components per language. Mount with a `key` per template. */
export function PreviewDialog({
  template,
  onClose,
}: {
  template: TemplateRowJson | null;
  onClose: () => void;
}) {
  const [code, setCode] = useState(template?.languages[0]?.code ?? "");
  const language = template?.languages.find((l) => l.code === code) ?? template?.languages[0];
  return (
    <Dialog
      open={template !== null}
      onClose={onClose}
      size="md"
      title={template ? `Template ${template.name}` : "Template"}
      description={template ? `${template.channel.name} · ${template.category.toLowerCase()}` : undefined}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {template && language ? (
        <div className="space-y-4">
          {template.languages.length > 1 ? (
            <Segmented
              label="Language"
              options={template.languages.map((l) => ({ value: l.code, label: l.code }))}
              value={language.code}
              onChange={setCode}
            />
          ) : null}
          <p>
            <LanguageBadge code={language.code} status={language.status} />
            <StatusReason reason={language.status_reason} details={language.status_details} />
          </p>
          <TemplatePreview components={language.components} />
          <details className="text-sm">
            <summary className="cursor-pointer text-slate-700">Components as JSON</summary>
            <pre
              // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls; Tab must reach it to scroll it by keyboard (axe scrollable-region-focusable)
              tabIndex={0}
              className="mt-2 max-h-64 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100"
            >
              {JSON.stringify(language.components, null, 2)}
            </pre>
          </details>
        </div>
      ) : (
        <p className="text-sm text-slate-600">This template has no active language.</p>
      )}
    </Dialog>
  );
}
