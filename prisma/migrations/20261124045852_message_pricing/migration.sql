-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "pricing" JSONB,
ADD COLUMN     "pricing_category" TEXT;
