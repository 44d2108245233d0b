import { expect, test } from "./fixtures";
import type { PrivateData } from "./private-data";
import { seedShowcase } from "./showcase-data";
import { chooseOption, seedOrganization, signIn, type TestOrg } from "./support";

let org: TestOrg;
let ids: PrivateData;

test.beforeAll(async () => {
  org = await seedOrganization();
  ids = await seedShowcase(org.id);
});

test("the templates list keeps its channel and search in the URL: reload and Back show the same list", async ({
  page,
}) => {
  await signIn(page, org.staff.agent, "/dashboard/templates");
  const rows = page.getByRole("row").filter({ hasText: "order_update" });
  await expect(rows).toHaveCount(1);

  await chooseOption(page.getByLabel("Channel"), ids.channel);
  await expect(page).toHaveURL(new RegExp(`[?&]channel=${ids.channel}`));
  await page.getByRole("searchbox", { name: "Search by name" }).fill("zzz");
  await expect(page.getByText("No templates match “zzz”")).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=zzz/);

  await page.reload();
  await expect(page.getByLabel("Channel")).toHaveAttribute("data-value", ids.channel);
  await expect(page.getByRole("searchbox", { name: "Search by name" })).toHaveValue("zzz");
  await expect(page.getByText("No templates match “zzz”")).toBeVisible();

  await page.getByRole("searchbox", { name: "Search by name" }).fill("order");
  await expect(rows).toHaveCount(1);
  await page.goto("/dashboard/contacts");
  await page.goBack();
  await expect(page.getByRole("searchbox", { name: "Search by name" })).toHaveValue("order");
  await expect(page.getByLabel("Channel")).toHaveAttribute("data-value", ids.channel);
  await expect(rows).toHaveCount(1);

  // Back again: before the channel was chosen
  await page.goBack();
  await expect(page.getByLabel("Channel")).toHaveAttribute("data-value", "");
});
