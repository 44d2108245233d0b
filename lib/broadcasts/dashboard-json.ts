import type { PreviewText } from "@/lib/broadcasts/render-preview";
import type { BroadcastJson, RecipientJson } from "@/lib/broadcasts/schemas";

/** What the dashboard's broadcast routes answer (client-safe: types only). */

export type BroadcastDetailJson = {
  broadcast: BroadcastJson;
  category: string;
  channel: { id: string; name: string; displayPhoneNumber: string | null; throughputPerSecond: number };
  /** failed recipients grouped by error code, most frequent first, with what the code means */
  failures: { code: string | number; message: string; count: number }[];
  skips: { reason: string; count: number }[];
};

export type BroadcastPreviewJson = {
  total: number;
  willReceive: number;
  skipped: { reason: string; count: number }[];
  /** the message of the first recipients, as each will read it */
  samples: { to: string | null; name: string | null; text: PreviewText }[];
};

export type RecipientRowJson = RecipientJson & { contactName: string | null };

export type BroadcastsPageJson = {
  broadcasts: BroadcastJson[];
  page: number;
  per_page: number;
  total: number;
};

export type RecipientsPageJson = {
  recipients: RecipientRowJson[];
  page: number;
  per_page: number;
  total: number;
};
