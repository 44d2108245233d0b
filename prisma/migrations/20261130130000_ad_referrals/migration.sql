-- AlterTable
ALTER TABLE "contacts" ADD COLUMN     "first_referral" JSONB,
ADD COLUMN     "latest_referral" JSONB;

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "referral" JSONB;
