-- AlterTable (nullable, no default: no rewrite, instant on a large table)
ALTER TABLE "upstream_notifications" ADD COLUMN "claimed_at" TIMESTAMP(3),
ADD COLUMN "wake_channel" TEXT;
