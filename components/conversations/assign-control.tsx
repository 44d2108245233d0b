"use client";

import { useAssignConversation, useStaff } from "@/components/conversations/use-conversations";
import { errorMessage } from "@/components/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { ROLE_LABELS } from "@/lib/auth/roles";

/**
 * The assignee, in the thread's one row of controls: choosing a staff member assigns at once
 * (conversation.assigned); "Assign to me" when it is not yours. Assigning keeps it open.
 */
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

  const options = [
    { value: "", label: staff.isPending ? "Loading staff…" : "Unassigned", disabled: true },
    ...(staff.data ?? []).map((u) => ({
      value: u.id,
      label: `${u.name ?? u.email}${u.id === userId ? " (you)" : ""} · ${ROLE_LABELS[u.role]}`,
    })),
  ];

  function submit(assigneeId: string) {
    if (!assigneeId || assigneeId === currentAssigneeId) return;
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
    <>
      {/* a phone gives the assignee a row of its own: squeezed beside the buttons it showed "U▾" */}
      <div className="w-48 min-w-0 max-sm:basis-full">
        <Select
          label="Assignee"
          hideLabel
          className="h-8"
          options={options}
          value={currentAssigneeId ?? ""}
          disabled={assign.isPending}
          onChange={(e) => submit(e.target.value)}
          error={staff.isError ? errorMessage(staff.error) : undefined}
        />
      </div>
      {currentAssigneeId !== userId ? (
        <Button size="sm" variant="secondary" onClick={() => submit(userId)} loading={assign.isPending}>
          Assign to me
        </Button>
      ) : null}
    </>
  );
}
