import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { createTestOrg, pollUntil } from "@/scripts/test/helpers";
import { newContact, type Received, registerWebhook, TestReceiver } from "@/scripts/test/test-receiver";
import { verifyWebhook, WebhookVerificationError } from "./index.js";

const receivers: TestReceiver[] = [];
afterAll(async () => {
  for (const r of receivers) await r.down();
});

/** One real delivery of contact.created, signed with `secret`. */
async function delivery(secret: string): Promise<{ got: Received; contactId: string }> {
  const hook = await TestReceiver.start();
  receivers.push(hook);
  const { key } = await createTestOrg();
  await registerWebhook(key, hook.url, { secret });
  const contactId = await newContact(key);
  const [got] = await pollUntil(
    async () => hook.received,
    (r) => r.length >= 1,
  );
  if (!got) throw new Error("no delivery");
  return { got, contactId };
}

function without(headers: Received["headers"], ...names: string[]) {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !names.includes(k)));
}

describe("verifyWebhook on real deliveries", () => {
  it("accepts X-Service-Signature and answers the typed event", async () => {
    const secret = "a-long-random-secret-of-at-least-32-chars";
    const { got, contactId } = await delivery(secret);
    const event = verifyWebhook(secret, got.headers, got.raw);
    expect(event.event).toBe("contact.created");
    if (event.event === "contact.created") expect(event.data.contactId).toBe(contactId);
    // a Headers object and bytes work too
    const headers = new Headers(
      Object.entries(got.headers).map(([k, v]): [string, string] => [k, String(v)]),
    );
    expect(verifyWebhook(secret, headers, new TextEncoder().encode(got.raw)).event).toBe("contact.created");
    // the contract's header alone (a proxy that drops the Standard Webhooks ones)
    const contractOnly = without(got.headers, "webhook-signature", "webhook-id", "webhook-timestamp");
    expect(verifyWebhook(secret, contractOnly, got.raw).event).toBe("contact.created");
    expect(() => verifyWebhook("wrong-secret", contractOnly, got.raw)).toThrow(/X-Service-Signature/);
  });

  it("accepts the Standard Webhooks headers alone, a whsec_ secret as that spec keys it", async () => {
    const secret = `whsec_${Buffer.alloc(32, 9).toString("base64")}`;
    const { got } = await delivery(secret);
    const standardOnly = without(got.headers, "x-service-signature", "x-service-timestamp");
    expect(verifyWebhook(secret, standardOnly, got.raw).event).toBe("contact.created");
  });

  it("refuses a wrong secret, a changed body, a missing signature and a timestamp over 5 minutes away", async () => {
    const secret = "another-long-random-secret-of-32-chars!";
    const { got } = await delivery(secret);
    const fails = (run: () => unknown, message: RegExp) => {
      expect(run).toThrow(WebhookVerificationError);
      expect(run).toThrow(message);
    };
    fails(() => verifyWebhook("wrong-secret", got.headers, got.raw), /does not match/);
    fails(
      () => verifyWebhook(secret, got.headers, got.raw.replace("contact.created", "contact.updated")),
      /does not match/,
    );
    fails(
      () => verifyWebhook(secret, without(got.headers, "x-service-signature", "webhook-signature"), got.raw),
      /no signature/,
    );
    const signedAt = Number(got.headers["x-service-timestamp"]);
    fails(
      () => verifyWebhook(secret, got.headers, got.raw, { now: signedAt + 5 * 60_000 + 1_000 }),
      /5|300 s/,
    );
    expect(verifyWebhook(secret, got.headers, got.raw, { now: signedAt + 4 * 60_000 }).event).toBe(
      "contact.created",
    );
    const standardOnly = without(got.headers, "x-service-signature");
    fails(() => verifyWebhook(secret, standardOnly, got.raw, { now: signedAt - 6 * 60_000 }), /300 s/);
  });
});

/** The next delivery at `hook` after `before` were received. */
async function next(hook: TestReceiver, before: number): Promise<Received> {
  const got = await pollUntil(
    async () => hook.received.slice(before),
    (r) => r.length >= 1,
  );
  return got[0] as Received;
}

describe("verifyWebhook during a secret rotation (issue 28.5)", () => {
  it("a receiver holding the old or the new secret verifies every delivery of the grace period; after it, the new only", async () => {
    const oldSecret = "the-receivers-secret-before-rotation-0123456789";
    const hook = await TestReceiver.start();
    receivers.push(hook);
    const { key, orgId } = await createTestOrg();
    const webhookId = await registerWebhook(key, hook.url, { secret: oldSecret });
    const staff = await createStaff("admin", orgId);
    const { cookie } = await signInWithPassword(staff.email, staff.password);
    if (!cookie) throw new Error("could not sign in");

    const rotated = await dashboardCall(cookie, `/api/dashboard/webhooks/${webhookId}/rotate-secret`, {
      method: "POST",
    });
    expect(rotated.status).toBe(200);
    const newSecret = (rotated.body.data as { secret: string }).secret;

    for (let i = 0; i < 2; i++) {
      const before = hook.received.length;
      const contactId = await newContact(key);
      const got = await next(hook, before);
      for (const secret of [oldSecret, newSecret]) {
        const event = verifyWebhook(secret, got.headers, got.raw);
        expect(event.event).toBe("contact.created");
        if (event.event === "contact.created") expect(event.data.contactId).toBe(contactId);
      }
      // the contract's header keeps its one value: the new secret's
      const contractOnly = without(got.headers, "webhook-signature");
      expect(verifyWebhook(newSecret, contractOnly, got.raw).event).toBe("contact.created");
      expect(() => verifyWebhook(oldSecret, contractOnly, got.raw)).toThrow(WebhookVerificationError);
    }

    // the grace period over (its stored end moved into the past): the old secret verifies nothing
    await db().webhook.update({
      where: { id: webhookId },
      data: { previousSecretExpiresAt: new Date(Date.now() - 60_000) },
    });
    const before = hook.received.length;
    await newContact(key);
    const after = await next(hook, before);
    expect(verifyWebhook(newSecret, after.headers, after.raw).event).toBe("contact.created");
    expect(() => verifyWebhook(oldSecret, after.headers, after.raw)).toThrow(/does not match/);
  });
});
