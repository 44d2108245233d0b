import { z } from "zod";
import { pageQuery } from "@/lib/api/pagination";
import { EVENT_NAMES, TEST_EVENT_NAME } from "@/lib/events/names";
import { isUuid } from "@/lib/ids/uuid";

const LISTED = [...EVENT_NAMES, TEST_EVENT_NAME] as const;

/** `after`: an event id (events after that one) or an ISO 8601 time (events after it). */
export type After = { kind: "event"; id: string } | { kind: "time"; at: Date };

const after = z
  .string()
  .transform((value, ctx): After => {
    if (isUuid(value)) return { kind: "event", id: value.toLowerCase() };
    if (z.iso.datetime({ offset: true }).safeParse(value).success)
      return { kind: "time", at: new Date(value) };
    ctx.addIssue({
      code: "custom",
      message: "must be an event id or an ISO 8601 date-time, e.g. 2026-01-31T12:00:00Z",
    });
    return z.NEVER;
  })
  .optional()
  .meta({
    description:
      "Only events after this one: an event id, or an ISO 8601 date-time (catching up after an outage: the last event you processed, or when your receiver went down)",
    example: "2026-01-31T12:00:00Z",
  });

export const listEventsQuery = pageQuery
  .extend({
    type: z
      .enum(LISTED, {
        error: (issue) => `unknown event name ${JSON.stringify(issue.input)}; known: ${LISTED.join(", ")}`,
      })
      .optional()
      .meta({ description: "Only events of this name" }),
    after,
  })
  .meta({ id: "ListEventsQuery" });

export type ListEventsQuery = z.infer<typeof listEventsQuery>;

export const eventParams = z.object({ id: z.string().meta({ description: "Event id (UUID)" }) });

/** Most events counted for `meta.total`: a count past it would cost more than the page itself. */
export const EVENT_COUNT_CAP = 10_000;
