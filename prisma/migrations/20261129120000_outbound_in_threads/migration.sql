-- Every outbound message belongs to its customer's conversation (lib/messages/outbound-conversation-sql.ts
-- for new ones). Until now a message sent while the customer had no open conversation (most of a
-- broadcast's, and templates to a new number) was stored without one and shown in no thread. This
-- puts each of them where the new rule would have put it, once, on every installation's upgrade:
-- data only, no schema change; running it again finds nothing to do.

-- 1. the conversation that was open when the message was sent, else the one the customer's answer
--    opened in the 24 hours after it (the reply to a broadcast lands beside the broadcast message)
UPDATE messages m SET conversation_id = pick.conversation_id
FROM (
  SELECT o.id, COALESCE(
    (SELECT cv.id FROM conversations cv
     WHERE cv.organization_id = o.organization_id AND cv.contact_id = o.contact_id
       AND cv.opened_at <= o.created_at AND (cv.resolved_at IS NULL OR cv.resolved_at >= o.created_at)
     ORDER BY cv.opened_at DESC LIMIT 1),
    (SELECT cv.id FROM conversations cv
     WHERE cv.organization_id = o.organization_id AND cv.contact_id = o.contact_id
       AND cv.opened_at > o.created_at AND cv.opened_at <= o.created_at + interval '24 hours'
     ORDER BY cv.opened_at LIMIT 1)
  ) AS conversation_id
  FROM messages o
  WHERE o.conversation_id IS NULL AND o.contact_id IS NOT NULL AND o.direction = 'outbound'
) pick
WHERE m.id = pick.id AND pick.conversation_id IS NOT NULL;

-- 2. the rest, per customer: one conversation holding them, already resolved (past messages nobody
--    has to answer: they do not fill the Open queue), reachable from the broadcast's recipients
WITH rest AS (
  SELECT organization_id, contact_id, min(created_at) AS first_at, max(created_at) AS last_at,
         (array_agg(channel_id ORDER BY created_at DESC))[1] AS channel_id
  FROM messages
  WHERE conversation_id IS NULL AND contact_id IS NOT NULL AND direction = 'outbound'
  GROUP BY organization_id, contact_id
), made AS (
  INSERT INTO conversations (id, organization_id, contact_id, channel_id, status, opened_at, last_activity_at,
                             resolved_at, created_at, updated_at)
  SELECT gen_random_uuid(), organization_id, contact_id, channel_id, 'resolved', first_at, last_at, last_at,
         CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
  FROM rest
  RETURNING id, organization_id, contact_id
)
UPDATE messages m SET conversation_id = made.id
FROM made
WHERE m.conversation_id IS NULL AND m.direction = 'outbound'
  AND m.organization_id = made.organization_id AND m.contact_id = made.contact_id;
