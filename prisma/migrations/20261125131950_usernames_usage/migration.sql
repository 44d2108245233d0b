-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "usage_currency" VARCHAR(3) NOT NULL DEFAULT 'USD';

-- AlterTable
ALTER TABLE "channels" ADD COLUMN     "coexistence" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "marketing_messages_api" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "contacts" ADD COLUMN     "blocked_at" TIMESTAMP(3),
ADD COLUMN     "parent_bsuid" TEXT,
ADD COLUMN     "username" TEXT;

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "deleted_at" TIMESTAMP(3),
ADD COLUMN     "edited_at" TIMESTAMP(3),
ADD COLUMN     "edited_content" JSONB,
ADD COLUMN     "pricing_billable" BOOLEAN,
ADD COLUMN     "pricing_country" VARCHAR(2),
ADD COLUMN     "pricing_type" TEXT,
ADD COLUMN     "source" TEXT,
ADD COLUMN     "upstream_api" TEXT;

-- CreateTable
CREATE TABLE "usage_daily" (
    "organization_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "channel_id" UUID NOT NULL,
    "category" TEXT NOT NULL,
    "billable" BOOLEAN NOT NULL,
    "pricing_type" TEXT NOT NULL,
    "country" VARCHAR(2) NOT NULL,
    "slot" SMALLINT NOT NULL,
    "count" BIGINT NOT NULL,

    CONSTRAINT "usage_daily_pkey" PRIMARY KEY ("organization_id","day","channel_id","category","billable","pricing_type","country","slot")
);

-- CreateTable
CREATE TABLE "usage_rates" (
    "organization_id" UUID NOT NULL,
    "category" TEXT NOT NULL,
    "country" VARCHAR(2) NOT NULL,
    "price_micros" BIGINT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "usage_rates_pkey" PRIMARY KEY ("organization_id","category","country")
);

-- AddForeignKey
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "usage_rates" ADD CONSTRAINT "usage_rates_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand from here (Prisma's schema cannot express triggers or expression indexes).

-- Contact search also matches a username anywhere in it (the existing contacts_search_trgm_idx
-- covers name, phone and e-mail; a BSUID is matched exactly through contacts_organization_id_bsuid_key).
-- Partial: most contacts have no username, and an ILIKE on username implies it is not null.
CREATE INDEX contacts_username_trgm_idx ON contacts USING gin (username gin_trgm_ops) WHERE username IS NOT NULL;

-- Messages priced before this migration: their billable flag and type come from the stored pricing.
UPDATE messages
SET pricing_billable = coalesce((pricing ->> 'billable')::boolean, (pricing ->> 'type') = 'regular'),
    pricing_type = pricing ->> 'type'
WHERE pricing IS NOT NULL AND jsonb_typeof(pricing) = 'object';

-- usage_daily: one counter per organization, UTC day of creation, channel, category, billable flag,
-- pricing type and country, spread over 8 slots (by message id) so that concurrent status
-- notifications of one busy day do not queue on a single row lock; once a day is over, the
-- compaction folds its slots into slot 0 (lib/usage/compact-usage.ts). A message counts once, in
-- the bucket of its latest reported pricing: a change of pricing moves it from one bucket to another.
CREATE FUNCTION messages_usage() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  slot_no smallint := (hashtext(NEW.id::text) & 7)::smallint;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.pricing_category IS NOT NULL THEN
    IF NEW.pricing_category IS NOT NULL
       AND OLD.pricing_category = NEW.pricing_category
       AND OLD.pricing_billable IS NOT DISTINCT FROM NEW.pricing_billable
       AND OLD.pricing_type IS NOT DISTINCT FROM NEW.pricing_type
       AND OLD.pricing_country IS NOT DISTINCT FROM NEW.pricing_country THEN
      RETURN NULL;
    END IF;
    -- an upsert of -1, not an UPDATE: the compaction (lib/usage/compact-usage.ts) may have folded
    -- the old bucket's slot into slot 0, and a -1 row keeps the sums right until it is folded too
    INSERT INTO usage_daily AS u (organization_id, day, channel_id, category, billable, pricing_type, country, slot, count)
    VALUES (OLD.organization_id, OLD.created_at::date,
            coalesce(OLD.channel_id, '00000000-0000-0000-0000-000000000000'::uuid), OLD.pricing_category,
            coalesce(OLD.pricing_billable, false), coalesce(OLD.pricing_type, ''), coalesce(OLD.pricing_country, ''),
            (hashtext(OLD.id::text) & 7)::smallint, -1)
    ON CONFLICT (organization_id, day, channel_id, category, billable, pricing_type, country, slot)
    DO UPDATE SET count = u.count - 1;
  END IF;
  IF NEW.pricing_category IS NOT NULL THEN
    INSERT INTO usage_daily AS u (organization_id, day, channel_id, category, billable, pricing_type, country, slot, count)
    VALUES (NEW.organization_id, NEW.created_at::date,
            coalesce(NEW.channel_id, '00000000-0000-0000-0000-000000000000'::uuid), NEW.pricing_category,
            coalesce(NEW.pricing_billable, false), coalesce(NEW.pricing_type, ''), coalesce(NEW.pricing_country, ''),
            slot_no, 1)
    ON CONFLICT (organization_id, day, channel_id, category, billable, pricing_type, country, slot)
    DO UPDATE SET count = u.count + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER messages_usage
  AFTER INSERT OR UPDATE OF pricing_category, pricing_billable, pricing_type, pricing_country ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_usage();

INSERT INTO usage_daily (organization_id, day, channel_id, category, billable, pricing_type, country, slot, count)
SELECT organization_id, created_at::date, coalesce(channel_id, '00000000-0000-0000-0000-000000000000'::uuid),
       pricing_category, coalesce(pricing_billable, false), coalesce(pricing_type, ''), coalesce(pricing_country, ''),
       0::smallint, count(*)
FROM messages WHERE pricing_category IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6, 7;
