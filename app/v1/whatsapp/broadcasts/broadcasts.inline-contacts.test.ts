/**
 * An inline recipient's `contact` (what a CSV audience's known columns give): the new contact is
 * created with it, the recipient's message reads it, and an existing contact is never changed.
 */
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  allRecipients,
  createBroadcast,
  orderShipped,
  readyBroadcaster,
} from "@/scripts/test/broadcast-helpers";
import { api, expectError, randomPhone } from "@/scripts/test/helpers";

describe("POST /v1/whatsapp/broadcasts: inline recipients' contact fields", () => {
  it("a new number becomes a contact with its name, e-mail, tags and custom fields; a known one is not changed", async () => {
    const b = await readyBroadcaster();
    const known = await api("/v1/contacts", {
      method: "POST",
      key: b.key,
      body: { phone: randomPhone(), name: "Known", email: "known@example.com" },
    });
    expect(known.status, known.text).toBe(201);
    const fresh = randomPhone();
    const res = await createBroadcast(b.key, {
      name: "From a file",
      template: orderShipped("A-1", "{{contact.name|there}}", "{{contact.custom_fields.order|soon}}"),
      recipients: [
        {
          to: fresh,
          contact: {
            name: "Lin Chen",
            email: "lin@example.com",
            tags: ["csv-audience"],
            custom_fields: { order: "P-7" },
          },
        },
        {
          to: known.body.data.phone,
          contact: { name: "Renamed", email: "other@example.com", tags: ["csv-audience"] },
        },
      ],
    });
    expect(res.status, res.text).toBe(201);
    const created = await db().contact.findFirstOrThrow({
      where: { organizationId: b.orgId, phone: fresh },
      include: { tags: { include: { tag: true } } },
    });
    expect(created).toMatchObject({
      name: "Lin Chen",
      email: "lin@example.com",
      customFields: { order: "P-7" },
    });
    expect(created.tags.map((t) => t.tag.name)).toEqual(["csv-audience"]);
    const stays = await db().contact.findUniqueOrThrow({
      where: { id: known.body.data.id },
      include: { tags: true },
    });
    expect(stays).toMatchObject({ name: "Known", email: "known@example.com", tags: [] });

    const [event] = await db().event.findMany({
      where: { organizationId: b.orgId, name: "contact.created", data: { path: ["phone"], equals: fresh } },
    });
    expect(event?.data).toMatchObject({ name: "Lin Chen", email: "lin@example.com" });
    // the recipient's message reads the contact it was created with
    const rows = await allRecipients(b.key, res.body.data.id);
    expect(rows.map((r) => r.skipReason)).toEqual([null, null]);
    const recipient = await db().broadcastRecipient.findFirstOrThrow({ where: { contactId: created.id } });
    expect(JSON.stringify(recipient.values)).toContain("Lin Chen");
    expect(JSON.stringify(recipient.values)).toContain("P-7");
  });

  it("a contact that breaks the create-contact rules is refused with the field named", async () => {
    const b = await readyBroadcaster();
    const res = await createBroadcast(b.key, {
      name: "Bad e-mail",
      template: orderShipped("A-1", "x", "y"),
      recipients: [{ to: randomPhone(), contact: { email: "not-an-email" } }],
    });
    expectError(res, 400, "VALIDATION_INVALID_FIELD");
    expect(res.body.error.details.field).toBe("recipients.0.contact.email");
    expect(await db().broadcast.count({ where: { organizationId: b.orgId } })).toBe(0);
  });
});
