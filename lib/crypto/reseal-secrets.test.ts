import { createCipheriv, randomBytes, randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";

const OLD_KEY = Buffer.alloc(32, 3).toString("base64");
const NEW_KEY = Buffer.alloc(32, 4).toString("base64");
const saved = { key: process.env.ENCRYPTION_KEY, previous: process.env.ENCRYPTION_KEY_PREVIOUS };

async function withKeys(current: string, previous?: string) {
  process.env.ENCRYPTION_KEY = current;
  if (previous === undefined) delete process.env.ENCRYPTION_KEY_PREVIOUS;
  else process.env.ENCRYPTION_KEY_PREVIOUS = previous;
  vi.resetModules();
  return {
    box: await import("@/lib/crypto/secret-box"),
    reseal: await import("@/lib/crypto/reseal-secrets"),
    db: (await import("@/lib/db")).db,
  };
}

afterEach(async () => {
  const { disconnectDb } = await import("@/lib/db");
  await disconnectDb();
  process.env.ENCRYPTION_KEY = saved.key;
  if (saved.previous === undefined) delete process.env.ENCRYPTION_KEY_PREVIOUS;
  else process.env.ENCRYPTION_KEY_PREVIOUS = saved.previous;
  vi.resetModules();
});

function sealLegacy(plaintext: string, base64Key: string, organizationId: string, rowId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(base64Key, "base64"), iv);
  cipher.setAAD(Buffer.from(`${organizationId}:${rowId}`));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", ...[iv, cipher.getAuthTag(), body].map((p) => p.toString("base64url"))].join(".");
}

describe("resealSecrets: the last step of a key rotation", () => {
  it("seals every secret of the organization under the new key, so the previous key can go", async () => {
    const before = await withKeys(OLD_KEY);
    const org = await before
      .db()
      .organization.create({ data: { name: `Reseal ${randomUUID().slice(0, 8)}` } });
    const channelId = randomUUID();
    const legacyId = randomUUID();
    const webhookId = `wbk_${randomBytes(8).toString("hex")}`;
    await before.db().channel.createMany({
      data: [
        {
          id: channelId,
          organizationId: org.id,
          name: "sealed with key ids",
          phoneNumberId: String(Date.now()),
          wabaId: `w${channelId}`,
          accessTokenEnc: before.box.sealSecret("token-a", org.id, channelId),
        },
        {
          id: legacyId,
          organizationId: org.id,
          name: "sealed before key ids",
          phoneNumberId: String(Date.now() + 1),
          wabaId: `w${channelId}`,
          accessTokenEnc: sealLegacy("token-b", OLD_KEY, org.id, legacyId),
        },
      ],
    });
    await before.db().webhook.create({
      data: {
        id: webhookId,
        organizationId: org.id,
        name: "hook",
        url: "https://example.com/hook",
        events: ["message.inbound"],
        secretEnc: before.box.sealSecret("whsec_c", org.id, webhookId),
      },
    });
    await before.db().$disconnect();

    const rotated = await withKeys(NEW_KEY, OLD_KEY);
    expect(await rotated.reseal.resealSecrets({ organizationId: org.id })).toEqual({
      resealed: 3,
      current: 0,
      unreadable: 0,
    });
    expect(await rotated.reseal.resealSecrets({ organizationId: org.id })).toEqual({
      resealed: 0,
      current: 3,
      unreadable: 0,
    });
    await rotated.db().$disconnect();

    // the previous key is gone: everything still opens
    const after = await withKeys(NEW_KEY);
    const channels = await after
      .db()
      .channel.findMany({ where: { organizationId: org.id }, orderBy: { name: "asc" } });
    expect(channels.map((c) => after.box.openSecret(c.accessTokenEnc, org.id, c.id))).toEqual([
      "token-b",
      "token-a",
    ]);
    const webhook = await after.db().webhook.findUniqueOrThrow({ where: { id: webhookId } });
    expect(after.box.openSecret(webhook.secretEnc ?? "", org.id, webhookId)).toBe("whsec_c");
    await after.db().organization.delete({ where: { id: org.id } });
  }, 60_000);
});
