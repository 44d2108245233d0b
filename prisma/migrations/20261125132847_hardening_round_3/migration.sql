-- AlterTable
ALTER TABLE "users" ADD COLUMN     "session_version" INTEGER NOT NULL DEFAULT 0;

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
