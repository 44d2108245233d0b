-- CreateTable
CREATE TABLE "flows" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "channel_id" UUID NOT NULL,
    "upstream_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "categories" TEXT[],
    "status" TEXT NOT NULL DEFAULT 'DRAFT',
    "flow_json" JSONB,
    "validation_errors" JSONB NOT NULL DEFAULT '[]',
    "preview_url" TEXT,
    "preview_expires_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "flows_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "flows_organization_id_updated_at_idx" ON "flows"("organization_id", "updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "flows_channel_id_upstream_id_key" ON "flows"("channel_id", "upstream_id");

-- AddForeignKey
ALTER TABLE "flows" ADD CONSTRAINT "flows_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "flows" ADD CONSTRAINT "flows_channel_id_fkey" FOREIGN KEY ("channel_id") REFERENCES "channels"("id") ON DELETE CASCADE ON UPDATE CASCADE;
