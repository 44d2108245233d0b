-- CreateTable
CREATE TABLE "channel_unprocessed_fields" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "channel_id" UUID NOT NULL,
    "field" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "first_seen_at" TIMESTAMP(3) NOT NULL,
    "last_seen_at" TIMESTAMP(3) NOT NULL,
    "example" JSONB NOT NULL,
    "upstream_notification_id" UUID,

    CONSTRAINT "channel_unprocessed_fields_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "channel_unprocessed_fields_organization_id_idx" ON "channel_unprocessed_fields"("organization_id");

-- CreateIndex
CREATE UNIQUE INDEX "channel_unprocessed_fields_channel_id_field_key" ON "channel_unprocessed_fields"("channel_id", "field");

-- AddForeignKey
ALTER TABLE "channel_unprocessed_fields" ADD CONSTRAINT "channel_unprocessed_fields_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "channel_unprocessed_fields" ADD CONSTRAINT "channel_unprocessed_fields_channel_id_fkey" FOREIGN KEY ("channel_id") REFERENCES "channels"("id") ON DELETE CASCADE ON UPDATE CASCADE;
