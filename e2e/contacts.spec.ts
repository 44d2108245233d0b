import { db } from "../lib/db";
import { expect, test } from "./fixtures";
import {
  chooseOption,
  randomPhone,
  screenshot,
  seedOrganization,
  signIn,
  type TestOrg,
  toast,
} from "./support";

let org: TestOrg;

test.beforeAll(async () => {
  org = await seedOrganization();
});

test("create, edit and delete a contact; the edit emits contact.updated with changes[]", async ({ page }) => {
  const phone = randomPhone();
  await signIn(page, org.staff.owner, "/dashboard/contacts");
  // the first list of a cold stack: "Loading contacts…" outlasted 10 s in CI at a load of 12
  await expect(page.getByText("No contacts yet")).toBeVisible({ timeout: 30_000 });
  await screenshot(page, "contacts-empty");

  await page.getByRole("button", { name: "New contact" }).first().click();
  const form = page.getByRole("dialog", { name: "New contact" });
  await expect(form.getByLabel("Phone")).toBeFocused();
  // formatted numbers are read (contacts-find.spec.ts); a formatted non-number gets the contract's hint
  await form.getByLabel("Phone").fill("+1 415 555");
  await form.getByRole("button", { name: "Create contact" }).click();
  await expect(form.getByText("without spaces or hyphens")).toBeVisible();

  await form.getByLabel("Phone").fill(phone.slice(1));
  await form.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
  await form.getByLabel("E-mail").fill("ada@example.com");
  await form.getByRole("combobox", { name: "Tags" }).fill("vip");
  await form.getByRole("combobox", { name: "Tags" }).press("Enter");
  await form.getByRole("button", { name: "Add field" }).click();
  await form.getByLabel("Name of field 1").fill("plan");
  await form.getByLabel("Value of field 1").fill("pro");
  await screenshot(page, "contacts-create-dialog");
  await form.getByRole("button", { name: "Create contact" }).click();

  const row = page.getByRole("row").filter({ hasText: phone });
  await expect(row).toContainText("Ada Lovelace");
  await expect(row).toContainText("vip");
  const contact = await db().contact.findFirstOrThrow({ where: { organizationId: org.id, phone } });
  expect(contact.customFields).toEqual({ plan: "pro" });

  await row.getByRole("button", { name: "Edit Ada Lovelace" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Ada Lovelace" });
  await expect(edit.getByLabel("Phone")).toHaveValue(phone);
  await edit.getByLabel("Name", { exact: true }).fill("Ada King");
  await edit.getByRole("combobox", { name: "Tags" }).fill("beta");
  await edit.getByRole("combobox", { name: "Tags" }).press("Enter");
  await chooseOption(edit.getByLabel("Type of field 1"), "number");
  await edit.getByLabel("Value of field 1").fill("3");
  await screenshot(page, "contacts-edit-dialog");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Contact updated (name, tags, custom_fields).")).toBeVisible();
  await expect(row).toContainText("Ada King");
  await expect(row).toContainText("beta");
  await screenshot(page, "contacts-list");

  const events = await db().event.findMany({ where: { organizationId: org.id, name: "contact.updated" } });
  expect(events).toHaveLength(1);
  expect(events[0]?.data).toMatchObject({
    contactId: contact.id,
    phone,
    name: "Ada King",
    email: "ada@example.com",
    tags: ["beta", "vip"],
    changes: ["name", "tags", "custom_fields"],
  });

  await row.getByRole("button", { name: "Delete Ada King" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this contact?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expect(confirm).toContainText(phone);
  await confirm.getByRole("button", { name: "Delete contact" }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText("No contacts yet")).toBeVisible();
  expect(await db().contact.count({ where: { id: contact.id } })).toBe(0);
});

test("search finds contacts by name, phone or e-mail", async ({ page }) => {
  const grace = randomPhone();
  await db().contact.createMany({
    data: [
      { organizationId: org.id, phone: grace, name: "Grace Hopper", email: "grace@navy.example" },
      { organizationId: org.id, phone: randomPhone(), name: "Alan Turing", email: "alan@example.com" },
    ],
  });
  await signIn(page, org.staff.agent, "/dashboard/contacts");
  await expect(page.getByRole("row")).toHaveCount(3);
  await page.getByLabel("Search contacts").fill("hopper");
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("row").nth(1)).toContainText("Grace Hopper");
  await page.getByLabel("Search contacts").fill(grace.slice(2, 9));
  await expect(page.getByRole("row").nth(1)).toContainText(grace);
  await page.getByLabel("Search contacts").fill("nobody-at-all");
  await expect(page.getByText("No contacts match “nobody-at-all”")).toBeVisible();
  await screenshot(page, "contacts-search-empty");
});
