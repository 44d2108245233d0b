import createClient, { type Client } from "openapi-fetch";
import { type RetryOptions, retryingFetch } from "./retry.js";
import type { paths } from "./schema.js";

/**
 * The Messaging API client: typed calls for every /v1 endpoint (openapi-fetch over the types
 * openapi-typescript generated from the API's OpenAPI document), with the key sent on every
 * call, an `Idempotency-Key` on every POST unless one is given (a send is then safe to repeat),
 * and retries as the API's retry guidance says (./retry.ts).
 */
export type MessagingClientOptions = {
  /** `service_sk_…` or `service_pk_…` */
  apiKey: string;
  /** the service's base URL, e.g. https://api.example.com */
  baseUrl: string;
  /** false: no Idempotency-Key unless a call sets one (POSTs are then never retried) */
  idempotencyKeys?: boolean;
  retry?: RetryOptions;
  /** for a proxy or instrumentation; globalThis.fetch by default */
  fetch?: (request: Request) => Promise<Response>;
};

export type MessagingClient = Client<paths>;

export function createMessagingClient(options: MessagingClientOptions): MessagingClient {
  const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    fetch: retryingFetch(baseFetch, options.retry),
    headers: { Authorization: `Bearer ${options.apiKey}` },
  });
  if (options.idempotencyKeys !== false) {
    client.use({
      onRequest({ request }) {
        if (request.method === "POST" && !request.headers.has("idempotency-key")) {
          request.headers.set("Idempotency-Key", crypto.randomUUID());
        }
        return request;
      },
    });
  }
  return client;
}

export type { RetryOptions } from "./retry.js";
export type { components, operations, paths, webhooks } from "./schema.js";
export {
  DEFAULT_TOLERANCE_SECONDS,
  verifyWebhook,
  type WebhookEvent,
  WebhookVerificationError,
} from "./verify-webhook.js";
