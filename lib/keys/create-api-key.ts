import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { generateKey, hashKey } from "@/lib/api/key-hash";
import { type KeyKind, PUBLISHABLE_SCOPES, type Scope } from "@/lib/api/scopes";
import { insertApiKey } from "@/lib/keys/repository";

export type CreateApiKeyInput = {
  organizationId: string;
  name: string;
  kind: KeyKind;
  scopes: Scope[];
  expiresAt?: Date | null;
  perMinuteLimit?: number;
  perDayLimit?: number;
  createdById?: string | null;
};

/** Creates a key and returns it in clear text: the only time it is ever seen. */
export async function createApiKey(input: CreateApiKeyInput) {
  if (input.kind === "pk") {
    const forbidden = input.scopes.filter((s) => !PUBLISHABLE_SCOPES.includes(s));
    if (forbidden.length > 0) {
      throw new ApiError("VALIDATION_INVALID_FIELD", "service_pk_ keys may hold only read scopes.", {
        field: "scopes",
        hint: `not allowed on a pk key: ${forbidden.join(", ")}`,
      });
    }
  }
  if (input.scopes.length === 0) {
    throw new ApiError("VALIDATION_INVALID_FIELD", "A key needs at least one scope.", {
      field: "scopes",
      hint: "choose one or more scopes",
    });
  }
  const key = generateKey(input.kind);
  const apiKey = await insertApiKey(input.organizationId, {
    name: input.name,
    kind: input.kind,
    keyHash: hashKey(key),
    last4: key.slice(-4),
    scopes: [...new Set(input.scopes)],
    expiresAt: input.expiresAt ?? null,
    perMinuteLimit: input.perMinuteLimit ?? 60,
    perDayLimit: input.perDayLimit ?? 10_000,
    createdById: input.createdById ?? null,
  });
  return { apiKey, key };
}
