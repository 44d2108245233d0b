-- Written by hand: Prisma's schema cannot express a partial index, so this index is not in
-- schema.prisma, and schema.prisma here is an unchanged copy of the previous migration's.
-- Inbound notifications name only a phone number id, so a number may be active in at most one
-- organization: otherwise a second organization registering the number would receive the owner's
-- customers' messages. Inactive channels keep their rows (history) and do not count.

-- Where a number is active in several organizations already, the oldest channel is the one
-- inbound traffic was routed to until now; it stays active and the others are deactivated.
UPDATE channels SET status = 'inactive', updated_at = now()
WHERE status = 'active'
  AND EXISTS (
    SELECT 1 FROM channels older
    WHERE older.phone_number_id = channels.phone_number_id
      AND older.status = 'active'
      AND (older.created_at, older.id) < (channels.created_at, channels.id)
  );

-- CreateIndex
CREATE UNIQUE INDEX channels_active_phone_number_id_key ON channels (phone_number_id) WHERE status = 'active';
