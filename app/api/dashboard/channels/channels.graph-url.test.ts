import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createOrganization } from "@/lib/organizations/create-organization";
import { createUser } from "@/lib/users/create-user";
import { TEST_ENV } from "@/scripts/test/env";
import { BASE_URL, runCli, SANDBOX_URL, sandbox } from "@/scripts/test/helpers";

type Seen = { url: string; authorization: string | undefined };

/** A Graph API of the tenant's choosing on loopback, answering like Meta; it records every request. */
let fake: { origin: string; seen: Seen[]; server: Server };

beforeAll(async () => {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? "", authorization: req.headers.authorization });
    res.writeHead(200, { "Content-Type": "application/json" }).end('{"data":[],"display_phone_number":"+1"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake = { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
});

afterAll(async () => {
  fake.server.closeAllConnections();
  await new Promise((resolve) => fake.server.close(resolve));
});

/** A dashboard owner of a new organization, signed in: the session cookie next-auth would set. */
async function owner(): Promise<{ orgId: string; cookie: string }> {
  const org = await createOrganization({ name: `Graph URL ${randomUUID().slice(0, 8)}` });
  const email = `owner-${randomUUID().slice(0, 12)}@test.example`;
  const user = await createUser({ organizationId: org.id, email, password: randomUUID(), role: "owner" });
  const token = await encode({
    token: { sub: user.id, email, organizationId: org.id, role: "owner" },
    secret: TEST_ENV.authSecret,
  });
  return { orgId: org.id, cookie: `next-auth.session-token=${token}` };
}

async function addChannel(cookie: string, body: Record<string, unknown>) {
  const res = await fetch(`${BASE_URL}/api/dashboard/channels`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: BASE_URL,
      "Sec-Fetch-Site": "same-origin",
      Cookie: cookie,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

function digits(): string {
  return String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
}

describe("who may set a channel's Graph URL", () => {
  it("the dashboard refuses a Graph URL that is neither Meta's nor allow-listed (400), and never calls it", async () => {
    const { orgId, cookie } = await owner();
    const res = await addChannel(cookie, {
      phone_number_id: digits(),
      waba_id: digits(),
      access_token: "tenant-token",
      graph_url: `${fake.origin}/v23.0`,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: {
        code: "VALIDATION_INVALID_FIELD",
        message: expect.stringMatching(/^Invalid field graph_url: /),
        details: {
          field: "graph_url",
          hint: "must be Meta's Graph API (https://graph.facebook.com/v23.0) or a Graph URL your operator allowed (WHATSAPP_GRAPH_URL_ALLOWLIST)",
        },
      },
    });
    expect(fake.seen).toHaveLength(0);
    expect(await db().channel.count({ where: { organizationId: orgId } })).toBe(0);
  });

  it.each([
    ["the cloud metadata address", "http://169.254.169.254/latest"],
    ["a private address", "https://10.0.0.1/v23.0"],
    ["a look-alike of Meta's host", "https://graph.facebook.com.evil.invalid/v23.0"],
    ["Meta's host over http", "http://graph.facebook.com/v23.0"],
  ])("the dashboard refuses %s before any request", async (_, graphUrl) => {
    const { cookie } = await owner();
    const res = await addChannel(cookie, {
      phone_number_id: digits(),
      waba_id: digits(),
      access_token: "tenant-token",
      graph_url: graphUrl,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: "VALIDATION_INVALID_FIELD",
      details: { field: "graph_url" },
    });
  });

  it("the dashboard accepts the allow-listed sandbox (WHATSAPP_GRAPH_URL_ALLOWLIST)", async () => {
    const { orgId, cookie } = await owner();
    const phoneNumberId = digits();
    const wabaId = digits();
    const token = `sandbox-${randomUUID()}`;
    const put = await sandbox(`/_sandbox/phone-numbers/${phoneNumberId}`, "PUT", {
      waba_id: wabaId,
      display_phone_number: "+1 555 0100",
      access_token: token,
    });
    expect(put.status).toBeLessThan(300);
    const res = await addChannel(cookie, {
      phone_number_id: phoneNumberId,
      waba_id: wabaId,
      access_token: token,
      graph_url: `${SANDBOX_URL}/v23.0`,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await db().channel.findFirstOrThrow({ where: { organizationId: orgId, phoneNumberId } });
    expect(row.graphUrl).toBe(`${SANDBOX_URL}/v23.0`);
  });

  it("the operator CLI may set any Graph URL", async () => {
    const { orgId } = await owner();
    const phoneNumberId = digits();
    const result = await runCli([
      "channel",
      "create",
      "--org",
      orgId,
      "--phone-number-id",
      phoneNumberId,
      "--waba-id",
      digits(),
      "--access-token",
      "operator-token",
      "--graph-url",
      `${fake.origin}/v23.0`,
    ]);
    expect(result.code, result.stderr).toBe(0);
    const row = await db().channel.findFirstOrThrow({ where: { organizationId: orgId, phoneNumberId } });
    expect(row.graphUrl).toBe(`${fake.origin}/v23.0`);
  });
});
