import { ApiError } from "@/lib/api/errors";
import { findApiKeyByHash } from "@/lib/api/find-api-key";
import { hashKey, looksLikeKey } from "@/lib/api/key-hash";
import type { ApiKey } from "@/lib/generated/prisma/client.ts";

/** The key from `Authorization: Bearer …` or `X-API-Key`, or null when neither is sent. */
export function presentedKey(headers: Headers): string | null {
  const authorization = headers.get("authorization");
  if (authorization !== null && authorization.trim() !== "") {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization.trim());
    // a malformed Authorization header is a wrong key, not a missing one
    return match?.[1] ?? authorization.trim();
  }
  const apiKey = headers.get("x-api-key");
  return apiKey !== null && apiKey.trim() !== "" ? apiKey.trim() : null;
}

export async function authenticate(headers: Headers): Promise<ApiKey> {
  const key = presentedKey(headers);
  if (key === null) {
    throw new ApiError(
      "AUTH_MISSING_KEY",
      "No API key was sent. Send it as `Authorization: Bearer <key>` or `X-API-Key: <key>`.",
    );
  }
  if (!looksLikeKey(key)) {
    throw new ApiError(
      "AUTH_INVALID_KEY",
      "The API key is not valid. Keys start with service_sk_ or service_pk_.",
    );
  }
  const apiKey = await findApiKeyByHash(hashKey(key));
  if (!apiKey) throw new ApiError("AUTH_INVALID_KEY", "The API key is not valid.");
  if (apiKey.revokedAt && apiKey.revokedAt.getTime() <= Date.now()) {
    throw new ApiError("AUTH_KEY_REVOKED", "The API key has been revoked.");
  }
  if (apiKey.expiresAt && apiKey.expiresAt.getTime() <= Date.now()) {
    throw new ApiError("AUTH_KEY_EXPIRED", `The API key expired at ${apiKey.expiresAt.toISOString()}.`);
  }
  return apiKey;
}
