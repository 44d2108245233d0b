import { db } from "../lib/db";
import { createWebhook } from "../lib/webhooks/create-webhook";
import { expect, test } from "./fixtures";
import { eventOf, type Receiver, signedWith, startReceiver } from "./receiver";
import { randomPhone, screenshot, seedOrganization, signIn, type TestOrg, toast } from "./support";

const SECRET = "contacts-secret-0123456789abcdefghijkl";
let org: TestOrg;
let receiver: Receiver;

test.beforeAll(async () => {
  org = await seedOrganization();
  receiver = await startReceiver();
  await createWebhook(org.id, {
    url: receiver.url,
    events: ["contact.created", "contact.updated"],
    name: "CRM sync",
    secret: SECRET,
  });
});

test.afterAll(async () => {
  await receiver.close();
});

test("create, edit and delete a contact; the receiver gets contact.created and contact.updated", async ({
  page,
}) => {
  const phone = randomPhone();
  await signIn(page, org.staff.agent, "/dashboard/contacts");
  await page.getByRole("button", { name: "New contact" }).first().click();
  const form = page.getByRole("dialog", { name: "New contact" });
  await form.getByLabel("Phone").fill(phone);
  await form.getByLabel("Name", { exact: true }).fill("Katherine Johnson");
  await form.getByRole("button", { name: "Create contact" }).click();
  const created = await receiver.next((r) => eventOf(r) === "contact.created" && r.json.data.phone === phone);
  expect(signedWith(created, SECRET)).toBe(true);
  expect(created.json).toMatchObject({ event: "contact.created", organization_id: org.id });

  const row = page.getByRole("row").filter({ hasText: phone });
  await row.getByRole("button", { name: "Edit Katherine Johnson" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Katherine Johnson" });
  await edit.getByLabel("E-mail").fill("kj@nasa.example");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Contact updated (email).")).toBeVisible();
  const updated = await receiver.next((r) => eventOf(r) === "contact.updated" && r.json.data.phone === phone);
  expect(signedWith(updated, SECRET)).toBe(true);
  expect(updated.json.data).toMatchObject({
    contactId: created.json.data.contactId,
    phone,
    name: "Katherine Johnson",
    email: "kj@nasa.example",
    changes: ["email"],
  });

  // deleting is for owners and admins
  await page.context().clearCookies();
  await signIn(page, org.staff.owner, "/dashboard/contacts");
  const count = receiver.received.length;
  await page
    .getByRole("row")
    .filter({ hasText: phone })
    .getByRole("button", { name: "Delete Katherine Johnson" })
    .click();
  await page
    .getByRole("dialog", { name: "Delete this contact?" })
    .getByRole("button", { name: "Delete contact" })
    .click();
  await expect(page.getByText("No contacts yet")).toBeVisible();
  // the contract has no contact.deleted: nothing more arrives. A delivery is written with its
  // event, in the statement of the change, before the list showed the contact gone: the delete
  // wrote none, so no request can follow (the two there are answered)
  expect(await db().delivery.count({ where: { organizationId: org.id } })).toBe(2);
  expect(receiver.received.length).toBe(count);

  await page.goto("/dashboard/deliveries?status=succeeded&event=contact.updated");
  const delivery = page.getByRole("row").filter({ hasText: "contact.updated" });
  await expect(delivery).toHaveCount(1);
  await expect(delivery).toContainText("Succeeded");
  await expect(delivery).toContainText("CRM sync");
  await screenshot(page, "deliveries-contact-updated");
  expect(await db().delivery.count({ where: { organizationId: org.id, status: "succeeded" } })).toBe(2);
});
