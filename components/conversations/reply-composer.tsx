"use client";

import { type FormEvent, type KeyboardEvent, useState } from "react";
import {
  FlowReplyFields,
  type FlowReplyValues,
  flowBlocked,
  NO_FLOW,
  toFlowReply,
  usePublishedFlows,
} from "@/components/conversations/flow-reply-fields";
import {
  type EditableValues,
  NO_VALUES,
  TemplateReplyFields,
  toTemplateValues,
} from "@/components/conversations/template-reply-fields";
import { useReplyToConversation } from "@/components/conversations/use-conversations";
import { errorMessage } from "@/components/lib/fetch-json";
import { useTemplates } from "@/components/templates/use-templates";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { cx } from "@/components/ui/cx";
import { controlClass, Field } from "@/components/ui/input";
import { Segmented } from "@/components/ui/segmented";
import { Select } from "@/components/ui/select";
import type { ReplyInput } from "@/lib/conversations/reply-schemas";
import { missingFields, templateForm } from "@/lib/messages/template-fields";
import { orderLanguages } from "@/lib/templates/default-language";
import type { TemplateLanguageJson, TemplateRowJson } from "@/lib/templates/template-list-schemas";

/** A template's approved languages, the customer's last one (else the organization's) first. */
function approvedLanguages(
  template: TemplateRowJson,
  customerLanguage: string | null,
): TemplateLanguageJson[] {
  const approved = template.languages.filter((l) => l.status === "APPROVED");
  return orderLanguages(
    approved.map((l) => l.code),
    customerLanguage,
  ).flatMap((code) => approved.filter((l) => l.code === code));
}

/**
 * Answer the customer: free text or a published Flow of the channel while the 24-hour window is
 * open, otherwise one of the channel's approved templates with its body variables. A failed send
 * shows its reason here.
 */
