import { displayKey } from "@/lib/api/key-hash";
import type { ApiKey } from "@/lib/generated/prisma/client.ts";
import type { ApiKeyJson, KeyStatus } from "@/lib/keys/schemas";

export function keyStatus(key: Pick<ApiKey, "revokedAt" | "expiresAt">, now = Date.now()): KeyStatus {
  if (key.revokedAt) return "revoked";
  if (key.expiresAt && key.expiresAt.getTime() <= now) return "expired";
  return "active";
}

/** `lastUsedMs`: the fresher last use from Redis, when it is newer than the flushed column. */
export function toApiKeyJson(key: ApiKey, lastUsedMs?: number): ApiKeyJson {
  const flushed = key.lastUsedAt?.getTime() ?? 0;
  const lastUsed = Math.max(flushed, lastUsedMs ?? 0);
  return {
    id: key.id,
    name: key.name,
    kind: key.kind,
    display: displayKey(key.kind, key.last4),
    scopes: key.scopes,
    status: keyStatus(key),
    per_minute_limit: key.perMinuteLimit,
    per_day_limit: key.perDayLimit,
    created_at: key.createdAt.toISOString(),
    last_used_at: lastUsed > 0 ? new Date(lastUsed).toISOString() : null,
    expires_at: key.expiresAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
  };
}
