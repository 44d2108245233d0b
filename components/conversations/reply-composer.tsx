"use client";

import { type FormEvent, useState } from "react";
import { useReplyToConversation } from "@/components/conversations/use-conversations";
import { errorMessage } from "@/components/lib/fetch-json";
import { useTemplates } from "@/components/templates/use-templates";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { controlClass, Field, Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { TemplateLanguageJson, TemplateRowJson } from "@/lib/templates/template-list-schemas";

type Variable = { label: string; example: string };

type StoredComponent = {
  type?: string;
  text?: string;
  example?: { body_text?: string[][]; body_text_named_params?: { param_name?: string; example?: string }[] };
};

/** The language the server sends (an approved English one first), as sendTemplate picks it. */
function approvedLanguage(template: TemplateRowJson): TemplateLanguageJson | undefined {
  const approved = template.languages.filter((l) => l.status === "APPROVED");
  return approved.find((l) => l.code.startsWith("en")) ?? approved[0];
}

/** The body's variables in order, each with the synced example as placeholder. */
function bodyVariables(language: TemplateLanguageJson | undefined): Variable[] {
  const body = (language?.components as StoredComponent[] | undefined)?.find((c) => c?.type === "BODY");
  const names = [
    ...new Set([...(body?.text ?? "").matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)].map((m) => m[1] ?? "")),
  ];
  const positional = body?.example?.body_text?.[0] ?? [];
  const named = body?.example?.body_text_named_params ?? [];
  return names.map((name, i) => ({
    label: `{{${name}}}`,
    example: (/^\d+$/.test(name) ? positional[i] : named.find((p) => p.param_name === name)?.example) ?? "",
  }));
}

/**
 * Answer the customer: free text while the 24-hour window is open, otherwise one of the
 * channel's approved templates with its body variables. A failed send shows its reason here.
 */
export function ReplyComposer({
  conversationId,
  channelId,
  windowOpenUntil,
}: {
  conversationId: string;
  channelId: string | null;
  windowOpenUntil: string | null;
}) {
  const open = windowOpenUntil !== null && new Date(windowOpenUntil).getTime() > Date.now();
  const send = useReplyToConversation(conversationId);
  const [text, setText] = useState("");
  const [templateId, setTemplateId] = useState("");
  const [values, setValues] = useState<string[]>([]);
  const templates = useTemplates({ channelId: channelId ?? "", search: "", page: 1, perPage: 100 });
  const approved = (templates.data?.templates ?? []).filter(
    (t) => (channelId === null || t.channel.id === channelId) && approvedLanguage(t),
  );
  const chosen = approved.find((t) => t.id === templateId);
  const variables = chosen ? bodyVariables(approvedLanguage(chosen)) : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (open) {
      send.mutate({ type: "text", text }, { onSuccess: () => setText("") });
    } else if (chosen) {
      const parameters = variables.map((v, i) => values[i]?.trim() || v.example);
      send.mutate(
        { type: "template", template_id: chosen.id, parameters },
        { onSuccess: () => setValues([]) },
      );
    }
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Answer the customer"
      className="space-y-3 border-t border-slate-200 px-5 py-4"
    >
      {open ? (
        <Field label="Your reply" hint="The customer wrote in the last 24 hours: any text can be sent.">
          {({ id, describedBy }) => (
            <textarea
              id={id}
              aria-describedby={describedBy}
              rows={3}
              maxLength={4096}
              value={text}
              onChange={(e) => setText(e.target.value)}
              className={cx(controlClass, "py-2")}
            />
          )}
        </Field>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            The customer has not written in the last 24 hours: only an approved template can be sent.
          </p>
          <Select
            label="Template"
            value={templateId}
            onChange={(e) => {
              setTemplateId(e.target.value);
              setValues([]);
            }}
            options={[
              {
                value: "",
                label: templates.isPending
                  ? "Loading templates…"
                  : approved.length
                    ? "Choose a template"
                    : "No approved templates",
              },
              ...approved.map((t) => ({
                value: t.id,
                label: `${t.name} (${approvedLanguage(t)?.code ?? ""})`,
              })),
            ]}
          />
          {variables.map((v, i) => (
            <Input
              key={`${templateId}-${v.label}`}
              label={`Variable ${v.label}`}
              placeholder={v.example}
              value={values[i] ?? ""}
              onChange={(e) => {
                const next = [...values];
                next[i] = e.target.value;
                setValues(next);
              }}
            />
          ))}
        </>
      )}
      {send.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          Not sent: {errorMessage(send.error)}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button
          type="submit"
          loading={send.isPending}
          disabled={
            open ? text.trim() === "" : !chosen || variables.some((v, i) => !(values[i]?.trim() || v.example))
          }
        >
          {open ? "Send" : "Send template"}
        </Button>
      </div>
    </form>
  );
}
