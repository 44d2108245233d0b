-- CreateIndex
CREATE INDEX "contacts_organization_id_name_id_idx" ON "contacts"("organization_id", "name", "id");

-- CreateIndex
CREATE INDEX "contacts_organization_id_updated_at_id_idx" ON "contacts"("organization_id", "updated_at" DESC, "id" DESC);
