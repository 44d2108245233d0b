import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newDeliveryId } from "@/lib/events/record-event";
import {
  createStaff,
  dashboardCall,
  dashboardPage,
  signInWithPassword,
} from "@/scripts/test/dashboard-session";

/**
 * Issue 17.3: agents (support) read webhook URLs, where a receiver's `?token=` is a credential, and
 * in a delivery's details the signature headers beside the payload, while webhook settings and
 * secrets are for owners and admins. For agents a URL is scheme, host and path only and signature
 * headers are masked, on every surface they can read; owners and admins see them whole.
 */
const SECRET_QUERY = "token=s3cr3t-query-credential";
const USER_INFO = "hookuser:hookpass";
// a closed loopback port: a redelivery the worker attempts never leaves the machine
const URL_WHOLE = `http://${USER_INFO}@127.0.0.1:9/receiver/path?${SECRET_QUERY}#frag`;
const URL_SUPPORT = "http://127.0.0.1:9/receiver/path";
const SERVICE_SIGNATURE = `sha256=${"ab12".repeat(16)}`;
const STANDARD_SIGNATURE = `v1,${"Q".repeat(43)}= v1,${"R".repeat(43)}=`;

let orgId: string;
let deliveryId: string;
const cookies: Record<"owner" | "admin" | "agent", string> = { owner: "", admin: "", agent: "" };

beforeAll(async () => {
  const owner = await createStaff("owner");
  orgId = owner.orgId;
  const staff = { owner, admin: await createStaff("admin", orgId), agent: await createStaff("agent", orgId) };
  for (const role of ["owner", "admin", "agent"] as const) {
    const { cookie } = await signInWithPassword(staff[role].email, staff[role].password);
    if (!cookie) throw new Error(`${role} could not sign in`);
    cookies[role] = cookie;
  }
  const webhook = await db().webhook.create({
    data: {
      id: `wbk_${randomUUID().replaceAll("-", "").slice(0, 24)}`,
      organizationId: orgId,
      name: "with a credential in its URL",
      url: URL_WHOLE,
      events: ["contact.created"],
    },
  });
  const event = await db().event.create({
    data: { organizationId: orgId, name: "contact.created", data: { id: "ct_support_view" } },
  });
  deliveryId = newDeliveryId(Date.now());
  await db().delivery.create({
    data: {
      id: deliveryId,
      organizationId: orgId,
      webhookId: webhook.id,
      eventId: event.id,
      status: "failed",
      attemptCount: 1,
      lastAttemptAt: new Date(),
      attempts: {
        create: {
          attemptNumber: 1,
          startedAt: new Date(),
          durationMs: 12,
          statusCode: 500,
          error: `500 · echoed ${USER_INFO}`,
          responseSnippet: `no route for POST /receiver/path?${SECRET_QUERY}`,
          requestHeaders: {
            "Content-Type": "application/json",
            "X-Service-Signature": SERVICE_SIGNATURE,
            "webhook-signature": STANDARD_SIGNATURE,
            "webhook-id": deliveryId,
          },
        },
      },
    },
  });
});

/** Every JSON answer an agent can get that names the webhook or an attempt's headers. */
async function surfaces(cookie: string): Promise<string[]> {
  const texts: string[] = [];
  for (const path of [
    "/api/dashboard/deliveries",
    `/api/dashboard/deliveries?status=failed`,
    `/api/dashboard/deliveries/${deliveryId}`,
    "/api/dashboard/overview/webhooks",
  ]) {
    const res = await dashboardCall(cookie, path);
    expect(res.status, path).toBe(200);
    texts.push(JSON.stringify(res.body));
  }
  const redelivered = await dashboardCall(cookie, `/api/dashboard/deliveries/${deliveryId}/redeliver`, {
    method: "POST",
  });
  expect(redelivered.status).toBe(200);
  texts.push(JSON.stringify(redelivered.body));
  for (const page of ["/dashboard", "/dashboard/deliveries"]) {
    const html = await dashboardPage(cookie, page);
    expect(html.status).toBe(200);
    texts.push(html.html);
  }
  return texts;
}

