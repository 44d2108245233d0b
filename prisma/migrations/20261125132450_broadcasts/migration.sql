-- CreateEnum
CREATE TYPE "BroadcastStatus" AS ENUM ('scheduled', 'running', 'paused', 'completed', 'cancelled');

-- CreateEnum
CREATE TYPE "BroadcastRecipientStatus" AS ENUM ('pending', 'skipped', 'sent', 'delivered', 'read', 'failed');

-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "marketing_stop_words" TEXT[] DEFAULT ARRAY['STOP']::TEXT[];

-- AlterTable
ALTER TABLE "contacts" ADD COLUMN     "marketing_opt_out" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "marketing_opt_out_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "broadcast_id" UUID;

-- CreateTable
CREATE TABLE "broadcasts" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "channel_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "status" "BroadcastStatus" NOT NULL,
    "template_name" TEXT NOT NULL,
    "template_language" TEXT NOT NULL,
    "template_category" TEXT NOT NULL,
    "components" JSONB NOT NULL,
    "placeholders" TEXT[],
    "total" INTEGER NOT NULL,
    "scheduled_at" TIMESTAMP(3),
    "started_at" TIMESTAMP(3),
    "completed_at" TIMESTAMP(3),
    "cancelled_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "broadcasts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "broadcast_recipients" (
    "broadcast_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "organization_id" UUID NOT NULL,
    "contact_id" UUID,
    "phone" TEXT,
    "status" "BroadcastRecipientStatus" NOT NULL,
    "skip_reason" TEXT,
    "values" JSONB,
    "message_id" UUID,
    "retry_at" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error_code" TEXT,
    "error_message" TEXT,
    "sent_at" TIMESTAMP(3),
    "delivered_at" TIMESTAMP(3),
    "read_at" TIMESTAMP(3),
    "failed_at" TIMESTAMP(3),
    "replied_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "broadcast_recipients_pkey" PRIMARY KEY ("broadcast_id","seq")
);

-- CreateTable
CREATE TABLE "broadcast_counters" (
    "broadcast_id" UUID NOT NULL,
    "shard" INTEGER NOT NULL,
    "pending" INTEGER NOT NULL DEFAULT 0,
    "sent" INTEGER NOT NULL DEFAULT 0,
    "delivered" INTEGER NOT NULL DEFAULT 0,
    "read" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "replied" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "broadcast_counters_pkey" PRIMARY KEY ("broadcast_id","shard")
);

