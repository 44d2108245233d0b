import { afterEach, describe, expect, it } from "vitest";
import { openSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { BASE_URL, createTestOrg, pollUntil } from "@/scripts/test/helpers";
import {
  newContact,
  type Received,
  registerWebhook,
  TestReceiver,
  verifyServiceSignature,
  verifyStandardSignature,
} from "@/scripts/test/test-receiver";

const OLD_SECRET = "the-secret-before-rotation-0123456789abcdef";
const receivers: TestReceiver[] = [];

afterEach(async () => {
  for (const r of receivers.splice(0)) await r.down();
});

async function signedIn(role: "owner" | "admin" | "agent", orgId: string): Promise<string> {
  const staff = await createStaff(role, orgId);
  const { cookie } = await signInWithPassword(staff.email, staff.password);
  if (!cookie) throw new Error(`sign-in failed for ${role}`);
  return cookie;
}

/** Creates a contact and waits for its contact.created delivery at the receiver. */
async function nextDelivery(key: string, hook: TestReceiver): Promise<Received> {
  const before = hook.received.length;
  await newContact(key);
  const got = await pollUntil(
    async () => hook.received.slice(before),
    (r) => r.length >= 1,
  );
  return got[0] as Received;
}

type Rotated = {
  webhook: { id: string; has_secret: boolean };
  secret: string;
  previous_secret_expires_at: string | null;
  grace_period_hours: number;
};

describe("Rotate secret (dashboard)", () => {
  it("signs webhook-signature with the new and the old secret during the grace period, then with the new only", async () => {
    const hook = await TestReceiver.start();
    receivers.push(hook);
    const { key, orgId } = await createTestOrg();
    const webhookId = await registerWebhook(key, hook.url, { secret: OLD_SECRET });
    const cookie = await signedIn("admin", orgId);

    const rotated = await dashboardCall(cookie, `/api/dashboard/webhooks/${webhookId}/rotate-secret`, {
      method: "POST",
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.success).toBe(true);
    const data = rotated.body.data as Rotated;
    expect(data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(data.secret.slice(6), "base64")).toHaveLength(32);
    expect(data.grace_period_hours).toBe(24);
    expect(data.webhook).toMatchObject({ id: webhookId, has_secret: true });
    expect(data.webhook).not.toHaveProperty("secret");

    const row = await db().webhook.findUniqueOrThrow({ where: { id: webhookId } });
    expect(row.secretEnc).not.toContain(data.secret);
    expect(openSecret(row.secretEnc ?? "", orgId, webhookId)).toBe(data.secret);
    expect(openSecret(row.previousSecretEnc ?? "", orgId, webhookId)).toBe(OLD_SECRET);
    expect(row.previousSecretExpiresAt?.toISOString()).toBe(data.previous_secret_expires_at);
    // 24 hours after the rotation, as stored (no wall clock involved)
    expect((row.previousSecretExpiresAt?.getTime() ?? 0) - row.updatedAt.getTime()).toBe(24 * 3_600_000);

    // during the grace period: both signatures in webhook-signature, the contract's header with the new one
    const during = await nextDelivery(key, hook);
    expect(String(during.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verifyStandardSignature(data.secret, during)).toBe(true);
    expect(verifyStandardSignature(OLD_SECRET, during)).toBe(true);
    expect(verifyServiceSignature(data.secret, during)).toBe(true);
    expect(verifyServiceSignature(OLD_SECRET, during)).toBe(false);

    // once the stored expiry has passed, the old secret signs nothing
    await db().webhook.update({
      where: { id: webhookId },
      data: { previousSecretExpiresAt: new Date(Date.now() - 60_000) },
    });
    const after = await nextDelivery(key, hook);
    expect(String(after.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(verifyStandardSignature(data.secret, after)).toBe(true);
    expect(verifyStandardSignature(OLD_SECRET, after)).toBe(false);
    expect(verifyServiceSignature(data.secret, after)).toBe(true);
  });

  it("a secret typed in Edit replaces at once and ends a grace period", async () => {
    const hook = await TestReceiver.start();
    receivers.push(hook);
    const { key, orgId } = await createTestOrg();
    const webhookId = await registerWebhook(key, hook.url, { secret: OLD_SECRET });
    const cookie = await signedIn("owner", orgId);
    const path = `/api/dashboard/webhooks/${webhookId}`;
    const rotated = await dashboardCall(cookie, `${path}/rotate-secret`, { method: "POST" });
    const { secret } = rotated.body.data as Rotated;

    const typed = "typed-by-hand-secret-0123456789abcdefghij";
    const edit = await dashboardCall(cookie, path, { method: "PATCH", body: { secret: typed } });
    expect(edit.status).toBe(200);
    const row = await db().webhook.findUniqueOrThrow({ where: { id: webhookId } });
    expect(row.previousSecretEnc).toBeNull();
    expect(row.previousSecretExpiresAt).toBeNull();

    const got = await nextDelivery(key, hook);
    expect(String(got.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(verifyStandardSignature(typed, got)).toBe(true);
    expect(verifyStandardSignature(secret, got)).toBe(false);
    expect(verifyStandardSignature(OLD_SECRET, got)).toBe(false);
  });

  it("rotating a webhook without a secret gives it one, with no grace period", async () => {
    const { key, orgId } = await createTestOrg();
    const webhookId = await registerWebhook(key, "http://127.0.0.1:9/unsigned");
    const cookie = await signedIn("owner", orgId);
    const res = await dashboardCall(cookie, `/api/dashboard/webhooks/${webhookId}/rotate-secret`, {
      method: "POST",
    });
    expect(res.status).toBe(200);
    const data = res.body.data as Rotated;
    expect(data.webhook.has_secret).toBe(true);
    expect(data.previous_secret_expires_at).toBeNull();
    const row = await db().webhook.findUniqueOrThrow({ where: { id: webhookId } });
    expect(row.previousSecretEnc).toBeNull();
    expect(openSecret(row.secretEnc ?? "", orgId, webhookId)).toBe(data.secret);
  });

  it("is refused to agents (403), across organizations (404) and without the same-origin check (403), changing nothing", async () => {
    const { key, orgId } = await createTestOrg();
    const webhookId = await registerWebhook(key, "http://127.0.0.1:9/hook", { secret: OLD_SECRET });
    const path = `/api/dashboard/webhooks/${webhookId}/rotate-secret`;
    const before = await db().webhook.findUniqueOrThrow({ where: { id: webhookId } });

    const agent = await dashboardCall(await signedIn("agent", orgId), path, { method: "POST" });
    expect(agent.status).toBe(403);
    expect(agent.body.error).toMatchObject({ code: "AUTH_FORBIDDEN" });

    const stranger = await createTestOrg();
    const other = await dashboardCall(await signedIn("owner", stranger.orgId), path, { method: "POST" });
    expect(other.status).toBe(404);
    expect(other.body.error).toMatchObject({ code: "RESOURCE_NOT_FOUND" });

    const cookie = await signedIn("owner", orgId);
    const crossSite = await fetch(`${BASE_URL}${path}`, {
      method: "POST",
      headers: { cookie, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).error).toMatchObject({ code: "AUTH_CSRF_REJECTED" });

    const after = await db().webhook.findUniqueOrThrow({ where: { id: webhookId } });
    expect(after.secretEnc).toBe(before.secretEnc);
    expect(after.previousSecretEnc).toBeNull();
  });
});
