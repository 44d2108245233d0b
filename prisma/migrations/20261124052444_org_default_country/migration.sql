-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "default_country" VARCHAR(2) NOT NULL DEFAULT 'US';
