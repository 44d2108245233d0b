import { type AddChannelInput, addChannelBody } from "@/lib/channels/channel-schemas";

export type ChannelFormState = {
  name: string;
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  displayPhoneNumber: string;
  graphUrl: string;
  throughput: string;
};

export const EMPTY_CHANNEL_FORM: ChannelFormState = {
  name: "",
  phoneNumberId: "",
  wabaId: "",
  accessToken: "",
  displayPhoneNumber: "",
  graphUrl: "",
  throughput: "80",
};

/** The form → the route's body, checked with the route's own schema; errors keyed by field. */
export function toAddChannelBody(
  state: ChannelFormState,
): { ok: true; body: AddChannelInput } | { ok: false; errors: Record<string, string> } {
  const body: AddChannelInput = {
    name: state.name,
    phone_number_id: state.phoneNumberId,
    waba_id: state.wabaId,
    access_token: state.accessToken,
    display_phone_number: state.displayPhoneNumber,
    graph_url: state.graphUrl,
    throughput_per_second: state.throughput,
  };
  const parsed = addChannelBody.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return { ok: false, errors };
}
