import { declareEndpoints } from "@/lib/api/endpoint";
import { eventDetailJson, eventJson } from "@/lib/events/event-json";
import { eventParams, listEventsQuery } from "@/lib/events/schemas";

export const EVENT_ENDPOINTS = declareEndpoints({
  listEvents: {
    method: "GET",
    path: "/v1/events",
    tag: "Events",
    scope: "webhooks:manage",
    summary: "List events",
    description:
      "The organization's events of the retention period (30 days by default), newest first, each the envelope its deliveries carry with `id` the event's own id (one event, one delivery per subscribed webhook). A receiver that was down catches up with `after` (the last event it processed, or when it went down) without any redelivery. `meta.total` counts up to 10,000; `has_more` is exact.",
    query: listEventsQuery,
    response: eventJson,
    list: true,
    status: 200,
    errors: ["VALIDATION_INVALID_FIELD"],
  },
  getEvent: {
    method: "GET",
    path: "/v1/events/{id}",
    tag: "Events",
    scope: "webhooks:manage",
    summary: "Get an event",
    description: "The event with the id and state of each of its deliveries.",
    params: eventParams,
    response: eventDetailJson,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND"],
  },
});
