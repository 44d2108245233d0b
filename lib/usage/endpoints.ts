import { declareEndpoints } from "@/lib/api/endpoint";
import { usageJson, usageQuery } from "@/lib/usage/usage-schemas";

export const USAGE_ENDPOINTS = declareEndpoints({
  getUsage: {
    method: "GET",
    path: "/v1/whatsapp/usage",
    tag: "Usage",
    scope: "usage:read",
    summary: "Message usage",
    description:
      "Beyond the contract. Messages as Meta priced them (each status notification's `pricing`: category, billable, type), over a range of UTC days (`from`, `to`, at most 366 days; by default the last 30), one row per day (every day, empty ones too), pricing category or channel, each split by category and into billable and free. With a rate card (owners enter a price per category and recipient country in the dashboard) billable messages get an `estimated_cost`. A message counts in the UTC day it was created, once, at its latest reported pricing; usage stays when contacts or messages are deleted. Scope `usage:read` (secret keys only): spend is finance data.",
    query: usageQuery,
    response: usageJson,
    status: 200,
    errors: ["VALIDATION_INVALID_FIELD"],
  },
});
