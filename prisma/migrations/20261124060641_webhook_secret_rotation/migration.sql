-- AlterTable
ALTER TABLE "webhooks" ADD COLUMN     "previous_secret_enc" TEXT,
ADD COLUMN     "previous_secret_expires_at" TIMESTAMP(3);
