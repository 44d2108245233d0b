import { db } from "../lib/db";
import { expect, test } from "./fixtures";
import { type PrivateData, seedPrivateData } from "./private-data";
import { SAME_ORIGIN, screenshot, seedOrganization, signIn, type TestOrg } from "./support";

let org: TestOrg;
let other: TestOrg;
let ids: PrivateData;

test.beforeAll(async () => {
  [org, other] = await Promise.all([seedOrganization(), seedOrganization()]);
  ids = await seedPrivateData(org.id);
});

test("an agent (support) sees deliveries and their attempts and redelivers, but not webhooks nor the channels' management", async ({
  page,
}) => {
  await signIn(page, org.staff.agent, "/dashboard");
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(nav.getByRole("link", { name: "Conversations" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Templates" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Deliveries" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Webhooks" })).toHaveCount(0);
  // the Channels page shows agents the calling settings only (read-only), not the channels' management
  await expect(nav.getByRole("link", { name: "Channels" })).toBeVisible();
  // webhook health is the Developers section of owners and admins: agents reach deliveries from the navigation
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Developers" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Webhooks needing attention" })).toHaveCount(0);
  await page.goto(`/dashboard/deliveries?webhook_id=${ids.webhook}&status=failed`);
  const row = page.getByRole("row").filter({ hasText: "contact.created" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Failed");
  await screenshot(page, "deliveries-agent");

  await page.goto("/dashboard/webhooks");
  await expect(page.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
  await expect(page.getByText("Private hook")).toHaveCount(0);
  await page.goto("/dashboard/channels");
  await expect(page.getByRole("heading", { name: "Calling" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add channel" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Edit calling/ })).toHaveCount(0);
  await expect(page.getByRole("table")).toHaveCount(0);
  await screenshot(page, "channels-agent");

  const get = async (path: string) => (await page.request.get(path)).status();
  const post = async (path: string, data?: unknown) =>
    (await page.request.post(path, { data, headers: SAME_ORIGIN })).status();
  for (const path of ["/api/dashboard/webhooks", "/api/dashboard/channels"]) {
    expect(await get(path), path).toBe(403);
  }
  expect(
    await post("/api/dashboard/webhooks", { url: "https://example.com/x", events: ["contact.created"] }),
  ).toBe(403);
  expect(await post(`/api/dashboard/webhooks/${ids.webhook}/test`)).toBe(403);
  expect(await post(`/api/dashboard/webhooks/${ids.webhook}/rotate-secret`)).toBe(403);
  expect(
    (
      await page.request.patch(`/api/dashboard/webhooks/${ids.webhook}`, {
        data: { secret: "x".repeat(40) },
        headers: SAME_ORIGIN,
      })
    ).status(),
  ).toBe(403);
  expect(
    (await page.request.delete(`/api/dashboard/webhooks/${ids.webhook}`, { headers: SAME_ORIGIN })).status(),
  ).toBe(403);
  expect(await post(`/api/dashboard/channels/${ids.channel}/sync`)).toBe(403);
  expect(await post(`/api/dashboard/channels/${ids.channel}/deactivate`)).toBe(403);
  expect(await post(`/api/dashboard/channels/${ids.channel}/token`, { access_token: "x" })).toBe(403);
  // what agents may do: read, and as support, deliveries with their attempts, and redeliver
  expect(await get("/api/dashboard/conversations")).toBe(200);
  expect(await get("/api/dashboard/templates")).toBe(200);
  expect(await get("/api/dashboard/overview")).toBe(200);
  expect(await get("/api/dashboard/overview/webhooks")).toBe(200);
  expect(await get("/api/dashboard/overview/developers")).toBe(403);
  expect(await get("/api/dashboard/deliveries")).toBe(200);
  const detail = await page.request.get(`/api/dashboard/deliveries/${ids.delivery}`);
  expect(detail.status()).toBe(200);
  expect(JSON.stringify(await detail.json())).not.toContain("private-secret-0123456789abcdefghijk");
  const redeliver = await page.request.post(`/api/dashboard/deliveries/${ids.delivery}/redeliver`, {
    headers: SAME_ORIGIN,
  });
  expect(redeliver.status()).toBe(200);
  expect((await redeliver.json()).data.delivery.status).toBe("pending");
  await expect
    .poll(async () => (await db().delivery.findUniqueOrThrow({ where: { id: ids.delivery } })).attemptCount)
    .toBe(9);

  expect(await db().webhook.count({ where: { id: ids.webhook } })).toBe(1);
  expect((await db().channel.findUniqueOrThrow({ where: { id: ids.channel } })).status).toBe("active");
});

test("a user of another organization sees none of this one's conversations, webhooks or deliveries", async ({
  page,
}) => {
  await signIn(page, other.staff.owner, "/dashboard/conversations");
  await expect(page.getByText("No open conversations")).toBeVisible();
  await page.goto(`/dashboard/conversations/${ids.conversation}`);
  await expect(page.getByText("Conversation not found")).toBeVisible();
  await expect(page.getByText("Private Customer")).toHaveCount(0);
  await page.goto("/dashboard/webhooks");
  await expect(page.getByText("No webhooks yet")).toBeVisible();
  await page.goto("/dashboard/deliveries?status=any");
  await expect(page.getByText("No deliveries match")).toBeVisible();
  await page.goto("/dashboard/channels");
  await expect(page.getByText("No channels yet")).toBeVisible();
  await page.goto("/dashboard");
  // no webhook of its own: it is told so, never "all delivering"
  await expect(page.getByRole("region", { name: "Developers" })).toContainText("No webhooks yet");
  await expect(page.getByText("Private hook")).toHaveCount(0);
  await screenshot(page, "other-org-overview");

  const status = async (method: "get" | "post" | "patch" | "delete", path: string, data?: unknown) =>
    (await page.request[method](path, { data, headers: SAME_ORIGIN })).status();
  expect(await status("get", `/api/dashboard/conversations/${ids.conversation}`)).toBe(404);
  expect(
    await status("post", `/api/dashboard/conversations/${ids.conversation}/assign`, {
      assignee_id: other.staff.owner.id,
    }),
  ).toBe(404);
  expect(await status("post", `/api/dashboard/conversations/${ids.conversation}/resolve`)).toBe(404);
  expect(await status("get", `/api/dashboard/deliveries/${ids.delivery}`)).toBe(404);
  expect(await status("post", `/api/dashboard/deliveries/${ids.delivery}/redeliver`)).toBe(404);
  expect(
    await status("post", "/api/dashboard/deliveries/redeliver", {
      webhook_id: ids.webhook,
      since: new Date(0).toISOString(),
    }),
  ).toBe(404);
  expect(await status("patch", `/api/dashboard/webhooks/${ids.webhook}`, { name: "Hijacked" })).toBe(404);
  expect(await status("post", `/api/dashboard/webhooks/${ids.webhook}/test`)).toBe(404);
  expect(await status("post", `/api/dashboard/webhooks/${ids.webhook}/rotate-secret`)).toBe(404);
  expect(await status("delete", `/api/dashboard/webhooks/${ids.webhook}`)).toBe(404);
  expect(await status("post", `/api/dashboard/channels/${ids.channel}/deactivate`)).toBe(404);
  expect(await status("post", `/api/dashboard/channels/${ids.channel}/sync`)).toBe(404);
  expect(await status("post", `/api/dashboard/channels/${ids.channel}/token`, { access_token: "x" })).toBe(
    404,
  );
  const list = await (await page.request.get(`/api/dashboard/deliveries?webhook_id=${ids.webhook}`)).json();
  expect(list.data.deliveries).toEqual([]);
  const overview = await (await page.request.get("/api/dashboard/overview/developers?range=7d")).json();
  expect(overview.data.totals.deliveries_failed).toBe(0);
  expect(overview.data.webhooks.total).toBe(0);
  const business = await (await page.request.get("/api/dashboard/overview?range=7d")).json();
  expect(JSON.stringify(business.data)).not.toContain(ids.conversation);

  const conversation = await db().conversation.findUniqueOrThrow({ where: { id: ids.conversation } });
  expect(conversation).toMatchObject({ status: "open", assigneeId: null });
  const webhook = await db().webhook.findUniqueOrThrow({ where: { id: ids.webhook } });
  expect(webhook.name).toBe("Private hook");
  expect((await db().delivery.findUniqueOrThrow({ where: { id: ids.delivery } })).status).toBe("failed");
});
