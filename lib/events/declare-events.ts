import type { z } from "zod";

/**
 * One event we send, declared once beside the others (lib/events/payloads.ts), as endpoints are
 * with `declareEndpoints`: its `data` schema is the one `recordEvent` builds the stored payload
 * with (and `eventDataSql` names the columns of, on the SQL paths), the one the OpenAPI
 * document's `webhooks` object publishes, and the one `GET /v1/events` answers.
 */
export type EventDeclaration = {
  summary: string;
  description: string;
  data: z.ZodObject;
};

export function declareEvents<T extends Record<string, EventDeclaration>>(declared: T): T {
  return declared;
}
