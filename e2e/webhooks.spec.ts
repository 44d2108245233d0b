import { db } from "../lib/db";
import { EVENT_NAMES } from "../lib/events/names";
import { expect, type Page, test } from "./fixtures";
import { eventOf, type Receiver, signedWith, startReceiver } from "./receiver";
import { screenshot, seedOrganization, signIn, type TestOrg, toast } from "./support";

const SECRET_A = "first-secret-0123456789abcdefghijklmnop";
const SECRET_B = "second-secret-zyxwvutsrqponmlkjihgfedcba";

let org: TestOrg;

/** A webhook row's action, from its menu ("Actions for <name>"). */
async function rowAction(page: Page, webhook: string, item: string): Promise<void> {
  await page.getByRole("button", { name: `Actions for ${webhook}` }).click();
  await page.getByRole("menuitem", { name: item, exact: true }).click();
}
let receiver: Receiver;

test.beforeAll(async () => {
  org = await seedOrganization();
  receiver = await startReceiver();
});

test.afterAll(async () => {
  await receiver.close();
});

test("webhooks: create, test, keep the secret when left empty, replace it when typed, rotate it", async ({
  page,
}) => {
  await signIn(page, org.staff.owner, "/dashboard/webhooks");
  await expect(page.getByText("No webhooks yet")).toBeVisible();
  await screenshot(page, "webhooks-empty");

  await page.getByRole("button", { name: "New webhook" }).first().click();
  const create = page.getByRole("dialog", { name: "New webhook" });
  await expect(create.getByLabel("Endpoint URL")).toBeFocused();
  await create.getByRole("button", { name: "Create webhook" }).click();
  await expect(create.getByText("Subscribe to at least one event")).toBeVisible();
  await create.getByLabel("Endpoint URL").fill(receiver.url);
  await create.getByLabel("Name").fill("Orders backend");
  await create.getByLabel("contact.created").check();
  await create.getByLabel("Use my own secret").check();
  await create.getByLabel("Your secret").fill(SECRET_A);
  await screenshot(page, "webhooks-create-dialog");
  await create.getByRole("button", { name: "Create webhook" }).click();
  await expect(toast(page, "Webhook Orders backend created.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Orders backend" });
  await expect(row).toContainText("Active");
  await expect(row).not.toContainText("No secret");

  // a test event goes to this webhook only, signed with its secret
  const sendTest = async (name: string) => {
    const before = receiver.received.length;
    await rowAction(page, name, "Send test event");
    const got = await receiver.next((r) => eventOf(r) === "webhook.test", { after: before });
    await expect(page.getByRole("region", { name: "Test event" })).toContainText("answered 200");
    return got;
  };
  const first = await sendTest("Orders backend");
  expect(first.json.data).toMatchObject({ webhookId: expect.stringMatching(/^wbk_/) });
  expect(signedWith(first, SECRET_A)).toBe(true);

  // edit with the secret left empty: the stored secret stays
  await rowAction(page, "Orders backend", "Edit");
  const edit = page.getByRole("dialog", { name: "Edit Orders backend" });
  await expect(edit.getByLabel("Signing secret")).toHaveValue("");
  await expect(edit.getByText("Leave empty to keep the current secret")).toBeVisible();
  await edit.getByLabel("Name").fill("Orders API");
  await edit.getByLabel("contact.updated").check();
  await screenshot(page, "webhooks-edit-dialog");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Webhook Orders API saved.")).toBeVisible();
  const kept = await sendTest("Orders API");
  expect(signedWith(kept, SECRET_A)).toBe(true);
  const stored = await db().webhook.findFirstOrThrow({
    where: { organizationId: org.id, name: "Orders API" },
  });
  expect(stored.events).toEqual(["contact.created", "contact.updated"]);

  // a typed secret replaces it
  await rowAction(page, "Orders API", "Edit");
  const replace = page.getByRole("dialog", { name: "Edit Orders API" });
  await expect(replace.getByLabel("Signing secret")).toHaveValue("");
  await replace.getByLabel("Signing secret").fill(SECRET_B);
  await replace.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Webhook Orders API saved with its new secret.")).toBeVisible();
  const replaced = await sendTest("Orders API");
  expect(signedWith(replaced, SECRET_B)).toBe(true);
  expect(signedWith(replaced, SECRET_A)).toBe(false);

  // Rotate secret: a new secret shown once, the old one valid for the stated grace period
  await rowAction(page, "Orders API", "Rotate secret");
  const confirmRotate = page.getByRole("dialog", { name: "Rotate this webhook's secret?" });
  await expect(confirmRotate).toContainText("stays valid for 24 hours");
  await confirmRotate.getByRole("button", { name: "Rotate secret" }).click();
  const shown = page.getByRole("dialog", { name: "Copy the new secret" });
  await expect(shown).toContainText("It is shown only this once.");
  await expect(shown).toContainText("The previous secret stays valid for 24 hours");
  const newSecret = (await shown.getByTestId("new-webhook-secret").textContent()) ?? "";
  expect(newSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await screenshot(page, "webhooks-rotated-secret");
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toHaveCount(0);
  await expect(page.getByText(newSecret)).toHaveCount(0);
  await expect(page.getByTestId("new-webhook-secret")).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: "Orders API" })).toContainText(
    "Previous secret also signs until",
  );
  const rotated = await sendTest("Orders API");
  expect(signedWith(rotated, newSecret)).toBe(true);
  expect(signedWith(rotated, SECRET_B)).toBe(false);
  expect(String(rotated.headers["webhook-signature"]).split(" ")).toHaveLength(2);
});

