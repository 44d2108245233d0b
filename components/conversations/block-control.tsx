"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CONVERSATIONS_QUERY_KEY } from "@/components/conversations/use-conversations";
import { callDashboard } from "@/components/lib/dashboard-client";
import { errorMessage } from "@/components/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { CONTACT_DASHBOARD } from "@/lib/contacts/dashboard-endpoints";

/**
 * Block a customer who abuses the number (Meta's block_users: WhatsApp allows it only for a
 * customer who wrote in the last 24 hours), or unblock them. Any staff member may.
 */
export function BlockControl({
  contactId,
  name,
  blocked,
}: {
  contactId: string;
  name: string;
  blocked: boolean;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const change = useMutation({
    mutationFn: (action: "block" | "unblock") =>
      callDashboard(action === "block" ? CONTACT_DASHBOARD.blockContact : CONTACT_DASHBOARD.unblockContact, {
        params: { id: contactId },
      }),
    onSuccess: async ({ contact }) => {
      toast.show(contact.blocked ? `${name} is blocked.` : `${name} is unblocked.`);
      setAsking(false);
      await client.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
      await client.invalidateQueries({ queryKey: ["contacts"] });
    },
  });

  if (blocked) {
    return (
      <Button
        size="sm"
        variant="secondary"
        loading={change.isPending}
        onClick={() =>
          change.mutate("unblock", { onError: (error) => toast.show(errorMessage(error), "error") })
        }
      >
        Unblock
      </Button>
    );
  }
  return (
    <>
      <Button
        size="sm"
        variant="ghostDanger"
        onClick={() => {
          change.reset();
          setAsking(true);
        }}
      >
        Block
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Block ${name}?`}
        confirmLabel="Block customer"
        pending={change.isPending}
        error={change.isError ? errorMessage(change.error) : null}
        onCancel={() => setAsking(false)}
        onConfirm={() => change.mutate("block")}
      >
        <p>
          {name} will no longer be able to message this business on WhatsApp, and nothing can be sent to them
          until they are unblocked. WhatsApp only allows blocking a customer who wrote in the last 24 hours.
        </p>
      </ConfirmDialog>
    </>
  );
}
