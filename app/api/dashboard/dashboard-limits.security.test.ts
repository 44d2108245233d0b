import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createFlow } from "@/lib/flows/create-flow";
import { readyRedis } from "@/lib/redis";
import { createBroadcast, readyBroadcaster } from "@/scripts/test/broadcast-helpers";
import { dashboardCall, signedInStaff } from "@/scripts/test/dashboard-session";
import { apiAt, createTestChannel, createTestOrg, expectError, randomPhone } from "@/scripts/test/helpers";
import { freePort, readySender, type Sender } from "@/scripts/test/send-helpers";
import { type Stack, startStack } from "@/scripts/test/stack";

/**
 * Issue 17.4: replies from the dashboard's composer bypassed every per-minute limit, and the
 * contacts export and substring searches were unbounded, so one organization's staff could load
 * the database all share. This file runs a web app of its own with small limits (the shared one
 * keeps the defaults) and a 1 ms search timeout; its sends go to the shared worker and sandbox.
 *
 * Why it is slow (65 s in CI): `next start` of its own (the limits are read at start), and limits
 * that are per minute are reached by real requests.
 */
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    webPort: await freePort(),
    pgProxyPort: await freePort(),
    redisProxyPort: await freePort(),
    worker: false,
    env: {
      DASHBOARD_SENDS_PER_USER: "2/minute,100/day",
      DASHBOARD_SENDS_PER_ORGANIZATION: "3/minute,100/day",
      DASHBOARD_EXPORTS_PER_USER: "1/minute,10/day",
      DASHBOARD_EXPORTS_PER_ORGANIZATION: "2/minute,10/day",
      DASHBOARD_PREVIEWS_PER_ORGANIZATION: "1",
      SEARCH_TIMEOUT_MS: "1",
      DATABASE_POOL_SIZE: "3",
    },
  });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

const staffOf = (orgId: string, role: "owner" | "admin" | "agent") =>
  signedInStaff(role, orgId, { baseUrl: stack.baseUrl });

const call = (cookie: string, path: string, method = "GET", body?: unknown) =>
  dashboardCall(cookie, path, { method, body, baseUrl: stack.baseUrl });

function expectLimited(res: Awaited<ReturnType<typeof call>>, says: RegExp): void {
  expect(res.status).toBe(429);
  expect(res.body.success).toBe(false);
  expect(res.body.error?.code).toBe("RATE_LIMIT_EXCEEDED");
  expect(String(res.body.error?.message)).toMatch(says);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
}

async function conversationOf(sender: Sender): Promise<string> {
  const c = await db().conversation.findFirstOrThrow({ where: { organizationId: sender.orgId } });
  return c.id;
}