test("webhooks: a webhook without a secret is flagged; disable, enable and delete", async ({ page }) => {
  await signIn(page, org.staff.admin, "/dashboard/webhooks");
  await page.getByRole("button", { name: "New webhook" }).click();
  const create = page.getByRole("dialog", { name: "New webhook" });
  await create.getByLabel("Endpoint URL").fill(`${receiver.url}/unsigned`);
  await create.getByLabel("Name").fill("Unsigned hook");
  await create.getByLabel("All events").check();
  await create.getByLabel("No secret: send unsigned deliveries").check();
  await expect(create.getByText("Without a secret, deliveries are not signed")).toBeVisible();
  await create.getByRole("button", { name: "Create webhook" }).click();
  const row = page.getByRole("row").filter({ hasText: "Unsigned hook" });
  await expect(row).toContainText("No secret: deliveries unsigned");
  await expect(row).toContainText("All events");
  await screenshot(page, "webhooks-list");

  // "All events" is saved as such (events added later reach it too), and shown so on edit, at 1280 px
  await page.setViewportSize({ width: 1280, height: 900 });
  const saved = await db().webhook.findFirstOrThrow({
    where: { organizationId: org.id, name: "Unsigned hook" },
  });
  expect({ allEvents: saved.allEvents, events: saved.events }).toEqual({ allEvents: true, events: [] });
  await rowAction(page, "Unsigned hook", "Edit");
  const edit = page.getByRole("dialog", { name: "Edit Unsigned hook" });
  await expect(edit.getByLabel("All events")).toBeChecked();
  await expect(edit.getByLabel("call.ended", { exact: true })).toBeChecked();
  await expect(edit.getByLabel("whatsapp.notification", { exact: true })).not.toBeChecked();
  await edit.getByLabel("whatsapp.notification", { exact: true }).check();
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText("All events + raw WhatsApp");
  await expect
    .poll(async () => {
      const w = await db().webhook.findFirstOrThrow({ where: { id: saved.id } });
      return { allEvents: w.allEvents, events: w.events };
    })
    .toEqual({ allEvents: true, events: ["whatsapp.notification"] });

  await rowAction(page, "Unsigned hook", "Disable");
  const confirm = page.getByRole("dialog", { name: "Disable this webhook?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Disable webhook" }).click();
  await expect(row).toContainText("Disabled");
  await page.getByRole("button", { name: "Actions for Unsigned hook" }).click();
  const test = page.getByRole("menuitem", { name: /Send test event/ });
  await expect(test).toBeDisabled();
  await expect(test).toContainText("The webhook is disabled: enable it first.");
  await page.getByRole("menuitem", { name: "Enable", exact: true }).click();
  await expect(row).toContainText("Active");

  await rowAction(page, "Unsigned hook", "Delete");
  const remove = page.getByRole("dialog", { name: "Delete this webhook?" });
  await remove.getByRole("button", { name: "Delete webhook" }).click();
  await expect(row).toHaveCount(0);
  // the row leaves the list as the request goes out: the row in the database goes once it is answered
  await expect
    .poll(() => db().webhook.count({ where: { organizationId: org.id, name: "Unsigned hook" } }))
    .toBe(0);
});

for (const width of [1280, 390]) {
  test(`webhooks at ${width} px: broadcast.completed can be picked alone, and every event has a box`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, org.staff.owner, "/dashboard/webhooks");
    await page.getByRole("button", { name: "New webhook" }).first().click();
    const create = page.getByRole("dialog", { name: "New webhook" });
    const name = `Broadcast reports ${width}`;
    await create.getByLabel("Endpoint URL").fill(`${receiver.url}/broadcasts-${width}`);
    await create.getByLabel("Name").fill(name);
    for (const event of EVENT_NAMES) await expect(create.getByLabel(event, { exact: true })).toHaveCount(1);
    const box = create.getByLabel("broadcast.completed", { exact: true });
    await box.scrollIntoViewIfNeeded();
    await expect(box).toBeInViewport();
    await box.check();
    await create.getByLabel("No secret: send unsigned deliveries").check();
    await create.getByRole("button", { name: "Create webhook" }).click();
    await expect(toast(page, `Webhook ${name} created.`)).toBeVisible();
    const stored = await db().webhook.findFirstOrThrow({ where: { organizationId: org.id, name } });
    expect(stored.events).toEqual(["broadcast.completed"]);
  });
}
