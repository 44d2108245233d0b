-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "flow_token" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "messages_organization_id_flow_token_key" ON "messages"("organization_id", "flow_token");
