-- AlterTable
ALTER TABLE "media" ADD COLUMN     "copy_failed_at" TIMESTAMP(3);
