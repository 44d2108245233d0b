-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "flow_token" TEXT;

-- CreateIndex
CREATE INDEX "messages_organization_id_flow_token_idx" ON "messages"("organization_id", "flow_token");
