-- AlterTable
ALTER TABLE "channels" ADD COLUMN     "call_ring_seconds" INTEGER NOT NULL DEFAULT 60,
ADD COLUMN     "calling_settings" JSONB,
ADD COLUMN     "calling_settings_at" TIMESTAMP(3);
