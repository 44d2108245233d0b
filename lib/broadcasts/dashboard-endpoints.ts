import { z } from "zod";
import { BODY_LIMITS } from "@/lib/api/read-body";
import { answer, declareDashboardEndpoints, fileAnswer } from "@/lib/auth/dashboard-endpoint";
import { EVERYONE, MANAGERS } from "@/lib/auth/roles";
import type {
  BroadcastDetailJson,
  BroadcastPreviewJson,
  BroadcastsPageJson,
  RecipientsPageJson,
} from "@/lib/broadcasts/dashboard-json";
import {
  type BroadcastJson,
  createBroadcastBody,
  listBroadcastsQuery,
  listRecipientsQuery,
} from "@/lib/broadcasts/schemas";

const idParams = z.object({ id: z.string() });

/**
 * The Broadcasts pages' routes (app/api/dashboard/broadcasts): everyone reads, owners and admins
 * act. `body` is what the browser sends (createBroadcastBody); the routes parse it with
 * createBroadcastRequest, which adds the send path's template checks (server-side settings).
 */
export const BROADCAST_DASHBOARD = declareDashboardEndpoints({
  /** newest first, with counts */
  listBroadcasts: {
    method: "GET",
    path: "/api/dashboard/broadcasts",
    roles: EVERYONE,
    query: listBroadcastsQuery,
    answer: answer<BroadcastsPageJson>(),
    status: 200,
  },
  /** the same body and checks as POST /v1/whatsapp/broadcasts */
  createBroadcast: {
    method: "POST",
    path: "/api/dashboard/broadcasts",
    roles: MANAGERS,
    body: createBroadcastBody,
    maxBodyBytes: BODY_LIMITS.v1Broadcast,
    answer: answer<{ broadcast: BroadcastJson }>(),
    status: 201,
  },
  /** before launching: how many will receive it, how many are skipped and why, and two real messages */
  previewBroadcast: {
    method: "POST",
    path: "/api/dashboard/broadcasts/preview",
    roles: MANAGERS,
    body: createBroadcastBody,
    maxBodyBytes: BODY_LIMITS.v1Broadcast,
    answer: answer<{ preview: BroadcastPreviewJson }>(),
    status: 200,
  },
  /** counts, channel, failures and skips by reason (polled while it runs) */
  getBroadcast: {
    method: "GET",
    path: "/api/dashboard/broadcasts/{id}",
    roles: EVERYONE,
    params: idParams,
    answer: answer<BroadcastDetailJson>(),
    status: 200,
  },
  /** a page of recipients, optionally of one status, with each contact's name */
  listRecipients: {
    method: "GET",
    path: "/api/dashboard/broadcasts/{id}/recipients",
    roles: EVERYONE,
    params: idParams,
    query: listRecipientsQuery,
    answer: answer<RecipientsPageJson>(),
    status: 200,
  },
  /** pause, resume or cancel (409 when it does not apply), or retry failed: `{ count }` */
  controlBroadcast: {
    method: "POST",
    path: "/api/dashboard/broadcasts/{id}/{action}",
    roles: MANAGERS,
    params: z.object({ id: z.string(), action: z.enum(["pause", "resume", "cancel", "retry"]) }),
    answer: answer<{ broadcast: BroadcastJson } | { count: number }>(),
    status: 200,
  },
  /** the results as CSV, streamed (phone numbers in bulk): the contacts export's limits, one budget */
  exportRecipients: {
    method: "GET",
    path: "/api/dashboard/broadcasts/{id}/export",
    roles: MANAGERS,
    limit: "export",
    params: idParams,
    answer: fileAnswer(),
    status: 200,
  },
});
