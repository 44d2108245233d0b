import "#server-only";
import { currentKey } from "@/lib/crypto/keys";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db";

/** Whether a sealed value is already in the current format under the current key. */
function sealedUnderCurrent(sealed: string): boolean {
  const [version, keyId] = sealed.split(".");
  return version === "v2" && keyId === currentKey().id;
}

/**
 * The last step of a key rotation: every channel token, webhook secret and Flows endpoint key or
 * secret sealed under
 * ENCRYPTION_KEY_PREVIOUS (or in the format before key ids) is sealed again under
 * ENCRYPTION_KEY, after which the previous key can be dropped. Values that open under neither
 * key are counted, never changed.
 */
export async function resealSecrets(
  scope: { organizationId?: string } = {},
): Promise<{ resealed: number; current: number; unreadable: number }> {
  const counts = { resealed: 0, current: 0, unreadable: 0 };
  const reseal = (sealed: string, organizationId: string, rowId: string): string | null => {
    if (sealedUnderCurrent(sealed)) {
      counts.current++;
      return null;
    }
    try {
      const plain = openSecret(sealed, organizationId, rowId);
      counts.resealed++;
      return sealSecret(plain, organizationId, rowId);
    } catch {
      counts.unreadable++;
      return null;
    }
  };
  const channels = await db().channel.findMany({
    where: { organizationId: scope.organizationId },
    select: { id: true, organizationId: true, accessTokenEnc: true },
  });
  for (const c of channels) {
    const next = reseal(c.accessTokenEnc, c.organizationId, c.id);
    if (next) await db().channel.update({ where: { id: c.id }, data: { accessTokenEnc: next } });
  }
  const webhooks = await db().webhook.findMany({
    where: { organizationId: scope.organizationId, secretEnc: { not: null } },
    select: { id: true, organizationId: true, secretEnc: true },
  });
  for (const w of webhooks) {
    const next = w.secretEnc ? reseal(w.secretEnc, w.organizationId, w.id) : null;
    if (next) await db().webhook.update({ where: { id: w.id }, data: { secretEnc: next } });
  }
  const flowEndpoints = await db().flowEndpoint.findMany({
    where: { organizationId: scope.organizationId },
    select: {
      id: true,
      organizationId: true,
      privateKeyEnc: true,
      previousPrivateKeyEnc: true,
      receiverSecretEnc: true,
    },
  });
  for (const f of flowEndpoints) {
    const data: Record<string, string> = {};
    for (const field of ["privateKeyEnc", "previousPrivateKeyEnc", "receiverSecretEnc"] as const) {
      const sealed = f[field];
      const next = sealed ? reseal(sealed, f.organizationId, f.id) : null;
      if (next) data[field] = next;
    }
    if (Object.keys(data).length > 0) await db().flowEndpoint.update({ where: { id: f.id }, data });
  }
  return counts;
}
