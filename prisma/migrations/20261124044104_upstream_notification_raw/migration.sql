-- AlterTable
ALTER TABLE "upstream_notifications" ADD COLUMN     "raw" BYTEA;
