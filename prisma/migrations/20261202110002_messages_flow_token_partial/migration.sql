-- Written by hand (see …110000): `messages_organization_id_flow_token_idx` becomes partial
-- (WHERE flow_token IS NOT NULL). Only a Flow message has a token; every other message wrote a NULL
-- entry on each of its versions. The one lookup (lib/inbound/repository/messages.ts,
-- findFlowMessage) asks for a token, so the partial index serves it. Built CONCURRENTLY, alone in
-- its file; if it fails, drop the INVALID index as …110000 says.
CREATE INDEX CONCURRENTLY "messages_organization_id_flow_token_partial_idx" ON "messages" ("organization_id", "flow_token") WHERE "flow_token" IS NOT NULL;
