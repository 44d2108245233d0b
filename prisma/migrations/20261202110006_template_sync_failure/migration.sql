-- AlterTable
ALTER TABLE "channels" ADD COLUMN     "templates_sync_error" TEXT,
ADD COLUMN     "templates_sync_failed_at" TIMESTAMP(3);
