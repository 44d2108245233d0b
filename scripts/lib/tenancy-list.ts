/**
 * The checked-in list of scripts/lib/tenancy-guard.test.ts: files outside a repository module
 * (`lib/<resource>/repository.ts`, `lib/<resource>/repository/` or `lib/messages/transitions/`:
 * REPOSITORY in tenancy-guard.ts) that query a tenant table.
 */

/**
 * Permanent exceptions, each with why (docs/security.md "Tenancy exceptions" lists the same): code
 * that runs before an organization is known, or across every organization on purpose.
 */
export const TENANCY_EXCEPTIONS: Record<string, string> = {
  "lib/inbound/process-notification.ts":
    "the receiver's worker side before a channel is known: a notification names only the upstream phone_number_id (or, for a WABA-level field: templates, Flows, the account's limits and tiers, a kind not processed, the WABA id), and the channel found by it is what gives the organization",
  "lib/inbound/status-message.ts":
    "a status's message before its organization is known: a status names only a wamid (or our message id) and the number it came for, the channel active on that number now may be another organization's (a status arrives hours after its send), and the usual one is read with its notification before any channel; the message found through a channel of its own number is what names the organization",
  "lib/flow-endpoint/find-active-endpoint.ts":
    "the Flow data endpoint before an organization is known: WhatsApp's request names only the channel id of its URL, and the endpoint row found by it is what names the organization",
  "lib/media/stored-media.ts":
    "a signed media link before an organization is known: the link names the media id only, and our signature over it is what authorizes reading it",
  "lib/webhooks/load-delivery.ts":
    "the delivery worker before an organization is known: a {deliveries} job (and a worker's inline first attempt) names the delivery id only, as the outbox of every event path answers it for many organizations at once, and the delivery row found by it is what names the organization; its event and webhook are read only as that organization's, and every later statement of the attempt goes through lib/webhooks/repository/attempts.ts with it",
  "lib/api/find-api-key.ts":
    "the API key lookup by its SHA-256 before an organization is known: the key is what names the organization",
  "lib/auth/auth-options.ts":
    "staff sign-in by e-mail before an organization is known: the user row is what names the organization",
  "lib/auth/session-user.ts":
    "a session's user by its id before an organization is known: the session is what names the organization",
  "lib/maintenance/flush-key-usage.ts":
    "sweeper: writes every organization's API key last-used times from Redis in one pass",
  "lib/maintenance/prune-events.ts":
    "sweeper: deletes events and deliveries past retention across organizations",
  "lib/maintenance/prune.ts":
    "sweeper: deletes expired idempotency keys, old delivery attempts and processed upstream notifications across organizations, in batches (lib/maintenance/delete-oldest.ts)",
  "lib/maintenance/sweep-deliveries.ts":
    "sweeper: requeues every organization's due deliveries that Redis lost",
  "lib/messages/sweep-sends.ts": "sweeper: requeues or fails every organization's unconfirmed sends",
  "lib/calls/sweep-ringing-calls.ts":
    "sweeper: ends every organization's customer calls still ringing past their ring time whose timeout job Redis lost",
  "lib/broadcasts/sweep-broadcasts.ts":
    "sweeper: resumes every organization's broadcasts whose batch job was lost",
  "lib/usage/compact-usage.ts": "sweeper: compacts every organization's usage rows",
  "lib/templates/sync-all-templates.ts":
    "sweeper: queues a template sync for every organization's active channels every 15 minutes",
  "lib/crypto/reseal-secrets.ts":
    "key rotation (run like a migration): reseals every organization's secrets under a new key",
};

/**
 * The ratchet: files not yet moved to their resource's repository. It only shrinks: the test
 * fails when a listed file no longer touches a tenant table (take it off), and when a file not
 * listed here starts to (move its queries into the repository instead).
 */
export const NOT_YET_MOVED: string[] = [];
