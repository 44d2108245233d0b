import { z } from "zod";

/** The two windows of the overview: hourly buckets over 24 hours, daily buckets over 7 days. */
export const OVERVIEW_RANGES = {
  "24h": { unit: "hour", buckets: 24, label: "Last 24 hours" },
  "7d": { unit: "day", buckets: 7, label: "Last 7 days" },
} as const;

export type OverviewRange = keyof typeof OVERVIEW_RANGES;

function isTimeZone(value: string): boolean {
  if (value === "UTC") return true;
  try {
    return Intl.supportedValuesOf("timeZone").includes(value);
  } catch {
    return false;
  }
}

/** Buckets follow the viewer's time zone (an IANA name), so "today" is the viewer's day. */
export const overviewQuery = z.object({
  range: z.enum(["24h", "7d"]).default("24h"),
  tz: z.string().max(64).refine(isTimeZone, "must be an IANA time zone such as Europe/Paris").default("UTC"),
});

export type OverviewQuery = z.infer<typeof overviewQuery>;

/** How many of each the overview lists (the rest are counted, and one click away). */
export const OVERVIEW_LIMITS = {
  /** waiting conversations listed, longest wait first */
  waiting: 5,
  /** unresolved conversations looked at for "waiting": the most recently active and the least (see overview-waiting.ts) */
  waitingScan: 1000,
  broadcasts: 5,
  /** failed recipients of a broadcast read to name its most frequent cause */
  broadcastFailureSample: 1000,
  causes: 8,
  /** failed messages listed per cause */
  examples: 3,
} as const;

export type OverviewBucket = {
  /** start of the bucket (ISO 8601) */
  start: string;
  /** outbound messages created in the bucket */
  sent: number;
  /** of those, how many failed */
  send_failed: number;
  inbound: number;
};

export type OverviewTotals = Omit<OverviewBucket, "start"> & {
  /**
   * of the outbound messages, how many WhatsApp accepted but holds for a quality check for now
   * (template pacing `held`): sent to WhatsApp, not yet to the customer
   */
  held: number;
  /** of the outbound messages, how many WhatsApp accepted but holds because their template is paused (pacing `paused`) */
  paused: number;
  /** of the outbound messages, how many reached the customer's phone (read included) */
  delivered: number;
  read: number;
};

/** A customer of the overview's lists: the label is made where it is shown. */
export type OverviewContact = {
  name: string | null;
  phone: string | null;
  username: string | null;
  bsuid: string | null;
};

/** Conversations (open or assigned) whose customer wrote last: they wait for the business's answer. */
export type WaitingJson = {
  count: number;
  /** more unresolved conversations exist than were looked at: `count` is at least this */
  capped: boolean;
  /** when the longest wait began (the customer's first unanswered message); null: nobody waits */
  oldest_since: string | null;
  conversations: {
    id: string;
    status: "open" | "assigned";
    contact: OverviewContact;
    /** the customer's first message since the business last answered */
    waiting_since: string;
    assignee: string | null;
  }[];
};

/** A recent broadcast: its funnel counts and its most frequent failure. */
export type OverviewBroadcastJson = {
  id: string;
  name: string;
  status: "scheduled" | "running" | "paused" | "completed" | "cancelled";
  started_at: string | null;
  created_at: string;
  total: number;
  /** the broadcast's counts: sent counts delivered and read too; failed is apart */
  sent: number;
  delivered: number;
  read: number;
  replied: number;
  failed: number;
  skipped: number;
  /** the most frequent WhatsApp code among (a bounded sample of) its failures */
  top_failure: { code: string | null; message: string | null } | null;
};

/** Outbound messages of the range that failed, grouped by their code. */
export type FailureCauseJson = {
  /** the stored code: WhatsApp's ("131026") or ours ("unconfirmed"); null when none */
  code: string | null;
  /** WhatsApp's own words for it, as stored (shown only for a code the guide does not know) */
  message: string | null;
  count: number;
  /** the latest failed messages with this code, each opening its conversation */
  examples: {
    message_id: string;
    conversation_id: string | null;
    contact: OverviewContact;
    at: string;
    broadcast: { id: string; name: string } | null;
  }[];
};

export type OverviewJson = {
  range: OverviewRange;
  tz: string;
  buckets: OverviewBucket[];
  totals: OverviewTotals;
  failures: FailureCauseJson[];
  waiting: WaitingJson;
  broadcasts: OverviewBroadcastJson[];
};

/** Owners and admins: webhook deliveries per bucket, and whether any webhook exists. */
export type DeliveryBucket = {
  start: string;
  /** webhook deliveries created in the bucket that ended succeeded or failed */
  deliveries_succeeded: number;
  deliveries_failed: number;
  /** still pending after at least one failed attempt */
  deliveries_retrying: number;
};

export type DeveloperOverviewJson = {
  range: OverviewRange;
  tz: string;
  buckets: DeliveryBucket[];
  totals: Omit<DeliveryBucket, "start">;
  webhooks: { total: number; active: number; disabled: number };
};
