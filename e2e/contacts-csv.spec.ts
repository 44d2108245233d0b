import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { db } from "../lib/db";
import { randomPhone, screenshot, seedOrganization, signIn, type TestOrg } from "./support";

let org: TestOrg;

test.beforeAll(async () => {
  org = await seedOrganization();
});

test("CSV import reports invalid rows and duplicates per row; export streams every contact", async ({
  page,
}) => {
  const existing = randomPhone();
  const fresh = [randomPhone(), randomPhone()];
  await db().contact.create({ data: { organizationId: org.id, phone: existing, name: "Already here" } });
  const csv = [
    "phone,name,email,tags,plan",
    `${fresh[0]},Ada Lovelace,ada@example.com,vip;beta,pro`,
    "0612345678,Local Number,,,",
    `${existing},Duplicate,,,`,
    `${fresh[1]},"Hopper, Grace",not-an-email,,`,
    `${fresh[1]?.slice(1)},Grace Hopper,,navy,free`,
  ].join("\n");

  await signIn(page, org.staff.admin, "/dashboard/contacts");
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import contacts from CSV" });
  await dialog
    .getByLabel("CSV file")
    .setInputFiles({ name: "contacts.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog.getByText("Import finished")).toBeVisible();
  await expect(dialog.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");

  const report = dialog.getByRole("table", { name: "Rows not imported" });
  await expect(report.getByRole("row")).toHaveCount(4);
  await expect(report.getByRole("row").filter({ hasText: "0612345678" })).toContainText("Invalid");
  await expect(report.getByRole("row").filter({ hasText: existing })).toContainText("Duplicate");
  await expect(report.getByRole("row").nth(3)).toContainText("email");
  await screenshot(page, "contacts-import-report");
  await dialog.getByRole("button", { name: "Done" }).click();

  const ada = await db().contact.findFirstOrThrow({
    where: { organizationId: org.id, phone: fresh[0] },
    include: { tags: { include: { tag: true } } },
  });
  expect(ada.customFields).toEqual({ plan: "pro" });
  expect(ada.tags.map((t) => t.tag.name).sort()).toEqual(["beta", "vip"]);
  expect(await db().contact.count({ where: { organizationId: org.id } })).toBe(3);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await (await download).path();
  const lines = readFileSync(file, "utf8").trim().split("\r\n");
  expect(lines[0]).toBe("phone,name,email,tags,plan");
  expect(lines).toHaveLength(4);
  // a `'` keeps "+…" from starting a formula (the import takes it off); ";" holding fields are quoted
  expect(lines).toContain(`'${fresh[0]},Ada Lovelace,ada@example.com,"beta;vip",pro`);
  expect(lines).toContain(`'${fresh[1]},Grace Hopper,,navy,free`);
});
