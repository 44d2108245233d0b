import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  findContactByBsuid,
  findContactByPhone,
  findContactRow,
  insertContactChange,
  mergeContactRows,
  updateContactReturning,
  updateContactRow,
  writeMarketingPreference,
} from "@/lib/contacts/repository/contacts";
import {
  findContactsByIdentifiers,
  insertImportChanges,
  lockContactsForImport,
} from "@/lib/contacts/repository/import";
import {
  contactPageIds,
  countContacts,
  countContactsMatching,
  customFieldKeys,
  exportPage,
  findContactsWithTags,
  listNewestContacts,
} from "@/lib/contacts/repository/list";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { twoOrganizations } from "@/scripts/test/two-organizations";

/**
 * The contacts repository's promise (docs/architecture.md "Repositories"), for what the inbound
 * path, merges, marketing preferences, lists, exports and imports use: given another
 * organization, a contact id of this one finds and changes nothing. Real PostgreSQL.
 */
const mine = { org: "", keep: "", absorb: "", phone: "", bsuid: "", conversation: "" };
let other = "";
let theirs = "";
const hex = (n: number) => randomBytes(n).toString("hex");

/** What `run` sees inside a transaction that is then undone, so a probe leaves nothing behind. */
async function undone<T>(run: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  let seen: { value: T } | undefined;
  await db()
    .$transaction(async (tx) => {
      seen = { value: await run(tx) };
      throw new Error("undo");
    })
    .catch((error: Error) => {
      if (error.message !== "undo") throw error;
    });
  if (!seen) throw new Error("nothing seen");
  return seen.value;
}

const snapshot = () =>
  Promise.all([
    db().contact.findMany({ where: { organizationId: mine.org }, orderBy: { id: "asc" } }),
    db().conversation.findMany({ where: { organizationId: mine.org } }),
    db().contactChange.count({ where: { organizationId: { in: [mine.org, other] } } }),
  ]);

const orgs = twoOrganizations("Contacts");

beforeAll(async () => {
  mine.org = orgs.a;
  other = orgs.b;
  // older than this organization's contacts: an export anchored on one of them would reach it
  theirs = (
    await db().contact.create({ data: { organizationId: orgs.b, phone: `+1666${Date.now() % 1e7}` } })
  ).id;
  mine.phone = `+1555${Date.now() % 1e7}`;
  mine.bsuid = `US.${hex(8)}`;
  const keep = await db().contact.create({
    data: { organizationId: orgs.a, phone: mine.phone, customFields: { plan: "gold" } },
  });
  mine.keep = keep.id;
  const absorb = await db().contact.create({ data: { organizationId: orgs.a, bsuid: mine.bsuid } });
  mine.absorb = absorb.id;
  mine.conversation = (
    await db().conversation.create({ data: { organizationId: orgs.a, contactId: absorb.id } })
  ).id;
});