-- CreateIndex
CREATE INDEX "broadcasts_organization_id_created_at_id_idx" ON "broadcasts"("organization_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "broadcasts_status_scheduled_at_idx" ON "broadcasts"("status", "scheduled_at");

-- CreateIndex
CREATE UNIQUE INDEX "broadcast_recipients_message_id_key" ON "broadcast_recipients"("message_id");

-- CreateIndex
CREATE INDEX "broadcast_recipients_broadcast_id_status_seq_idx" ON "broadcast_recipients"("broadcast_id", "status", "seq");

-- CreateIndex
CREATE INDEX "broadcast_recipients_contact_id_delivered_at_idx" ON "broadcast_recipients"("contact_id", "delivered_at");

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_broadcast_id_fkey" FOREIGN KEY ("broadcast_id") REFERENCES "broadcasts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_channel_id_fkey" FOREIGN KEY ("channel_id") REFERENCES "channels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_broadcast_id_fkey" FOREIGN KEY ("broadcast_id") REFERENCES "broadcasts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "broadcast_counters" ADD CONSTRAINT "broadcast_counters_broadcast_id_fkey" FOREIGN KEY ("broadcast_id") REFERENCES "broadcasts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand (Prisma cannot express triggers).
--
-- A broadcast message's status moves its recipient, in one statement for all the messages a
-- statement moved (the send path records a batch of sends in one UPDATE). Statements that move
-- no broadcast message do nothing more than the EXISTS check.
CREATE FUNCTION broadcast_messages_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows WHERE broadcast_id IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  UPDATE broadcast_recipients r SET
    status = n.status::text::"BroadcastRecipientStatus",
    retry_at = NULL,
    sent_at = coalesce(n.sent_at, r.sent_at),
    delivered_at = coalesce(n.delivered_at, r.delivered_at),
    read_at = coalesce(n.read_at, r.read_at),
    failed_at = CASE WHEN n.status = 'failed' THEN coalesce(n.failed_at, n.updated_at) ELSE r.failed_at END,
    error_code = CASE WHEN n.status = 'failed' THEN n.error_code ELSE r.error_code END,
    error_message = CASE WHEN n.status = 'failed' THEN n.error_message ELSE r.error_message END
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.broadcast_id IS NOT NULL AND o.status IS DISTINCT FROM n.status
    AND n.status IN ('sent', 'delivered', 'read', 'failed')
    AND r.message_id = n.id AND r.status <> 'skipped';
  RETURN NULL;
END $$;

CREATE TRIGGER messages_broadcast_recipients AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION broadcast_messages_moved();

-- Counts are kept by the statements that move recipients: one upsert per statement and
-- broadcast, into the counter row of this connection's shard (no hot row to wait on).
-- sent counts every recipient whose message went out (delivered and read included),
-- delivered counts read too: the funnel sent ≥ delivered ≥ read.
CREATE FUNCTION broadcast_recipients_counted_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO broadcast_counters AS c (broadcast_id, shard, pending, sent, delivered, read, failed, skipped, replied)
  SELECT broadcast_id, pg_backend_pid() % 16,
         count(*) FILTER (WHERE status = 'pending'),
         count(*) FILTER (WHERE status IN ('sent', 'delivered', 'read')),
         count(*) FILTER (WHERE status IN ('delivered', 'read')),
         count(*) FILTER (WHERE status = 'read'),
         count(*) FILTER (WHERE status = 'failed'),
         count(*) FILTER (WHERE status = 'skipped'),
         count(*) FILTER (WHERE replied_at IS NOT NULL)
  FROM new_rows GROUP BY broadcast_id
  ON CONFLICT (broadcast_id, shard) DO UPDATE SET
    pending = c.pending + EXCLUDED.pending, sent = c.sent + EXCLUDED.sent,
    delivered = c.delivered + EXCLUDED.delivered, read = c.read + EXCLUDED.read,
    failed = c.failed + EXCLUDED.failed, skipped = c.skipped + EXCLUDED.skipped,
    replied = c.replied + EXCLUDED.replied;
  RETURN NULL;
END $$;

CREATE FUNCTION broadcast_recipients_counted_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO broadcast_counters AS c (broadcast_id, shard, pending, sent, delivered, read, failed, skipped, replied)
  SELECT broadcast_id, pg_backend_pid() % 16, sum(pending), sum(sent), sum(delivered), sum(read),
         sum(failed), sum(skipped), sum(replied)
  FROM (
    SELECT broadcast_id, (status = 'pending')::int AS pending,
           (status IN ('sent', 'delivered', 'read'))::int AS sent, (status IN ('delivered', 'read'))::int AS delivered,
           (status = 'read')::int AS read, (status = 'failed')::int AS failed, (status = 'skipped')::int AS skipped,
           (replied_at IS NOT NULL)::int AS replied
    FROM new_rows
    UNION ALL
    SELECT broadcast_id, -(status = 'pending')::int, -(status IN ('sent', 'delivered', 'read'))::int,
           -(status IN ('delivered', 'read'))::int, -(status = 'read')::int, -(status = 'failed')::int,
           -(status = 'skipped')::int, -(replied_at IS NOT NULL)::int
    FROM old_rows
  ) d
  GROUP BY broadcast_id
  HAVING sum(pending) <> 0 OR sum(sent) <> 0 OR sum(delivered) <> 0 OR sum(read) <> 0
      OR sum(failed) <> 0 OR sum(skipped) <> 0 OR sum(replied) <> 0
  ON CONFLICT (broadcast_id, shard) DO UPDATE SET
    pending = c.pending + EXCLUDED.pending, sent = c.sent + EXCLUDED.sent,
    delivered = c.delivered + EXCLUDED.delivered, read = c.read + EXCLUDED.read,
    failed = c.failed + EXCLUDED.failed, skipped = c.skipped + EXCLUDED.skipped,
    replied = c.replied + EXCLUDED.replied;
  RETURN NULL;
END $$;

CREATE TRIGGER broadcast_recipients_counted_insert AFTER INSERT ON broadcast_recipients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION broadcast_recipients_counted_insert();
CREATE TRIGGER broadcast_recipients_counted_update AFTER UPDATE ON broadcast_recipients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION broadcast_recipients_counted_update();
