import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { twoOrganizations } from "@/scripts/test/two-organizations";

/**
 * Migrations 20261202110000–…110004 build two indexes of messages again as partial (WHERE … IS NOT
 * NULL), CONCURRENTLY, under temporary names, then give them Prisma's names: a build that failed
 * would leave an INVALID index, and a missed rename a name Prisma's schema does not know. The
 * upstream's id stays unique across organizations (the inbound duplicate check relies on it), and
 * any number of messages may still have none.
 */
type IndexRow = { name: string; unique: boolean; valid: boolean; predicate: string | null };

const orgs = twoOrganizations("Partial indexes");
const contacts = { a: "", b: "" };

beforeAll(async () => {
  const phone = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  contacts.a = (await db().contact.create({ data: { organizationId: orgs.a, phone: phone() } })).id;
  contacts.b = (await db().contact.create({ data: { organizationId: orgs.b, phone: phone() } })).id;
});

const message = (organizationId: string, contactId: string, whatsappMessageId: string | null) =>
  db().message.create({
    data: {
      organizationId,
      contactId,
      direction: "outbound",
      type: "text",
      content: {},
      status: whatsappMessageId ? "sent" : "queued",
      whatsappMessageId,
    },
  });

describe("messages' partial indexes", () => {
  it("are valid, partial, under the names Prisma's schema gives them; contacts keep room for HOT rewrites", async () => {
    const rows = await db().$queryRaw<IndexRow[]>`
      SELECT c.relname AS name, i.indisunique AS unique, i.indisvalid AS valid,
             pg_get_expr(i.indpred, i.indrelid) AS predicate
      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = 'messages'::regclass ORDER BY c.relname`;
    expect(rows.every((r) => r.valid)).toBe(true);
    expect(rows.filter((r) => r.name.includes("partial"))).toEqual([]);
    expect(rows).toContainEqual({
      name: "messages_whatsapp_message_id_key",
      unique: true,
      valid: true,
      predicate: "(whatsapp_message_id IS NOT NULL)",
    });
    expect(rows).toContainEqual({
      name: "messages_organization_id_flow_token_idx",
      unique: false,
      valid: true,
      predicate: "(flow_token IS NOT NULL)",
    });
    const [contactsTable] = await db().$queryRaw<{ options: string[] | null }[]>`
      SELECT reloptions AS options FROM pg_class WHERE oid = 'contacts'::regclass`;
    expect(contactsTable?.options).toContain("fillfactor=85");
  });

  it("an upstream id is stored once across organizations; messages without one are many", async () => {
    const wamid = `wamid.${randomUUID()}`;
    await message(orgs.a, contacts.a, wamid);
    const again = await message(orgs.b, contacts.b, wamid).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
    expect((again as Prisma.PrismaClientKnownRequestError).code).toBe("P2002");
    await message(orgs.a, contacts.a, null);
    await message(orgs.a, contacts.a, null);
    expect(await db().message.count({ where: { contactId: contacts.a, whatsappMessageId: null } })).toBe(2);
    // the unique lookup Prisma offers by the upstream id still finds it
    expect((await db().message.findUnique({ where: { whatsappMessageId: wamid } }))?.organizationId).toBe(
      orgs.a,
    );
  });
});
