-- AlterTable
ALTER TABLE "users" ADD COLUMN     "session_version" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "channels" ADD COLUMN     "token_error" TEXT,
ADD COLUMN     "token_invalid_at" TIMESTAMP(3);

-- Written by hand (Prisma's schema cannot express a trigger): whatever path changes a staff
-- member's password, role, e-mail or organization (the CLI, a future screen, an operator's SQL),
-- every session of that user ends, because sessions name the version they began with
-- (lib/auth/session-user.ts). Sign-out moves the version on itself.
CREATE FUNCTION users_end_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash
     OR NEW.role IS DISTINCT FROM OLD.role
     OR NEW.email IS DISTINCT FROM OLD.email
     OR NEW.organization_id IS DISTINCT FROM OLD.organization_id THEN
    NEW.session_version := OLD.session_version + 1;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER users_end_sessions BEFORE UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION users_end_sessions();

-- Written by hand (Prisma's schema cannot express an exclusion constraint): template notifications
-- name only a WABA id, so a WhatsApp Business Account may be active in one organization at most,
-- as a phone number is (migration channel_number_active_once); one organization may have several
-- numbers of it. btree_gist gives GiST the = and <> of text and uuid (a trusted extension).
CREATE EXTENSION IF NOT EXISTS btree_gist;

-- Where a WABA is active in several organizations already, the organization of its oldest active
-- channel keeps it; the other organizations' channels of that WABA are deactivated (they keep
-- their rows and history, as deactivation always does).
WITH keeper AS (
  SELECT DISTINCT ON (waba_id) waba_id, organization_id FROM channels
  WHERE status = 'active' ORDER BY waba_id, created_at, id
)
UPDATE channels SET status = 'inactive', updated_at = now()
FROM keeper
WHERE channels.status = 'active'
  AND channels.waba_id = keeper.waba_id
  AND channels.organization_id <> keeper.organization_id;

ALTER TABLE channels ADD CONSTRAINT channels_active_waba_one_organization
  EXCLUDE USING gist (waba_id WITH =, organization_id WITH <>) WHERE (status = 'active');
