-- DropIndex
DROP INDEX "events_organization_id_created_at_idx";

-- AlterTable
ALTER TABLE "webhooks" ADD COLUMN     "auto_disabled" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "disabled_at" TIMESTAMP(3),
ADD COLUMN     "failing_since" TIMESTAMP(3),
ADD COLUMN     "rate_limit" INTEGER;

-- CreateIndex
CREATE INDEX "events_organization_id_created_at_id_idx" ON "events"("organization_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "events_organization_id_name_created_at_id_idx" ON "events"("organization_id", "name", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "deliveries_event_id_idx" ON "deliveries"("event_id");
