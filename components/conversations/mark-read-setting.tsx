"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { callDashboard } from "@/components/lib/dashboard-client";
import { errorMessage } from "@/components/lib/fetch-json";
import { Checkbox } from "@/components/ui/checkbox";
import { useToast } from "@/components/ui/toast";
import { ORGANIZATION_DASHBOARD } from "@/lib/organizations/dashboard-endpoints";
import type { OrgSettingsChange } from "@/lib/organizations/org-settings-schema";

/**
 * Whether opening a conversation marks the customer's messages read (blue ticks). Owners and
 * admins change it; everyone else sees what it is.
 */
export function MarkReadSetting({ enabled, canChange }: { enabled: boolean; canChange: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const save = useMutation({
    mutationFn: (body: OrgSettingsChange) => callDashboard(ORGANIZATION_DASHBOARD.updateSettings, { body }),
    onSuccess: ({ settings }) => {
      toast.show(
        settings.mark_read_on_open
          ? "Opening a conversation now marks the customer's messages read."
          : "Opening a conversation no longer marks messages read.",
      );
      router.refresh();
    },
    onError: (error) => toast.show(errorMessage(error), "error"),
  });
  if (!canChange) {
    return enabled ? (
      <p className="text-sm text-slate-600">Opening a conversation marks the customer's messages read.</p>
    ) : null;
  }
  return (
    <Checkbox
      label="Mark messages read when a conversation is opened"
      description="The customer sees blue ticks once someone here opens the conversation."
      checked={enabled}
      disabled={save.isPending}
      onChange={(e) => save.mutate({ mark_read_on_open: e.target.checked })}
    />
  );
}