export function ReplyComposer({
  conversationId,
  channelId,
  windowOpenUntil,
  customerLanguage,
  otherResponder,
}: {
  conversationId: string;
  /** conversation routing: who answers it when not this service (null: we do); replying takes it over */
  otherResponder: string | null;
  channelId: string | null;
  windowOpenUntil: string | null;
  /** the language of the last template the customer was sent (lib/templates/default-language.ts) */
  customerLanguage: string | null;
}) {
  const open = windowOpenUntil !== null && new Date(windowOpenUntil).getTime() > Date.now();
  const send = useReplyToConversation(conversationId);
  const [text, setText] = useState("");
  const [templateId, setTemplateId] = useState("");
  const [languageCode, setLanguageCode] = useState("");
  const [values, setValues] = useState<EditableValues>(NO_VALUES);
  // a reply to a conversation another responder answers waits here for the person's confirmation
  const [confirming, setConfirming] = useState<ReplyInput | null>(null);
  const [kind, setKind] = useState<"text" | "flow">("text");
  const [flow, setFlow] = useState<FlowReplyValues>(NO_FLOW);
  const publishedFlows = usePublishedFlows(channelId);
  const flows = publishedFlows.data ?? [];
  // the choice appears once the channel has a published Flow; a Flow is free-form: window open only
  const sendingFlow = open && kind === "flow" && flows.length > 0;
  const templates = useTemplates({ channelId: channelId ?? "", search: "", page: 1, perPage: 100 });
  const approved = (templates.data?.templates ?? []).filter(
    (t) => (channelId === null || t.channel.id === channelId) && approvedLanguages(t, null).length > 0,
  );
  const chosen = approved.find((t) => t.id === templateId);
  const languages = chosen ? approvedLanguages(chosen, customerLanguage) : [];
  const language = languages.find((l) => l.code === languageCode) ?? languages[0];
  const form = language ? templateForm(language.components) : null;
  const missing = form ? missingFields(form, toTemplateValues(values)) : [];
  const unsendable = form?.header.kind === "location";
  const blocked = sendingFlow
    ? flowBlocked(flow)
    : open
      ? text.trim() === ""
        ? "Write a message to send."
        : null
      : !chosen
        ? "Choose a template to send."
        : unsendable
          ? "This template has a location header, which the dashboard cannot fill: send it with the API."
          : missing.length > 0
            ? `Fill ${missing.join(", ")} to send.`
            : null;
  /**
   * Enter sends, Shift+Enter starts a new line (as in chat apps). Not while an input method is
   * composing (Enter there confirms a word), nor while a send is on its way. A phone's keyboard
   * shows its Enter key as "Send" (enterKeyHint); a new line there is typed with Shift.
   */
  const sendOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.altKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!send.isPending && blocked === null) event.currentTarget.form?.requestSubmit();
  };
  // an empty reply box needs no explanation; a chosen template with gaps does
  const showReason = blocked !== null && ((!open && chosen !== undefined) || sendingFlow);

  const deliver = (body: ReplyInput) =>
    send.mutate(body, {
      onSuccess: () => {
        setConfirming(null);
        if (body.type === "text") setText("");
        else if (body.type === "flow") setFlow(NO_FLOW);
        else setValues(NO_VALUES);
      },
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let body: ReplyInput | null = null;
    if (sendingFlow) {
      if (blocked === null) body = toFlowReply(flow);
    } else if (open) {
      body = { type: "text", text };
    } else if (chosen && blocked === null) {
      body = {
        type: "template",
        template_id: chosen.id,
        ...(language ? { language: language.code } : {}),
        parameters: values.body,
        header_parameters: values.header,
        ...(values.headerLink.trim() ? { header_link: values.headerLink.trim() } : {}),
        button_parameters: values.buttons,
      };
    }
    if (!body) return;
    if (otherResponder) {
      send.reset();
      setConfirming(body);
    } else deliver(body);
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Answer the customer"
      className="space-y-2 border-t border-slate-200 px-3 py-3 sm:px-5"
    >
      {open && flows.length > 0 ? (
        <Segmented
          label="What to send"
          options={[
            { value: "text", label: "Text" },
            { value: "flow", label: "Flow" },
          ]}
          value={kind}
          onChange={setKind}
        />
      ) : null}
      {sendingFlow ? (
        <FlowReplyFields flows={flows} loading={publishedFlows.isPending} values={flow} onChange={setFlow} />
      ) : open ? (
        <Field
          label="Your reply"
          hint={
            <>
              <kbd className="font-sans font-medium">Enter</kbd> sends,{" "}
              <kbd className="font-sans font-medium">Shift+Enter</kbd> adds a line. The customer wrote in the
              last 24 hours: any text can be sent.
            </>
          }
        >
          {({ id, describedBy }) => (
            <textarea
              id={id}
              aria-describedby={describedBy}
              rows={2}
              maxLength={4096}
              enterKeyHint="send"
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={sendOnEnter}
              className={cx(controlClass, "py-2")}
            />
          )}
        </Field>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            The customer has not written in the last 24 hours: only an approved template can be sent (a text
            or a Flow once they write again).
          </p>
          <Select
            label="Template"
            value={templateId}
            onChange={(e) => {
              setTemplateId(e.target.value);
              setLanguageCode("");
              setValues(NO_VALUES);
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
                label: `${t.name} (${approvedLanguages(t, customerLanguage)
                  .map((l) => l.code)
                  .join(", ")})`,
              })),
            ]}
          />
          {chosen && language ? (
            <Select
              label="Language"
              hint={
                customerLanguage
                  ? `The customer was last sent a template in ${customerLanguage}.`
                  : "The customer has not been sent a template yet: the organization's language first."
              }
              value={language.code}
              onChange={(e) => {
                setLanguageCode(e.target.value);
                setValues(NO_VALUES);
              }}
              options={languages.map((l) => ({ value: l.code, label: l.code }))}
            />
          ) : null}
          {form && language ? (
            <TemplateReplyFields
              key={`${templateId}-${language.code}`}
              form={form}
              stored={language.components}
              parameterFormat={language.parameter_format}
              values={values}
              onChange={setValues}
            />
          ) : null}
        </>
      )}
      {send.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          Not sent: {errorMessage(send.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {showReason ? (
          <p id={`${conversationId}-send-blocked`} className="text-sm text-slate-600">
            {blocked}
          </p>
        ) : null}
        <Button
          type="submit"
          loading={send.isPending}
          disabled={blocked !== null}
          aria-describedby={showReason ? `${conversationId}-send-blocked` : undefined}
        >
          {sendingFlow ? "Send Flow" : open ? "Send" : "Send template"}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title="Take over this conversation?"
        confirmLabel="Send and take over"
        pending={send.isPending}
        error={send.isError ? errorMessage(send.error) : null}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) deliver({ ...confirming, take_over: true });
        }}
      >
        <p>
          {otherResponder
            ? `${otherResponder[0]?.toUpperCase()}${otherResponder.slice(1)}`
            : "Another responder"}{" "}
          answers this conversation now. When your reply goes out, WhatsApp gives the conversation to this
          service: the customer's next messages come here, and the other responder stops answering.
        </p>
      </ConfirmDialog>
    </form>
  );
}
