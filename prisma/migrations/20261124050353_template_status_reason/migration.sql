-- AlterTable
ALTER TABLE "template_translations" ADD COLUMN     "status_changed_at" TIMESTAMP(3),
ADD COLUMN     "status_details" TEXT,
ADD COLUMN     "status_reason" TEXT;
