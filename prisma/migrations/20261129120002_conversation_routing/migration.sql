-- AlterTable
ALTER TABLE "conversations" ADD COLUMN     "owner" TEXT NOT NULL DEFAULT 'us',
ADD COLUMN     "owner_app_id" TEXT;

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "responder" TEXT NOT NULL DEFAULT 'us',
ADD COLUMN     "responder_app_id" TEXT;

-- "us" or "other" only (lib/routing/routing.ts)
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_owner_check" CHECK ("owner" IN ('us', 'other'));
ALTER TABLE "messages" ADD CONSTRAINT "messages_responder_check" CHECK ("responder" IN ('us', 'other'));
