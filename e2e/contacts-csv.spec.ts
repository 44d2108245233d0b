import { readFileSync } from "node:fs";
import { db } from "../lib/db";
import { expect, test } from "./fixtures";
import {
  expectNoAxeViolations,
  randomPhone,
  screenshot,
  seedOrganization,
  signIn,
  type TestOrg,
} from "./support";

let org: TestOrg;

test.beforeAll(async () => {
  org = await seedOrganization();
});

test("CSV import reports every row (created, skipped, failed); export streams every contact", async ({
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

  const report = dialog.getByRole("table", { name: "Rows updated, skipped or failed" });
  await expect(report.getByRole("row")).toHaveCount(4);
  await expect(report.getByRole("row").filter({ hasText: "0612345678" })).toContainText("Failed");
  await expect(report.getByRole("row").filter({ hasText: existing })).toContainText(
    "Skipped a contact with this number exists",
  );
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

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`CSV import updates existing contacts as chosen and reports each row, downloadable (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const known = randomPhone();
    const fresh = randomPhone();
    const stored = await db().contact.create({
      data: { organizationId: org.id, phone: known, name: "Old name", marketingOptOut: true },
    });
    const csv = [
      "phone,name,email,tags,plan,marketing_opt_out",
      `${known},Ada Lovelace,,imported,pro,false`,
      `${fresh},New Person,new@example.com,imported,,`,
      "0612,Bad,,,,",
    ].join("\n");

    await signIn(page, org.staff.admin, "/dashboard/contacts");
    await page.getByRole("button", { name: "Import CSV" }).click();
    const dialog = page.getByRole("dialog", { name: "Import contacts from CSV" });
    const choice = dialog.getByRole("group", { name: "Contacts that already exist" });
    await expect(choice.getByRole("radio", { name: /^Skip/ })).toBeChecked();
    await dialog
      .getByLabel("CSV file")
      .setInputFiles({ name: "update.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await choice.getByRole("radio", { name: /^Overwrite/ }).check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await expectNoAxeViolations(page);
    await screenshot(page, `contacts-import-choice-${viewport.width}`);

    await dialog.getByRole("button", { name: "Import" }).click();
    await expect(dialog.getByText("Import finished")).toBeVisible();
    const counts = dialog.locator("dl");
    for (const [label, n] of [
      ["Created", "1"],
      ["Updated", "1"],
      ["Skipped", "0"],
      ["Failed", "1"],
    ] as const) {
      await expect(counts.locator("div").filter({ hasText: label })).toContainText(n);
    }
    const report = dialog.getByRole("table", { name: "Rows updated, skipped or failed" });
    await expect(report.getByRole("row").filter({ hasText: known })).toContainText(
      "Updated Changed: name, plan, tags",
    );
    await expect(report.getByRole("row").filter({ hasText: known })).toContainText(
      "marketing_opt_out not imported",
    );
    await expect(report.getByRole("row").filter({ hasText: "0612" })).toContainText("Failed");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await expectNoAxeViolations(page);
    await screenshot(page, `contacts-import-updated-${viewport.width}`);

    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download report (CSV)" }).click();
    const lines = readFileSync(await (await download).path(), "utf8")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("row,phone,outcome,fields,message,contact_id");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      new RegExp(
        `^1,'\\${known},updated,name custom_fields\\.plan tags,marketing_opt_out not imported.*,${stored.id}$`,
      ),
    );
    expect(lines[2]).toMatch(new RegExp(`^2,'\\${fresh},created,,,`));
    expect(lines[3]).toMatch(/^3,0612,failed,,"?phone: /);
    await dialog.getByRole("button", { name: "Done" }).click();

    const after = await db().contact.findUniqueOrThrow({
      where: { id: stored.id },
      include: { tags: { include: { tag: true } } },
    });
    expect(after).toMatchObject({
      name: "Ada Lovelace",
      marketingOptOut: true,
      customFields: { plan: "pro" },
    });
    expect(after.tags.map((t) => t.tag.name)).toEqual(["imported"]);
  });
}
