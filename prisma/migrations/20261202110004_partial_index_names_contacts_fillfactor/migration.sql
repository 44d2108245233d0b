-- Written by hand (see …110000). The partial indexes take the names Prisma's schema gives the
-- indexes (renaming an index takes a SHARE UPDATE EXCLUSIVE lock: reads and writes go on).
ALTER INDEX "messages_whatsapp_message_id_partial_key" RENAME TO "messages_whatsapp_message_id_key";
ALTER INDEX "messages_organization_id_flow_token_partial_idx" RENAME TO "messages_organization_id_flow_token_idx";

-- Room on each page of contacts for a new version of a row: a broadcast's insert rewrites the
-- contact's row to guard against two concurrent conversation openers, and a rewrite that finds no
-- room on the row's page is not HOT (it writes an entry in each of the table's seven indexes, one of
-- them the trigram GIN index). Applies to pages filled from now on (existing ones keep their fill
-- until a rewrite of the table); SHARE UPDATE EXCLUSIVE lock only.
ALTER TABLE "contacts" SET (fillfactor = 85);
