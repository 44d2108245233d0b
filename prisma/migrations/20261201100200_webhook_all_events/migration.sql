-- AlterTable
ALTER TABLE "webhooks" ADD COLUMN     "all_events" BOOLEAN NOT NULL DEFAULT false;

-- written by hand: the backfill. Before this column, the dashboard's "All events" stored the
-- explicit list of the non-opt-in events known when it was saved, so events declared later
-- (message.held, conversation.reopened, conversation.owner_changed, broadcast.paused, flow.*,
-- call.*) never reached it. Which webhooks meant "everything" cannot be known exactly: the rule
-- is that a webhook whose list holds every event name that existed before 2026-11-29 (the 13 of
-- lib/events/names.ts at b38e1b2, the last version before that day) becomes all_events. A
-- webhook saved through "All events" on any day holds them all; one that picked events by hand
-- holds them all only if its owner ticked every one of them, which we read as "everything" too.
-- Its `events` column is kept as it was (only its opt-in names still count), so nothing is lost.
UPDATE "webhooks" SET "all_events" = true
WHERE "events" @> ARRAY[
  'message.inbound', 'message.sent', 'message.delivered', 'message.read', 'message.failed',
  'message.edited', 'message.deleted', 'contact.created', 'contact.updated',
  'conversation.opened', 'conversation.assigned', 'conversation.resolved', 'broadcast.completed'
]::text[];
