-- AlterTable
ALTER TABLE "contacts" ADD COLUMN     "marketing_opt_out_source" TEXT;

-- CreateTable
CREATE TABLE "contact_changes" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "contact_id" UUID NOT NULL,
    "user_id" UUID,
    "field" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "contact_changes_contact_id_created_at_idx" ON "contact_changes"("contact_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "messages_contact_id_created_at_idx" ON "messages"("contact_id", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "contact_changes" ADD CONSTRAINT "contact_changes_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_changes" ADD CONSTRAINT "contact_changes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
