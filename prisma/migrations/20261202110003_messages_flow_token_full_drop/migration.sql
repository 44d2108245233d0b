-- Written by hand (see …110002): the full index goes, without blocking writes.
DROP INDEX CONCURRENTLY "messages_organization_id_flow_token_idx";
