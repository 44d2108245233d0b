import { z } from "zod";
import type { channelJson } from "@/lib/channels/channel-json";

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === "string" && v.trim() === "") ? undefined : v;

const digits = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `enter the ${label}`)
    .max(32, "at most 32 digits")
    .regex(/^\d+$/, `the ${label} is digits only, as shown in Meta's WhatsApp Manager`);

/**
 * Adding a channel from the dashboard. The access token is write-only: it is sealed at rest and
 * never shown again (like webhook secrets).
 */
export const addChannelBody = z.object({
  name: z.preprocess(blankToUndefined, z.string().trim().max(100, "at most 100 characters").optional()),
  phone_number_id: digits("phone number id"),
  waba_id: digits("WhatsApp Business Account id"),
  access_token: z.string().trim().min(1, "paste the access token").max(4096, "at most 4096 characters"),
  display_phone_number: z.preprocess(
    blankToUndefined,
    z.string().trim().max(32, "at most 32 characters").optional(),
  ),
  graph_url: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(2048)
      .regex(/^https?:\/\/\S+$/, "an http(s) URL with the version, e.g. https://graph.facebook.com/v23.0")
      .optional(),
  ),
  throughput_per_second: z.preprocess(
    blankToUndefined,
    z.coerce.number().int("a whole number").min(1, "at least 1").max(1000, "at most 1000").optional(),
  ),
});

export type AddChannelBody = z.infer<typeof addChannelBody>;
export type AddChannelInput = z.input<typeof addChannelBody>;

/** A row of the channels page: the channel (never its token) and how many templates it has. */
export type ChannelRowJson = z.infer<typeof channelJson> & {
  graph_url: string | null;
  templates: number;
  /** when the Graph API refused the token, and its message; null while the token works */
  token_invalid_at: string | null;
  token_error: string | null;
  /** notification fields WhatsApp sent for it that the product does not process (issue 30), most recent first */
  unprocessed: UnprocessedFieldJson[];
};

/** One kind of notification the product does not process, as counted on a channel. */
export type UnprocessedFieldJson = {
  field: string;
  count: number;
  first_seen_at: string;
  last_seen_at: string;
  /** the latest change's value as WhatsApp sent it (a large one is replaced by a note) */
  example: unknown;
};

/** "Give a new token" (owners and admins): checked against the Graph API, then sealed, never shown again. */
export const replaceTokenBody = z.object({
  access_token: z.string().trim().min(1, "paste the access token").max(4096, "at most 4096 characters"),
});

export type ReplaceTokenInput = z.input<typeof replaceTokenBody>;

/** What owners and admins switch per channel; a field left out keeps its value. */
export const channelSettingsBody = z.object({
  coexistence: z.boolean().optional(),
  marketing_messages_api: z.boolean().optional(),
});

export type ChannelSettingsBody = z.infer<typeof channelSettingsBody>;
