"use client";

import { useQuery } from "@tanstack/react-query";
import { FLOWS_QUERY_KEY } from "@/components/flows/use-flows";
import { callDashboard } from "@/components/lib/dashboard-client";
import { cx } from "@/components/ui/cx";
import { controlClass, Field, Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { ReplyInput } from "@/lib/conversations/reply-schemas";
import { FLOW_DASHBOARD } from "@/lib/flows/dashboard-endpoints";
import type { FlowJson } from "@/lib/flows/schemas";

export type FlowReplyValues = { flowId: string; cta: string; body: string; screen: string };
export const NO_FLOW: FlowReplyValues = { flowId: "", cta: "", body: "", screen: "" };

/** Meta's "Sending a Flow": the button's text is 20 characters at most, the body 1024. */
const CTA_MAX = 20;
const BODY_MAX = 1024;

/**
 * The channel's published Flows (the Flows page's list; drafts are never offered: a customer
 * cannot open one). A channel with more than 100 Flows shows its 100 most recently changed.
 */
export function usePublishedFlows(channelId: string | null) {
  return useQuery({
    queryKey: [...FLOWS_QUERY_KEY, "published", channelId],
    enabled: channelId !== null,
    queryFn: async ({ signal }) => {
      const page = await callDashboard(FLOW_DASHBOARD.listFlows, {
        query: { page: "1", per_page: "100", channel_id: channelId ?? undefined },
        signal,
      });
      return page.flows.filter((f) => f.status === "PUBLISHED" && f.channel_id === channelId);
    },
  });
}

/** The screen ids of a Flow JSON (the first is where the Flow opens when none is chosen). */
function screensOf(flow: FlowJson | undefined): string[] {
  const screens = flow?.flow_json?.screens;
  if (!Array.isArray(screens)) return [];
  return screens.flatMap((s) =>
    typeof s === "object" && s !== null && typeof (s as { id?: unknown }).id === "string"
      ? [(s as { id: string }).id]
      : [],
  );
}

/** Why the Flow cannot be sent yet, or null. */
export function flowBlocked(values: FlowReplyValues): string | null {
  if (!values.flowId) return "Choose a Flow to send.";
  if (!values.cta.trim()) return "Write the button's text.";
  if (!values.body.trim()) return "Write the message's text.";
  return null;
}

export function toFlowReply(values: FlowReplyValues): ReplyInput {
  return {
    type: "flow",
    flow_id: values.flowId,
    cta: values.cta.trim(),
    body: values.body.trim(),
    ...(values.screen ? { screen: values.screen } : {}),
  };
}

/**
 * A published Flow of the conversation's channel, the message's text, the button that opens
 * the Flow and its first screen (navigate: the Flow opens on that screen; data exchange needs
 * the Flow's data endpoint and is sent with the API). The product makes the flow token.
 */
export function FlowReplyFields({
  flows,
  loading,
  values,
  onChange,
}: {
  flows: FlowJson[];
  loading: boolean;
  values: FlowReplyValues;
  onChange: (values: FlowReplyValues) => void;
}) {
  const chosen = flows.find((f) => f.id === values.flowId);
  const screens = screensOf(chosen);
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <Select
        label="Flow"
        value={values.flowId}
        onChange={(e) => onChange({ ...values, flowId: e.target.value, screen: "" })}
        options={[
          {
            value: "",
            label: loading
              ? "Loading Flows…"
              : flows.length
                ? "Choose a published Flow"
                : "No published Flows",
          },
          ...flows.map((f) => ({ value: f.id, label: f.name })),
        ]}
      />
      {screens.length > 1 ? (
        <Select
          label="First screen"
          value={values.screen}
          onChange={(e) => onChange({ ...values, screen: e.target.value })}
          options={[
            { value: "", label: `The Flow's first (${screens[0]})` },
            ...screens.map((s) => ({ value: s, label: s })),
          ]}
        />
      ) : screens.length === 0 ? (
        <Input
          label="First screen (optional)"
          hint="A screen id of the Flow JSON; empty opens its first screen."
          value={values.screen}
          maxLength={200}
          onChange={(e) => onChange({ ...values, screen: e.target.value })}
        />
      ) : null}
      <Input
        label="Button text"
        hint={`Opens the Flow; ${CTA_MAX} characters at most.`}
        value={values.cta}
        maxLength={CTA_MAX}
        onChange={(e) => onChange({ ...values, cta: e.target.value })}
      />
      <div className="sm:col-span-2">
        <Field label="Message text">
          {({ id, describedBy }) => (
            <textarea
              id={id}
              aria-describedby={describedBy}
              rows={2}
              maxLength={BODY_MAX}
              value={values.body}
              onChange={(e) => onChange({ ...values, body: e.target.value })}
              className={cx(controlClass, "py-2")}
            />
          )}
        </Field>
      </div>
    </div>
  );
}
