import { z } from "zod";
import type { Delivery, DeliveryAttempt } from "@/lib/generated/prisma/client.ts";

export const deliveryAttemptJson = z
  .object({
    attempt_number: z
      .number()
      .int()
      .meta({ description: "1 for the first attempt; numbering continues on redelivery" }),
    started_at: z.iso.datetime(),
    duration_ms: z.number().int(),
    status_code: z
      .number()
      .int()
      .nullable()
      .meta({ description: "HTTP status answered; null when none was" }),
    error: z.string().nullable().meta({ description: "Why the attempt failed; null on success" }),
    response_snippet: z.string().nullable().meta({ description: "The first 1 KB of the answer's body" }),
    request_headers: z
      .record(z.string(), z.string())
      .meta({ description: "The headers sent, signatures included" }),
  })
  .meta({ id: "DeliveryAttempt" });

export const deliveryJson = z
  .object({
    id: z.string().meta({ description: "`wh_<ms>_<hex>`, the X-Service-Delivery-Id of every attempt" }),
    event: z.string().meta({ description: "Event name" }),
    event_id: z.uuid(),
    status: z.enum(["pending", "succeeded", "failed"]),
    attempt_count: z.number().int(),
    next_attempt_at: z.iso
      .datetime()
      .nullable()
      .meta({ description: "When the next attempt is due, if any" }),
    last_attempt_at: z.iso.datetime().nullable(),
    succeeded_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    attempts: z.array(deliveryAttemptJson).meta({ description: "Every attempt, oldest first" }),
  })
  .meta({ id: "Delivery" });

export type DeliveryJson = z.infer<typeof deliveryJson>;

export type DeliveryWithAttempts = Delivery & { event: { name: string }; attempts: DeliveryAttempt[] };

export const deliveryInclude = {
  event: { select: { name: true } },
  attempts: { orderBy: { attemptNumber: "asc" } },
} as const;

function headersOf(value: unknown): Record<string, string> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
}

export function toDeliveryJson(d: DeliveryWithAttempts): DeliveryJson {
  return {
    id: d.id,
    event: d.event.name,
    event_id: d.eventId,
    status: d.status,
    attempt_count: d.attemptCount,
    next_attempt_at: d.status === "pending" ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
    succeeded_at: d.succeededAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
    attempts: d.attempts.map((a) => ({
      attempt_number: a.attemptNumber,
      started_at: a.startedAt.toISOString(),
      duration_ms: a.durationMs,
      status_code: a.statusCode,
      error: a.error,
      response_snippet: a.responseSnippet,
      request_headers: headersOf(a.requestHeaders),
    })),
  };
}
