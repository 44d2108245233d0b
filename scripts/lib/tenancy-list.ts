/**
 * The checked-in list of scripts/lib/tenancy-guard.test.ts: files outside a repository module
 * (`lib/<resource>/repository.ts` or `lib/<resource>/repository/`) that query a tenant table.
 */

/**
 * Permanent exceptions, each with why (docs/security.md "Tenancy exceptions" lists the same): code
 * that runs before an organization is known, or across every organization on purpose.
 */
export const TENANCY_EXCEPTIONS: Record<string, string> = {
  "lib/inbound/process-notification.ts":
    "the receiver's worker side before a channel is known: a notification names only the upstream phone_number_id, and the channel found by it is what gives the organization",
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
  "lib/maintenance/prune.ts": "sweeper: deletes expired idempotency keys across organizations",
  "lib/maintenance/sweep-deliveries.ts":
    "sweeper: requeues every organization's due deliveries that Redis lost",
  "lib/messages/sweep-sends.ts": "sweeper: requeues or fails every organization's unconfirmed sends",
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
export const NOT_YET_MOVED: string[] = [
  "lib/api/idempotency.ts",
  "lib/broadcasts/broadcast-detail.ts",
  "lib/broadcasts/broadcast-json.ts",
  "lib/broadcasts/claim-batch.ts",
  "lib/broadcasts/complete-broadcast.ts",
  "lib/broadcasts/control-broadcast.ts",
  "lib/broadcasts/export-recipients.ts",
  "lib/broadcasts/find-broadcast.ts",
  "lib/broadcasts/list-broadcasts.ts",
  "lib/broadcasts/list-recipients.ts",
  "lib/broadcasts/mark-replied.ts",
  "lib/broadcasts/pause-on-failures.ts",
  "lib/broadcasts/preview-broadcast.ts",
  "lib/broadcasts/retry-failed.ts",
  "lib/broadcasts/run-broadcast.ts",
  "lib/broadcasts/start-if-due.ts",
  "lib/broadcasts/store-broadcast.ts",
  "lib/calls/call-actions.ts",
  "lib/calls/call-settings.ts",
  "lib/calls/dashboard-calls.ts",
  "lib/calls/find-call.ts",
  "lib/calls/list-calls.ts",
  "lib/calls/place-call.ts",
  "lib/calls/request-permission.ts",
  "lib/calls/ring-timeout.ts",
  "lib/channels/create-channel.ts",
  "lib/channels/deactivate-channel.ts",
  "lib/channels/list-channels.ts",
  "lib/channels/read-routing-roles.ts",
  "lib/channels/replace-channel-token.ts",
  "lib/channels/resolve-channel.ts",
  "lib/channels/touch-channel.ts",
  "lib/channels/update-channel-settings.ts",
  "lib/dashboard/overview-broadcasts.ts",
  "lib/dashboard/overview-failures.ts",
  "lib/dashboard/overview-stats.ts",
  "lib/dashboard/overview-waiting.ts",
  "lib/events/outbox-sql.ts",
  "lib/flow-endpoint/answer-data-request.ts",
  "lib/flow-endpoint/find-flow-endpoint.ts",
  "lib/flow-endpoint/flow-token-state.ts",
  "lib/flow-endpoint/rotate-flow-key.ts",
  "lib/flow-endpoint/update-flow-endpoint.ts",
  "lib/flows/apply-flow-webhook.ts",
  "lib/flows/change-flow-status.ts",
  "lib/flows/create-flow.ts",
  "lib/flows/delete-flow.ts",
  "lib/flows/find-flow.ts",
  "lib/flows/flow-responses-page.ts",
  "lib/flows/list-flow-responses.ts",
  "lib/flows/list-flows.ts",
  "lib/flows/preview-flow.ts",
  "lib/flows/sync-flows.ts",
  "lib/flows/update-flow.ts",
  "lib/inbound/apply-account-limits.ts",
  "lib/inbound/apply-call-permission.ts",
  "lib/inbound/apply-identity-change.ts",
  "lib/inbound/apply-message-change.ts",
  "lib/inbound/apply-user-preferences.ts",
  "lib/inbound/process-app-contacts.ts",
  "lib/inbound/process-calls.ts",
  "lib/inbound/process-coexistence.ts",
  "lib/inbound/process-echo.ts",
  "lib/inbound/process-history.ts",
  "lib/inbound/process-inbound-message.ts",
  "lib/inbound/process-standby.ts",
  "lib/inbound/process-status.ts",
  "lib/inbound/record-unprocessed.ts",
  "lib/inbound/store-ordinary-inbound.ts",
  "lib/media/copy-media.ts",
  "lib/media/find-media.ts",
  "lib/media/forget-media.ts",
  "lib/media/stored-media.ts",
  "lib/messages/deliver-to-upstream.ts",
  "lib/messages/find-template-translation.ts",
  "lib/messages/get-message.ts",
  "lib/messages/mark-read.ts",
  "lib/messages/note-upstream-api.ts",
  "lib/messages/outbound-conversation-sql.ts",
  "lib/messages/resolve-reaction.ts",
  "lib/messages/send-channel-cache.ts",
  "lib/messages/send-message.ts",
  "lib/messages/send-template.ts",
  "lib/messages/store-outbound-message.ts",
  "lib/messages/transitions/apply-upstream-status.ts",
  "lib/messages/transitions/claim-sending.ts",
  "lib/messages/transitions/fail-unconfirmed.ts",
  "lib/messages/transitions/fail-unqueued-send.ts",
  "lib/messages/transitions/find-reported-message.ts",
  "lib/messages/transitions/mark-failed.ts",
  "lib/messages/transitions/mark-inbound-read.ts",
  "lib/messages/transitions/mark-sent.ts",
  "lib/messages/transitions/put-back.ts",
  "lib/templates/apply-template-change.ts",
  "lib/templates/list-templates.ts",
  "lib/templates/sync-templates.ts",
  "lib/usage/export-usage.ts",
  "lib/usage/get-usage.ts",
  "lib/usage/rate-card.ts",
  "lib/usage/usage-cells.ts",
  "lib/webhooks/deliver.ts",
  "lib/webhooks/record-attempt.ts",
  "worker/media.ts",
];