describe("limits on the dashboard's own work", { timeout: 120_000 }, () => {
  it("replies: per staff member, then per organization; another organization is not touched", async () => {
    const sender = await readySender();
    const conversation = await conversationOf(sender);
    const path = `/api/dashboard/conversations/${conversation}/messages`;
    const reply = { type: "text", text: "We are on it." };
    const first = await staffOf(sender.orgId, "agent");
    for (let i = 0; i < 2; i++) {
      const sent = await call(first, path, "POST", reply);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    expectLimited(await call(first, path, "POST", reply), /per staff member/);
    const second = await staffOf(sender.orgId, "owner");
    expect((await call(second, path, "POST", reply)).status).toBe(200);
    expectLimited(await call(second, path, "POST", reply), /per organization/);
    // nothing beyond the limit was stored or sent
    const outbound = await db().message.count({
      where: { organizationId: sender.orgId, direction: "outbound" },
    });
    expect(outbound).toBe(3);

    const other = await readySender();
    const elsewhere = await staffOf(other.orgId, "agent");
    const otherPath = `/api/dashboard/conversations/${await conversationOf(other)}/messages`;
    expect((await call(elsewhere, otherPath, "POST", reply)).status).toBe(200);
  });

  it("mark-read counts as a send only when it calls the upstream", async () => {
    const sender = await readySender();
    const conversation = await conversationOf(sender);
    const agent = await staffOf(sender.orgId, "agent");
    const read = `/api/dashboard/conversations/${conversation}/read`;
    // setting off: nothing goes upstream, nothing is counted
    for (let i = 0; i < 4; i++) expect((await call(agent, read, "POST")).status).toBe(200);
    await db().organization.update({ where: { id: sender.orgId }, data: { markReadOnOpen: true } });
    const marked = await call(agent, read, "POST");
    expect(marked.body.data).toEqual(expect.objectContaining({ marked: true }));
    // nothing unread any more: not counted either
    for (let i = 0; i < 3; i++) expect((await call(agent, read, "POST")).status).toBe(200);
    await db().message.updateMany({ where: { organizationId: sender.orgId }, data: { readAt: null } });
    expect((await call(agent, read, "POST")).status).toBe(200);
    await db().message.updateMany({ where: { organizationId: sender.orgId }, data: { readAt: null } });
    expectLimited(await call(agent, read, "POST"), /per staff member/);
  });

  it("contacts exports: per staff member, then per organization", async () => {
    const org = await createTestOrg();
    const admin = await staffOf(org.orgId, "admin");
    const owner = await staffOf(org.orgId, "owner");
    const exportPath = "/api/dashboard/contacts/export";
    const csv = await fetch(`${stack.baseUrl}${exportPath}`, {
      headers: { cookie: admin, origin: stack.baseUrl, "sec-fetch-site": "same-origin" },
    });
    expect(csv.status).toBe(200);
    await csv.text();
    expectLimited(await call(admin, exportPath), /per staff member/);
    const again = await fetch(`${stack.baseUrl}${exportPath}`, {
      headers: { cookie: owner, origin: stack.baseUrl, "sec-fetch-site": "same-origin" },
    });
    expect(again.status).toBe(200);
    await again.text();
    const third = await staffOf(org.orgId, "admin");
    expectLimited(await call(third, exportPath), /per organization/);
  });

  it("broadcast results exports share the contacts exports' budget (issue 28.8)", async () => {
    const b = await readyBroadcaster();
    const created = await createBroadcast(b.key, {
      name: "Results",
      template: { name: "plain_notice", language: { code: "en_US" } },
      recipients: [{ to: "0123" }],
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(created.status, created.text).toBe(201);
    const resultsPath = `/api/dashboard/broadcasts/${created.body.data.id}/export`;
    const download = async (cookie: string, path: string) => {
      const res = await fetch(`${stack.baseUrl}${path}`, {
        headers: { cookie, origin: stack.baseUrl, "sec-fetch-site": "same-origin" },
      });
      await res.text();
      return res.status;
    };
    const admin = await staffOf(b.orgId, "admin");
    expect(await download(admin, resultsPath)).toBe(200);
    expectLimited(await call(admin, resultsPath), /broadcast results .*per staff member/);
    expectLimited(await call(admin, "/api/dashboard/contacts/export"), /per staff member/);
    const owner = await staffOf(b.orgId, "owner");
    expect(await download(owner, "/api/dashboard/contacts/export")).toBe(200);
    const third = await staffOf(b.orgId, "admin");
    expectLimited(await call(third, resultsPath), /per organization/);
  });

  it("Flow responses exports share the contacts exports' budget (issue 31)", async () => {
    const org = await createTestOrg();
    const channel = await createTestChannel(org.orgId);
    // made through Meta's API (the sandbox), so that the channel's first Flow sync keeps it
    const flow = await createFlow(org.orgId, {
      name: `survey_${randomPhone().slice(-6)}`,
      categories: ["SURVEY"],
      channel_id: channel.channelId,
    });
    const flowPath = `/api/dashboard/flows/${flow.id}/responses/export`;
    const admin = await staffOf(org.orgId, "admin");
    const first = await fetch(`${stack.baseUrl}${flowPath}`, {
      headers: { cookie: admin, origin: stack.baseUrl, "sec-fetch-site": "same-origin" },
    });
    expect(first.status).toBe(200);
    await first.text();
    expectLimited(await call(admin, flowPath), /Flow responses is limited .*per staff member/);
    expectLimited(await call(admin, "/api/dashboard/contacts/export"), /per staff member/);
  });

  it("broadcast previews: a bounded number at a time per organization, the slot freed when one ends", async () => {
    const a = await readyBroadcaster();
    const b = await readyBroadcaster();
    const body = {
      name: "Preview",
      template: { name: "plain_notice", language: { code: "en_US" } },
      recipients: [{ to: randomPhone() }, { to: "0123" }],
    };
    const preview = async (cookie: string) => call(cookie, "/api/dashboard/broadcasts/preview", "POST", body);
    const adminA = await staffOf(a.orgId, "admin");
    const adminB = await staffOf(b.orgId, "admin");
    const slots = `preview:o:${a.orgId}`;
    const redis = await readyRedis();

    // the organization's one slot held (as by a preview still running in another web process)
    await redis.zadd(slots, Date.now() + 600_000, "held-by-the-test");
    await redis.pexpire(slots, 600_000);
    expectLimited(await preview(adminA), /1 at a time per organization/);
    // another organization is not touched
    expect((await preview(adminB)).status).toBe(200);

    await redis.zrem(slots, "held-by-the-test");
    for (let i = 0; i < 2; i++) {
      const res = await preview(adminA);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect(await redis.zcard(slots)).toBe(0);
  });

  it("a search that runs past the statement timeout is a 400 on the search field, never a 5xx", async () => {
    const org = await createTestOrg();
    // enough rows that a one-letter substring search (no trigram can serve it) takes far past 1 ms
    await db().$executeRaw`
      INSERT INTO contacts (id, organization_id, phone, name, updated_at)
      SELECT gen_random_uuid(), ${org.orgId}::uuid, '+1555' || lpad(g::text, 7, '0'), 'Customer ' || g, now()
      FROM generate_series(1, 60000) g`;
    const v1 = await apiAt(stack.baseUrl, "/v1/contacts?search=a", { key: org.key });
    expectError(v1, 400, "VALIDATION_INVALID_FIELD");
    expect(v1.body.error.details.field).toBe("search");
    expect(v1.body.error.message).toMatch(/took too long/);
    const owner = await staffOf(org.orgId, "owner");
    const dash = await call(owner, "/api/dashboard/contacts?search=a");
    expect(dash.status).toBe(400);
    expect(dash.body.error?.code).toBe("VALIDATION_INVALID_FIELD");
    expect(dash.body.error?.details).toEqual(expect.objectContaining({ field: "search" }));
    // the list without a search is not bounded this way and still answers
    expect((await apiAt(stack.baseUrl, "/v1/contacts?per_page=5", { key: org.key })).status).toBe(200);
  });
});
