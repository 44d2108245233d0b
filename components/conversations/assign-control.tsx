"use client";

import { useState } from "react";
import { useAssignConversation, useStaff } from "@/components/conversations/use-conversations";
import { errorMessage } from "@/components/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { ROLE_LABELS } from "@/lib/auth/roles";

/** Picks a staff member of the organization and assigns the conversation (conversation.assigned). */
export function AssignControl({
  conversationId,
  currentAssigneeId,
  userId,
}: {
  conversationId: string;
  currentAssigneeId: string | null;
  userId: string;
}) {
  const staff = useStaff();
  const assign = useAssignConversation();
  const toast = useToast();
  const [choice, setChoice] = useState(currentAssigneeId ?? "");

  const options = [
    { value: "", label: staff.isPending ? "Loading staff…" : "Choose a staff member", disabled: true },
    ...(staff.data ?? []).map((u) => ({
      value: u.id,
      label: `${u.name ?? u.email}${u.id === userId ? " (you)" : ""} · ${ROLE_LABELS[u.role]}`,
    })),
  ];

  function submit(assigneeId: string) {
    if (!assigneeId) return;
    assign.mutate(
      { id: conversationId, assigneeId },
      {
        onSuccess: () => {
          const who = staff.data?.find((u) => u.id === assigneeId);
          toast.show(`Assigned to ${assigneeId === userId ? "you" : (who?.name ?? who?.email ?? "them")}.`);
        },
        onError: (error) => toast.show(errorMessage(error), "error"),
      },
    );
  }

  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit(choice);
      }}
    >
      <div className="w-64">
        <Select
          label="Assignee"
          options={options}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          error={staff.isError ? errorMessage(staff.error) : undefined}
        />
      </div>
      <Button type="submit" variant="secondary" loading={assign.isPending} disabled={!choice}>
        Assign
      </Button>
      {currentAssigneeId !== userId ? (
        <Button variant="ghost" onClick={() => submit(userId)} disabled={assign.isPending}>
          Assign to me
        </Button>
      ) : null}
    </form>
  );
}
