-- AlterTable
ALTER TABLE "channels" ADD COLUMN     "flows_sync_error" TEXT,
ADD COLUMN     "flows_sync_failed_at" TIMESTAMP(3);
