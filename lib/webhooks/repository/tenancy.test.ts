import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addContactTags,
  deleteContactRow,
  findContactWithTags,
  listTagNames,
  setContactBlockedAt,
  setContactTags,
} from "@/lib/contacts/repository/contacts";
import { db } from "@/lib/db";
import {
  failPendingDeliveries,
  findDeliveryDetail,
  findWebhookDelivery,
  makeDeliveryDue,
} from "@/lib/webhooks/repository/deliveries";
import {
  deleteWebhookRow,
  disableWebhookAutomatically,
  findWebhook,
  markWebhookFailing,
  rotateWebhookSecretRow,
  updateWebhookRow,
} from "@/lib/webhooks/repository/webhooks";
import { twoOrganizations } from "@/scripts/test/two-organizations";

/**
 * The repositories' promise (docs/architecture.md "Repositories"): given another organization,
 * an id of this one finds, changes and deletes nothing, even where a caller skipped the scoped
 * read that used to make a bare-id write safe. Two organizations, real PostgreSQL.
 */
const mine = { org: "", webhook: "", delivery: "", contact: "" };
let other = "";

const orgs = twoOrganizations("Tenancy");

beforeAll(async () => {
  mine.org = orgs.a;
  other = orgs.b;
  mine.webhook = `wbk_${randomBytes(12).toString("hex")}`;
  await db().webhook.create({
    data: {
      id: mine.webhook,
      organizationId: orgs.a,
      name: "mine",
      url: "https://example.com/hook",
      events: [],
    },
  });
  const event = await db().event.create({
    data: { organizationId: orgs.a, name: "contact.created", data: {} },
  });
  mine.delivery = `wh_${Date.now()}_${randomBytes(6).toString("hex")}`;
  await db().delivery.create({
    data: {
      id: mine.delivery,
      organizationId: orgs.a,
      webhookId: mine.webhook,
      eventId: event.id,
      status: "failed",
      attemptCount: 1,
    },
  });
  const contact = await db().contact.create({
    data: { organizationId: orgs.a, phone: `+1555${Date.now() % 1e7}` },
  });
  mine.contact = contact.id;
});

describe("webhooks and deliveries: another organization's id is nobody's", () => {
  it("finds nothing and writes nothing", async () => {
    const before = await db().webhook.findUniqueOrThrow({ where: { id: mine.webhook } });
    expect(await findWebhook(other, mine.webhook)).toBeNull();
    expect(await updateWebhookRow(other, mine.webhook, { name: "taken", status: "disabled" })).toBeNull();
    expect(await deleteWebhookRow(other, mine.webhook)).toBe(false);
    const now = new Date();
    expect(
      await rotateWebhookSecretRow(other, mine.webhook, { sealed: "x", expiresAt: now, now }),
    ).toBeNull();
    expect(await markWebhookFailing(other, mine.webhook, now, db())).toBeNull();
    await disableWebhookAutomatically(other, mine.webhook, { reason: "not yours", at: now }, db());
    expect(await db().webhook.findUniqueOrThrow({ where: { id: mine.webhook } })).toEqual(before);

    expect(await findDeliveryDetail(other, mine.delivery)).toBeNull();
    expect(await findWebhookDelivery(other, mine.webhook, mine.delivery)).toBeNull();
    await makeDeliveryDue(other, mine.delivery, { status: "failed", attemptCount: 1 });
    expect(await failPendingDeliveries(other, mine.webhook)).toBe(0);
    const delivery = await db().delivery.findUniqueOrThrow({ where: { id: mine.delivery } });
    expect(delivery.status).toBe("failed");
  });

  it("the owner's calls do what they say (the test is not vacuous)", async () => {
    expect((await findWebhook(mine.org, mine.webhook))?.id).toBe(mine.webhook);
    await makeDeliveryDue(mine.org, mine.delivery, { status: "failed", attemptCount: 1 });
    expect(await failPendingDeliveries(mine.org, mine.webhook)).toBe(1);
    expect((await updateWebhookRow(mine.org, mine.webhook, { name: "renamed" }))?.name).toBe("renamed");
  });
});

describe("contacts: another organization's id is nobody's", () => {
  it("tags, blocks and deletes nothing of another organization", async () => {
    await addContactTags(other, [{ contactId: mine.contact, tags: ["intruder"] }], db());
    await setContactTags(other, mine.contact, ["intruder"], db());
    await setContactBlockedAt(other, mine.contact, new Date(), db());
    expect(await deleteContactRow(other, mine.contact)).toBe(false);
    expect(await findContactWithTags(other, mine.contact)).toBeNull();
    const contact = await findContactWithTags(mine.org, mine.contact);
    expect(contact?.tags).toEqual([]);
    expect(contact?.blockedAt).toBeNull();
  });

  it("the owner's calls do what they say", async () => {
    await setContactTags(mine.org, mine.contact, ["vip"], db());
    await addContactTags(mine.org, [{ contactId: mine.contact, tags: ["new"] }], db());
    const contact = await findContactWithTags(mine.org, mine.contact);
    expect(contact?.tags.map((t) => t.tag.name).sort()).toEqual(["new", "vip"]);
    expect(await listTagNames(mine.org, "", 20)).toEqual(["new", "vip"]);
    expect(await listTagNames(other, "", 20)).toEqual(["intruder"]);
    expect(await deleteContactRow(mine.org, mine.contact)).toBe(true);
  });
});
