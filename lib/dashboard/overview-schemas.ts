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

export type OverviewBucket = {
  /** start of the bucket (ISO 8601) */
  start: string;
  /** outbound messages created in the bucket */
  sent: number;
  /** of those, how many failed */
  send_failed: number;
  inbound: number;
  /** webhook deliveries created in the bucket that ended succeeded or failed */
  deliveries_succeeded: number;
  deliveries_failed: number;
  /** still pending after at least one failed attempt */
  deliveries_retrying: number;
};

export type OverviewTotals = Omit<OverviewBucket, "start">;

export type OverviewJson = {
  range: OverviewRange;
  tz: string;
  buckets: OverviewBucket[];
  totals: OverviewTotals;
};