describe("what support (agents) may see of webhooks", { timeout: 60_000 }, () => {
  it("agents: URL as scheme, host and path; signatures masked; on every surface", async () => {
    for (const text of await surfaces(cookies.agent)) {
      expect(text).not.toContain(SECRET_QUERY);
      expect(text).not.toContain(USER_INFO);
      expect(text).not.toContain("hookpass");
      expect(text).not.toContain(SERVICE_SIGNATURE.slice(7));
      expect(text).not.toContain("Q".repeat(43));
      expect(text).not.toContain("R".repeat(43));
    }
    const detail = await dashboardCall(cookies.agent, `/api/dashboard/deliveries/${deliveryId}`);
    const delivery = (detail.body.data as { delivery: DeliveryDetail }).delivery;
    expect(delivery.webhook.url).toBe(URL_SUPPORT);
    const headers = delivery.attempts[0]?.request_headers ?? {};
    expect(headers["X-Service-Signature"]).toMatch(/^sha256=•+$/);
    expect(headers["webhook-signature"]).toMatch(/^v1,•+ v1,•+$/);
    // what is not a credential stays readable: support needs it
    expect(headers["webhook-id"]).toBe(deliveryId);
    expect(headers["Content-Type"]).toBe("application/json");
    const list = await dashboardCall(cookies.agent, "/api/dashboard/overview/webhooks");
    const failing = (list.body.data as { webhooks: { url: string }[] }).webhooks;
    expect(failing.map((w) => w.url)).toEqual([URL_SUPPORT]);
  });

  it("every role lists the webhooks' names for the deliveries filter: names only, this organization's only", async () => {
    const other = await createStaff("agent");
    const { cookie: otherCookie } = await signInWithPassword(other.email, other.password);
    if (!otherCookie) throw new Error("the other organization's agent could not sign in");
    await db().webhook.create({
      data: {
        id: `wbk_${randomUUID().replaceAll("-", "").slice(0, 24)}`,
        organizationId: other.orgId,
        name: "Other org's hook",
        url: "http://127.0.0.1:9/other",
        events: ["contact.created"],
      },
    });
    for (const role of ["owner", "admin", "agent"] as const) {
      const res = await dashboardCall(cookies[role], "/api/dashboard/deliveries/webhooks");
      expect(res.status, role).toBe(200);
      const webhooks = (res.body.data as { webhooks: Record<string, unknown>[] }).webhooks;
      expect(webhooks.map((w) => Object.keys(w).sort())).toEqual([["id", "name"]]);
      expect(JSON.stringify(res.body)).not.toContain(SECRET_QUERY);
      expect(JSON.stringify(res.body)).not.toContain("Other org's hook");
    }
    const theirs = await dashboardCall(otherCookie, "/api/dashboard/deliveries/webhooks");
    expect((theirs.body.data as { webhooks: { name: string }[] }).webhooks.map((w) => w.name)).toEqual([
      "Other org's hook",
    ]);
  });

  it("owners and admins see the URL and the signatures whole", async () => {
    for (const role of ["owner", "admin"] as const) {
      const detail = await dashboardCall(cookies[role], `/api/dashboard/deliveries/${deliveryId}`);
      const delivery = (detail.body.data as { delivery: DeliveryDetail }).delivery;
      expect(delivery.webhook.url).toBe(URL_WHOLE);
      expect(delivery.attempts[0]?.request_headers["X-Service-Signature"]).toBe(SERVICE_SIGNATURE);
      expect(delivery.attempts[0]?.request_headers["webhook-signature"]).toBe(STANDARD_SIGNATURE);
      const rows = await dashboardCall(cookies[role], "/api/dashboard/deliveries");
      const found = (rows.body.data as { deliveries: { id: string; webhook: { url: string } }[] }).deliveries;
      expect(found.find((d) => d.id === deliveryId)?.webhook.url).toBe(URL_WHOLE);
      const webhooks = await dashboardCall(cookies[role], "/api/dashboard/webhooks");
      expect(JSON.stringify(webhooks.body)).toContain(SECRET_QUERY);
    }
  });
});

type DeliveryDetail = {
  webhook: { url: string };
  attempts: { request_headers: Record<string, string> }[];
};
