"use client";

import type { Draft } from "@/components/broadcasts/new/draft";
import { TemplatePreview } from "@/components/templates/template-preview";
import { useTemplates } from "@/components/templates/use-templates";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { defaultLanguage, orderLanguages } from "@/lib/templates/default-language";
import type { TemplateRowJson } from "@/lib/templates/template-list-schemas";

/** The templates of a channel that have an approved language, with those languages. */
export function useApprovedTemplates(channelId: string) {
  const list = useTemplates({ channelId, search: "", page: 1, perPage: 100 });
  const templates = (list.data?.templates ?? [])
    .map((t) => ({ ...t, languages: t.languages.filter((l) => l.status === "APPROVED") }))
    .filter((t) => t.languages.length > 0 && (!channelId || t.channel.id === channelId));
  const channels = (list.data?.channels ?? []).filter((c) => c.status === "active");
  return { list, templates, channels };
}

/** Step 1: a name, the sending channel, an approved template and its language. */
export function MessageStep({
  draft,
  onChange,
  chosen,
}: {
  draft: Draft;
  onChange: (patch: Partial<Draft>) => void;
  chosen: TemplateRowJson | undefined;
}) {
  const { list, templates, channels } = useApprovedTemplates(draft.channelId);
  const language = chosen?.languages.find((l) => l.code === draft.language);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="space-y-4">
        <Input
          label="Name"
          hint="Shown in the dashboard only"
          value={draft.name}
          maxLength={100}
          onChange={(e) => onChange({ name: e.target.value })}
        />
        <Select
          label="Channel"
          value={draft.channelId}
          onChange={(e) => onChange({ channelId: e.target.value, templateId: "", language: "", sources: {} })}
          options={[
            { value: "", label: list.isPending ? "Loading channels…" : "Choose a channel" },
            ...channels.map((c) => ({
              value: c.id,
              label: `${c.name}${c.display_phone_number ? ` (${c.display_phone_number})` : ""}`,
            })),
          ]}
        />
        <Select
          label="Template"
          value={draft.templateId}
          disabled={!draft.channelId}
          onChange={(e) => {
            const t = templates.find((x) => x.id === e.target.value);
            // a broadcast has many customers: the organization's language first (default-language.ts)
            const codes = t?.languages.map((l) => l.code) ?? [];
            onChange({
              templateId: e.target.value,
              language: defaultLanguage(codes, null) ?? "",
              sources: {},
            });
          }}
          options={[
            {
              value: "",
              label: templates.length === 0 ? "No approved templates" : "Choose an approved template",
            },
            ...templates.map((t) => ({ value: t.id, label: `${t.name} · ${t.category.toLowerCase()}` })),
          ]}
        />
        {chosen ? (
          <Select
            label="Language"
            value={draft.language}
            onChange={(e) => onChange({ language: e.target.value, sources: {} })}
            options={orderLanguages(
              chosen.languages.map((l) => l.code),
              null,
            ).map((code) => ({ value: code, label: code }))}
          />
        ) : null}
        {chosen?.category === "MARKETING" ? (
          <p className="text-sm text-slate-700">
            A marketing template: contacts who stopped marketing messages will be skipped.
          </p>
        ) : null}
      </div>
      {language ? (
        <div>
          <h3 className="mb-2 text-sm font-medium text-slate-800">The template</h3>
          <TemplatePreview components={language.components} />
        </div>
      ) : null}
    </div>
  );
}
