-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "contact_count" BIGINT NOT NULL DEFAULT 0;

-- Written by hand: the count is kept by statement-level triggers, so that listing a million
-- contacts does not count a million rows; one UPDATE per statement and organization.
CREATE FUNCTION contacts_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organizations o SET contact_count = o.contact_count + n.c
  FROM (SELECT organization_id, count(*) AS c FROM new_rows GROUP BY organization_id) n
  WHERE o.id = n.organization_id;
  RETURN NULL;
END $$;

CREATE FUNCTION contacts_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organizations o SET contact_count = o.contact_count - d.c
  FROM (SELECT organization_id, count(*) AS c FROM old_rows GROUP BY organization_id) d
  WHERE o.id = d.organization_id;
  RETURN NULL;
END $$;

CREATE TRIGGER contacts_count_insert AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contacts_count_insert();
CREATE TRIGGER contacts_count_delete AFTER DELETE ON contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contacts_count_delete();

UPDATE organizations o SET contact_count = (SELECT count(*) FROM contacts c WHERE c.organization_id = o.id);
