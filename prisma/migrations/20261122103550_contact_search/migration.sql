-- Written by hand: Prisma's schema cannot express an expression index, so this index is not in
-- schema.prisma, and schema.prisma here is an unchanged copy of the previous migration's.
-- Contact search matches a query anywhere in name, phone or email (ILIKE '%…%'); a trigram GIN
-- index over the same expression makes that fast. Queries must use exactly this expression.

-- CreateExtension
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX contacts_search_trgm_idx ON contacts USING gin ((coalesce(name,'') || ' ' || coalesce(phone,'') || ' ' || coalesce(email,'')) gin_trgm_ops);
