-- AlterTable
ALTER TABLE "channels" ADD COLUMN     "messaging_capabilities" JSONB,
ADD COLUMN     "messaging_limit" INTEGER,
ADD COLUMN     "messaging_limit_changed_at" TIMESTAMP(3),
ADD COLUMN     "pricing_tier_changed_at" TIMESTAMP(3),
ADD COLUMN     "pricing_tiers" JSONB NOT NULL DEFAULT '[]';
