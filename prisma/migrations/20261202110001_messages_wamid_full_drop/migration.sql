-- Written by hand (see …110000): the full index goes once the partial one is valid, without
-- blocking writes (CONCURRENTLY, alone in its file for the same reason). …110004 gives the partial
-- index the full one's name, the name Prisma's schema expects.
DROP INDEX CONCURRENTLY "messages_whatsapp_message_id_key";
