-- CreateTable
CREATE TABLE "flow_endpoints" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "channel_id" UUID NOT NULL,
    "private_key_enc" TEXT,
    "public_key" TEXT,
    "key_fingerprint" TEXT,
    "key_uploaded_at" TIMESTAMP(3),
    "previous_private_key_enc" TEXT,
    "key_upload_error" TEXT,
    "receiver_url" TEXT,
    "receiver_secret_enc" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "flow_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "flow_endpoints_channel_id_key" ON "flow_endpoints"("channel_id");

-- CreateIndex
CREATE INDEX "flow_endpoints_organization_id_idx" ON "flow_endpoints"("organization_id");

-- AddForeignKey
ALTER TABLE "flow_endpoints" ADD CONSTRAINT "flow_endpoints_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "flow_endpoints" ADD CONSTRAINT "flow_endpoints_channel_id_fkey" FOREIGN KEY ("channel_id") REFERENCES "channels"("id") ON DELETE CASCADE ON UPDATE CASCADE;
