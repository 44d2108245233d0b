import { z } from "zod";
import { PUBLISHABLE_SCOPES, scopeSchema } from "@/lib/api/scopes";

/** Body of POST /api/dashboard/keys; the create-key form validates with it as well. */
export const createKeyBody = z
  .object({
    name: z.string().trim().min(1, "give the key a name").max(100, "at most 100 characters"),
    kind: z.enum(["sk", "pk"]),
    scopes: z.array(scopeSchema).min(1, "choose at least one scope"),
    expires_at: z.iso
      .datetime({ offset: true, error: "not a valid date" })
      .nullish()
      .refine((v) => !v || new Date(v).getTime() > Date.now(), "the expiry must be in the future"),
    per_minute_limit: z.number().int().min(1).max(100_000).optional(),
    per_day_limit: z.number().int().min(1).max(100_000_000).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind !== "pk") return;
    const forbidden = body.scopes.filter((s) => !PUBLISHABLE_SCOPES.includes(s));
    if (forbidden.length > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["scopes"],
        message: `publishable keys may hold only read scopes (not ${forbidden.join(", ")})`,
      });
    }
  });

export type CreateKeyBody = z.infer<typeof createKeyBody>;

export type KeyStatus = "active" | "revoked" | "expired";

/** One key as the dashboard shows it; the key itself is never stored, only its last four. */
export type ApiKeyJson = {
  id: string;
  name: string;
  kind: "sk" | "pk";
  display: string;
  scopes: string[];
  status: KeyStatus;
  per_minute_limit: number;
  per_day_limit: number;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
};

export type CreatedKeyJson = { key: string; api_key: ApiKeyJson };
