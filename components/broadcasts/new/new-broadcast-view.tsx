"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { AudienceStep } from "@/components/broadcasts/new/audience-step";
import { type Draft, EMPTY_DRAFT, toBody } from "@/components/broadcasts/new/draft";
import { MessageStep, useApprovedTemplates } from "@/components/broadcasts/new/message-step";
import { ReviewStep } from "@/components/broadcasts/new/review-step";
import { VariablesStep } from "@/components/broadcasts/new/variables-step";
import { useCreateBroadcast } from "@/components/broadcasts/use-broadcasts";
import { PageHeader } from "@/components/dashboard/page-header";
import { errorMessage } from "@/components/lib/fetch-json";
import { formatNumber } from "@/components/lib/format";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { cx } from "@/components/ui/cx";
import { matchColumns, slotsComplete, slotsOf } from "@/lib/broadcasts/template-slots";

const STEPS = ["Message", "Audience", "Variables", "Review"] as const;

/** New broadcast: message, audience, variables, then a preview with real recipients before launching. */
export function NewBroadcastView() {
  const router = useRouter();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [step, setStep] = useState(0);
  // the review step's count of customers who will receive it (null while it counts)
  const [willReceive, setWillReceive] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const create = useCreateBroadcast();
  const { templates } = useApprovedTemplates(draft.channelId);
  const chosen = templates.find((t) => t.id === draft.templateId);
  const language = chosen?.languages.find((l) => l.code === draft.language);
  const slots = language ? slotsOf(language.components) : [];
  const body = chosen ? toBody(draft, chosen.name, slots) : null;
  const onChange = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const ready = [
    draft.name.trim() !== "" && Boolean(language),
    draft.audience === "tags" ? draft.tags.length > 0 : (draft.csv?.rows.length ?? 0) > 0,
    slotsComplete(slots, draft.sources),
    draft.when === "now" || draft.scheduledAt !== "",
  ];

  function next() {
    // into the variables: CSV columns named like a variable are its source (the person may change it)
    if (step === 1 && draft.audience === "csv" && draft.csv) {
      const columns = draft.csv.columns.filter((c) => c !== draft.csv?.phoneColumn);
      onChange({ sources: matchColumns(slots, columns, draft.sources) });
    }
    setStep(step + 1);
  }

  function launch() {
    if (!body) return;
    create.mutate(body, {
      onSuccess: ({ broadcast }) => router.push(`/dashboard/broadcasts/${broadcast.id}`),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <>
      <PageHeader title="New broadcast" description="Send an approved template to many customers at once." />
      <ol className="mb-6 flex flex-wrap gap-2 text-sm" aria-label="Steps">
        {STEPS.map((name, i) => (
          <li
            key={name}
            aria-current={i === step ? "step" : undefined}
            className={cx(
              "rounded-full px-3 py-1 font-medium",
              i === step
                ? "bg-blue-600 text-white"
                : i < step
                  ? "bg-blue-50 text-blue-800"
                  : "bg-slate-100 text-slate-700",
            )}
          >
            {i + 1}. {name}
          </li>
        ))}
      </ol>
      <section aria-label={STEPS[step]} className="mb-6">
        {step === 0 ? <MessageStep draft={draft} onChange={onChange} chosen={chosen} /> : null}
        {step === 1 ? <AudienceStep draft={draft} onChange={onChange} /> : null}
        {step === 2 ? <VariablesStep draft={draft} slots={slots} onChange={onChange} /> : null}
        {step === 3 && body ? (
          <ReviewStep draft={draft} body={body} onChange={onChange} onCount={setWillReceive} />
        ) : null}
      </section>
      {create.isError ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorMessage(create.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {step > 0 ? (
          <Button variant="secondary" onClick={() => setStep(step - 1)}>
            Back
          </Button>
        ) : null}
        {step < STEPS.length - 1 ? (
          <Button onClick={next} disabled={!ready[step]}>
            Continue
          </Button>
        ) : (
          <Button onClick={() => setConfirming(true)} disabled={!ready[step] || willReceive === null}>
            {draft.when === "later" ? "Schedule broadcast" : "Send broadcast"}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={launch}
        title={`${draft.when === "later" ? "Schedule" : "Send"} to ${customers(willReceive ?? 0)}?`}
        confirmLabel={draft.when === "later" ? "Schedule broadcast" : "Send broadcast"}
        cancelLabel="Not yet"
        tone="primary"
        pending={create.isPending}
        error={create.isError ? errorMessage(create.error) : null}
      >
        <p>
          {customers(willReceive ?? 0)} will get the {chosen?.category.toLowerCase()} template {chosen?.name}{" "}
          ({draft.language}), {draft.when === "later" ? "at the time you chose" : "starting now"}, at the
          channel&apos;s pace.
        </p>
        <p>
          {chosen?.category === "MARKETING"
            ? "Marketing templates are billed by WhatsApp for each message delivered, at the marketing rate of the customer's country; customers who stopped marketing messages are skipped."
            : `${chosen?.category === "AUTHENTICATION" ? "Authentication" : "Utility"} templates are billed by WhatsApp for each message delivered, at that category's rate of the customer's country.`}{" "}
          You can pause or cancel while it sends; a message already sent cannot be recalled.
        </p>
      </ConfirmDialog>
    </>
  );
}

const customers = (n: number) => `${formatNumber(n)} customer${n === 1 ? "" : "s"}`;
