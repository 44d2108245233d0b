"use client";

import { useEffect } from "react";
import { MessagePreview } from "@/components/broadcasts/message-preview";
import type { Draft } from "@/components/broadcasts/new/draft";
import { skipWords } from "@/components/broadcasts/skip-reasons";
import { usePreviewBroadcast } from "@/components/broadcasts/use-broadcasts";
import { errorMessage } from "@/components/lib/fetch-json";
import { formatNumber } from "@/components/lib/format";
import { Radio } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Loading } from "@/components/ui/skeleton";
import type { CreateBroadcastBody } from "@/lib/broadcasts/schemas";

/** Step 4: how many will receive it and who is skipped and why, two real messages, and when to send. */
export function ReviewStep({
  draft,
  body,
  onChange,
  onCount,
}: {
  draft: Draft;
  body: CreateBroadcastBody;
  onChange: (patch: Partial<Draft>) => void;
  /** how many will receive it, once counted (null while counting or when the count failed) */
  onCount: (willReceive: number | null) => void;
}) {
  const preview = usePreviewBroadcast();
  const key = JSON.stringify({ ...body, scheduled_at: undefined });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the preview depends on the body only, keyed by its text
  useEffect(() => {
    preview.mutate({ ...body, scheduled_at: undefined });
  }, [key]);
  const p = preview.data?.preview;
  const counted = preview.isSuccess ? (p?.willReceive ?? null) : null;
  useEffect(() => onCount(counted), [counted, onCount]);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="review-audience" className="space-y-3">
        <h3 id="review-audience" className="text-sm font-semibold text-slate-900">
          Audience
        </h3>
        {preview.isPending ? <Loading label="Counting recipients" /> : null}
        {preview.isError ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {errorMessage(preview.error)}
          </p>
        ) : null}
        {p ? (
          <div className="space-y-2 text-sm text-slate-800" aria-live="polite">
            <p className="text-base font-medium">
              {formatNumber(p.willReceive)} of {formatNumber(p.total)} will receive it.
            </p>
            {p.skipped.length > 0 ? (
              <ul className="list-inside list-disc">
                {p.skipped.map((s) => (
                  <li key={s.reason}>
                    {formatNumber(s.count)} skipped: {skipWords(s.reason)}
                  </li>
                ))}
              </ul>
            ) : (
              <p>Nobody is skipped.</p>
            )}
          </div>
        ) : null}
        <fieldset className="space-y-2 pt-2">
          <legend className="text-sm font-semibold text-slate-900">When</legend>
          <Radio
            name="when"
            value="now"
            label="Send now"
            checked={draft.when === "now"}
            onChange={() => onChange({ when: "now" })}
          />
          <Radio
            name="when"
            value="later"
            label="Schedule"
            description="Up to 30 days ahead, in your time zone"
            checked={draft.when === "later"}
            onChange={() => onChange({ when: "later" })}
          />
          {draft.when === "later" ? (
            <Input
              label="Send at"
              type="datetime-local"
              value={draft.scheduledAt}
              onChange={(e) => onChange({ scheduledAt: e.target.value })}
            />
          ) : null}
        </fieldset>
      </section>
      <section aria-labelledby="review-messages" className="space-y-3">
        <h3 id="review-messages" className="text-sm font-semibold text-slate-900">
          What the first recipients will read
        </h3>
        {p?.samples.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the first recipients, in send order
          <MessagePreview key={i} to={s.to} name={s.name} text={s.text} />
        ))}
        {p && p.samples.length === 0 ? (
          <p className="text-sm text-slate-700">Nobody would receive it.</p>
        ) : null}
      </section>
    </div>
  );
}