describe("contacts: another organization's id is nobody's", () => {
  it("writes nothing: updates, marketing preference, history rows, import locks", async () => {
    const before = await snapshot();
    const at = new Date();
    await db().$transaction(async (tx) => {
      await expect(updateContactReturning(other, mine.keep, { name: "taken" }, tx)).rejects.toThrow();
    });
    await db().$transaction(async (tx) => {
      expect(await updateContactRow(other, mine.keep, { name: "taken" }, tx)).toBe(false);
      expect(
        await writeMarketingPreference(other, mine.keep, { optOut: true, at, source: "stop_word" }, tx),
      ).toBe(false);
      await insertContactChange(
        other,
        {
          contactId: mine.keep,
          field: "marketing_opt_out",
          value: "true",
          source: "stop_word",
          createdAt: at,
        },
        tx,
      );
      await insertImportChanges(
        other,
        [
          {
            contactId: mine.keep,
            userId: randomUUID(),
            field: "name",
            value: "x",
            source: "import",
            createdAt: at,
          },
        ],
        tx,
      );
      expect(await lockContactsForImport(other, [mine.keep, mine.absorb], tx)).toEqual([]);
    });
    expect(await snapshot()).toEqual(before);
  });

  it("an import's lock takes nothing of another organization: its rows stay free", async () => {
    const lockedBy = (org: string) =>
      db().$transaction(async (tx) => {
        await lockContactsForImport(org, [mine.keep], tx);
        // another connection, without waiting: 55P03 when the row is locked
        return db().$queryRaw`SELECT id FROM contacts WHERE id = ${mine.keep}::uuid FOR UPDATE NOWAIT`.then(
          () => false,
          () => true,
        );
      });
    expect(await lockedBy(other)).toBe(false);
    expect(await lockedBy(mine.org)).toBe(true);
  });

  it("a merge moves nothing of another organization's contacts, whichever side is theirs", async () => {
    const seen = (org: string, keep: string, absorb: string) =>
      undone(async (tx) => {
        const error = await mergeContactRows(org, keep, absorb, { name: "merged" }, tx).then(
          () => null,
          (e: Error) => e,
        );
        const moved = await tx.conversation.count({ where: { id: mine.conversation, contactId: keep } });
        const absorbed = await tx.contact.count({ where: { id: absorb } });
        return { failed: error !== null, moved, absorbed };
      });
    // both contacts this organization's, asked as another
    expect(await seen(other, mine.keep, mine.absorb)).toEqual({ failed: true, moved: 0, absorbed: 1 });
    // the kept contact another organization's
    expect(await seen(mine.org, theirs, mine.absorb)).toEqual({ failed: true, moved: 0, absorbed: 0 });
    // the owner's merge does what it says
    expect(await seen(mine.org, mine.keep, mine.absorb)).toEqual({ failed: false, moved: 1, absorbed: 0 });
  });

  it("finds nothing", async () => {
    const page = { sort: "newest" as const, offset: 0, limit: 10 };
    await db().$transaction(async (tx) => {
      expect(await findContactByPhone(other, mine.phone, tx)).toBeNull();
      expect(await findContactByBsuid(other, mine.bsuid, tx)).toBeNull();
    });
    expect(await findContactRow(other, mine.keep)).toBeNull();
    expect(await findContactsByIdentifiers(other, [mine.phone], [mine.bsuid])).toEqual([]);
    expect(await findContactsWithTags(other, [mine.keep, mine.absorb])).toEqual([]);
    expect(await customFieldKeys(other, 10)).toEqual([]);
    // the export's keyset anchor is found in the organization only: another's id anchors nothing
    expect(await exportPage(other, mine.keep, 10)).toEqual([]);
    expect((await exportPage(other, null, 10)).map((r) => r.id)).toEqual([theirs]);
    expect(await listNewestContacts(other, 0, 10)).toHaveLength(1);
    expect(await contactPageIds(other, { ...page, search: mine.phone })).toEqual([]);
    expect(await countContactsMatching(other, { search: mine.phone })).toBe(0);
    expect(await countContacts(other)).toBe(1);
  });

  it("the owner's reads find what they say (the checks above are not vacuous)", async () => {
    const page = { sort: "newest" as const, offset: 0, limit: 10 };
    await db().$transaction(async (tx) => {
      expect((await findContactByPhone(mine.org, mine.phone, tx))?.id).toBe(mine.keep);
      expect((await findContactByBsuid(mine.org, mine.bsuid, tx))?.id).toBe(mine.absorb);
      expect(await lockContactsForImport(mine.org, [mine.keep, mine.absorb], tx)).toHaveLength(2);
    });
    expect((await findContactRow(mine.org, mine.keep))?.id).toBe(mine.keep);
    expect(await findContactsByIdentifiers(mine.org, [mine.phone], [mine.bsuid])).toHaveLength(2);
    expect(await customFieldKeys(mine.org, 10)).toEqual(["plan"]);
    expect((await exportPage(mine.org, mine.absorb, 10)).map((r) => r.id)).toEqual([mine.keep]);
    expect(await contactPageIds(mine.org, { ...page, search: mine.phone })).toEqual([mine.keep]);
    expect(await countContactsMatching(mine.org, { search: mine.phone })).toBe(1);
    const at = new Date();
    await db().$transaction(async (tx) => {
      expect(
        await writeMarketingPreference(mine.org, mine.keep, { optOut: true, at, source: "stop_word" }, tx),
      ).toBe(true);
      await insertContactChange(
        mine.org,
        {
          contactId: mine.keep,
          field: "marketing_opt_out",
          value: "true",
          source: "stop_word",
          createdAt: at,
        },
        tx,
      );
      expect(await updateContactRow(mine.org, mine.keep, { name: "renamed" }, tx)).toBe(true);
    });
    expect(await db().contactChange.count({ where: { contactId: mine.keep } })).toBe(1);
    expect(await findContactRow(mine.org, mine.keep)).toMatchObject({
      name: "renamed",
      marketingOptOut: true,
    });
  });
});
