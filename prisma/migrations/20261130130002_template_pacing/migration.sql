-- CreateEnum
CREATE TYPE "MessagePacing" AS ENUM ('held', 'paused');

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "pacing" "MessagePacing";

-- Written by hand (Prisma cannot express a partial index): a broadcast's `held` count
-- (lib/broadcasts/broadcast-json.ts) reads only the few messages WhatsApp holds.
CREATE INDEX "messages_broadcast_id_held_idx" ON "messages" ("broadcast_id") WHERE "pacing" IS NOT NULL;
