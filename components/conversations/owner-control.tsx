"use client";

import { useThreadControl } from "@/components/conversations/use-conversations";
import { errorMessage } from "@/components/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import type { ConversationRowJson } from "@/lib/conversations/conversation-schemas";

/** Who the other responder is, in words: Meta names an app id or a role (e.g. ai_agent). */
export function otherResponderLabel(appId: string | null): string {
  if (appId === "ai_agent" || appId === "meta_business_agent") return "Meta Business Agent";
  if (appId === "escalation_partner") return "the escalation partner";
  return appId ? `another responder (app ${appId})` : "another responder";
}

/** The same, short enough for a badge in the list. */
export function otherResponderShort(appId: string | null): string {
  return appId === "ai_agent" || appId === "meta_business_agent" ? "Meta Business Agent" : "Other responder";
}

/**
 * Conversation routing (a number WhatsApp shares with e.g. Meta Business Agent): who answers this
 * conversation, with "Take over" when the other responder does and "Hand back" when we do.
 * WhatsApp decides; its refusal (not the escalation partner, window closed) is shown as is.
 */
export function OwnerControl({
  conversationId,
  owner,
}: {
  conversationId: string;
  owner: ConversationRowJson["owner"];
}) {
  const control = useThreadControl();
  const toast = useToast();
  const ours = owner.owner === "us";

  function run(action: "take" | "release") {
    control.mutate(
      { id: conversationId, action },
      {
        onSuccess: () =>
          toast.show(
            action === "take"
              ? "You answer this conversation now."
              : "Handed back: WhatsApp routes the customer's next message.",
          ),
        onError: (error) => toast.show(errorMessage(error), "error"),
      },
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="conversation-owner">
      <span className="text-slate-700">
        Answered by{" "}
        <strong className="font-semibold text-slate-900">
          {ours ? "this service" : otherResponderLabel(owner.app_id)}
        </strong>
      </span>
      {ours ? (
        <Button variant="ghost" loading={control.isPending} onClick={() => run("release")}>
          Hand back
        </Button>
      ) : (
        <Button variant="secondary" loading={control.isPending} onClick={() => run("take")}>
          Take over
        </Button>
      )}
    </div>
  );
}
