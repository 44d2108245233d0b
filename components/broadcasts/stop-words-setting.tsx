"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { callDashboard } from "@/components/lib/dashboard-client";
import { errorMessage } from "@/components/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { ORGANIZATION_DASHBOARD } from "@/lib/organizations/dashboard-endpoints";
import type { OrgSettingsChange } from "@/lib/organizations/org-settings-schema";

const KEY = ["organization", "settings"] as const;

/** The words that opt a customer out of marketing messages when they write exactly one (owners and admins). */
export function StopWordsSetting({ canChange }: { canChange: boolean }) {
  const client = useQueryClient();
  const toast = useToast();
  const settings = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => callDashboard(ORGANIZATION_DASHBOARD.getSettings, { signal }),
  });
  const [text, setText] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: OrgSettingsChange) => callDashboard(ORGANIZATION_DASHBOARD.updateSettings, { body }),
    onSuccess: async () => {
      setText(null);
      await client.invalidateQueries({ queryKey: KEY });
      toast.show("Opt-out words saved.");
    },
    onError: (error) => toast.show(errorMessage(error), "error"),
  });
  const saved = settings.data?.settings.marketing_stop_words ?? [];
  const value = text ?? saved.join(", ");

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const words = value
      .split(",")
      .map((w) => w.trim())
      .filter((w) => w !== "");
    save.mutate({ marketing_stop_words: words });
  }

  return (
    <section aria-labelledby="stop-words" className="mt-8 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="stop-words" className="text-base font-semibold text-slate-900">
        Marketing opt-out words
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        A customer who writes exactly one of these words (any case) stops receiving marketing templates;
        nothing is sent back. Customers can also stop them in WhatsApp itself.
      </p>
      {canChange ? (
        <form onSubmit={onSubmit} className="mt-3 flex flex-wrap items-end gap-2">
          <div className="w-full max-w-md">
            <Input
              label="Words, separated by commas"
              value={value}
              onChange={(e) => setText(e.target.value)}
              disabled={settings.isPending}
            />
          </div>
          <Button type="submit" variant="secondary" loading={save.isPending} disabled={text === null}>
            Save
          </Button>
        </form>
      ) : (
        <p className="mt-3 text-sm text-slate-800">{saved.length > 0 ? saved.join(", ") : "None"}</p>
      )}
    </section>
  );
}
