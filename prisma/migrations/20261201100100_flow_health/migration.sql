-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "flow_closed_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "flows" ADD COLUMN     "latest_health" JSONB,
ADD COLUMN     "latest_health_at" TIMESTAMP(3);

-- written by hand: Flow messages already answered are closed from their first answer on
-- (lib/flow-endpoint/flow-token-state.ts; the answer's flow_response names the message it answers)
UPDATE "messages" s SET "flow_closed_at" = a.first_answer
FROM (
  SELECT organization_id, (content -> 'interactive' -> 'flow_response' ->> 'message_id')::uuid AS message_id,
         min(created_at) AS first_answer
  FROM "messages"
  WHERE direction = 'inbound'
    AND content -> 'interactive' ->> 'type' = 'flow'
    AND content -> 'interactive' -> 'flow_response' ->> 'message_id' ~ '^[0-9a-f-]{36}$'
  GROUP BY 1, 2
) a
WHERE s.organization_id = a.organization_id AND s.id = a.message_id AND s.flow_token IS NOT NULL;
