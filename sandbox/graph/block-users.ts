import { z } from "zod";
import { authorizePhoneNumber } from "@/sandbox/auth";
import type { Ctx } from "@/sandbox/context";
import { json, parseJson, type Reply, type SandboxRequest } from "@/sandbox/http";
import { digitsOf, newTraceId } from "@/sandbox/ids";
import { parseOrThrow } from "@/sandbox/send/parse";
import { windowOpen } from "@/sandbox/send/window";
import { type PhoneNumber, type SandboxState, userKey, windowKey } from "@/sandbox/state";

/** Meta's limits (Block users guide): 1,000 users a request, 64,000 on a blocklist. */
const MAX_PER_REQUEST = 1000;
const MAX_BLOCKLIST = 64_000;
const BSUID = /^[A-Z]{2}\.[A-Za-z0-9.]+$/;

const blockBody = z.strictObject({
  messaging_product: z.literal("whatsapp"),
  block_users: z
    .array(z.strictObject({ user: z.string().min(1).max(256) }))
    .min(1)
    .max(MAX_PER_REQUEST),
});

type User = { input: string; key: string; id: { wa_id: string } | { user_id: string } };

function userOf(input: string): User {
  if (BSUID.test(input)) return { input, key: userKey(input), id: { user_id: input } };
  const waId = digitsOf(input);
  return { input, key: waId, id: { wa_id: waId } };
}

function blockedOf(state: SandboxState, number: PhoneNumber): string[] {
  const prefix = `${number.id}:`;
  return [...state.blocked].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
}

/**
 * POST /{version}/{phone_number_id}/block_users: only users who wrote to the number in the last
 * 24 hours can be blocked; the answer lists `added_users` and `failed_users` (per-user errors),
 * and a request with any failure is a 400 whose `error` is 139100, as the Block users guide says.
 * Users are phone numbers or business-scoped user ids. Per-user code 139102 and its wording were
 * decided here.
 */
export function blockUsers(ctx: Ctx, req: SandboxRequest, phoneNumberId: string): Reply {
  const { state } = ctx;
  const number = authorizePhoneNumber(state, req, phoneNumberId);
  const body = parseOrThrow(blockBody, parseJson(req.rawBody), []);
  const added: Record<string, string>[] = [];
  const failed: Record<string, unknown>[] = [];
  for (const { user } of body.block_users) {
    const u = userOf(user);
    const key = windowKey(number.id, u.key);
    if (!windowOpen(state, number.id, u.key)) {
      failed.push({
        input: u.input,
        ...u.id,
        errors: [
          userError(
            139102,
            "Failed to block user for 24 hour messaging window",
            "You can only block users that have messaged your business in the last 24 hours.",
          ),
        ],
      });
    } else if (!state.blocked.has(key) && blockedOf(state, number).length >= MAX_BLOCKLIST) {
      failed.push({
        input: u.input,
        ...u.id,
        errors: [userError(139101, "Blocklist limit reached", "The blocklist has a 64,000 user limit.")],
      });
    } else {
      state.blocked.add(key);
      added.push({ input: u.input, ...u.id });
    }
  }
  const result = {
    messaging_product: "whatsapp",
    block_users: { added_users: added, ...(failed.length > 0 ? { failed_users: failed } : {}) },
  };
  if (failed.length === 0) return json(200, result);
  return json(400, {
    ...result,
    error: {
      message: "(#139100) Failed to block/unblock users",
      type: "OAuthException",
      code: 139100,
      error_data: { details: "Failed to block some users, see the block_users response list for details" },
      fbtrace_id: newTraceId(),
    },
  });
}

/** DELETE …/block_users: unblocking has no 24-hour rule; unknown users are simply not blocked. */
export function unblockUsers(ctx: Ctx, req: SandboxRequest, phoneNumberId: string): Reply {
  const { state } = ctx;
  const number = authorizePhoneNumber(state, req, phoneNumberId);
  const body = parseOrThrow(blockBody, parseJson(req.rawBody), []);
  const removed = body.block_users.map(({ user }) => {
    const u = userOf(user);
    state.blocked.delete(windowKey(number.id, u.key));
    return { input: u.input, ...u.id };
  });
  return json(200, { messaging_product: "whatsapp", block_users: { removed_users: removed } });
}

/** GET …/block_users: the number's blocklist (`limit`, default 25, and an `after` cursor). */
export function listBlockedUsers(ctx: Ctx, req: SandboxRequest, phoneNumberId: string): Reply {
  const number = authorizePhoneNumber(ctx.state, req, phoneNumberId);
  const limit = Math.min(Math.max(Number(req.query.get("limit") ?? 25) || 25, 1), 1000);
  const after = Number(Buffer.from(req.query.get("after") ?? "", "base64url").toString() || 0) || 0;
  const all = blockedOf(ctx.state, number);
  const page = all
    .slice(after, after + limit)
    .map((k) =>
      k.startsWith("user:")
        ? { messaging_product: "whatsapp", user_id: k.slice(5) }
        : { messaging_product: "whatsapp", wa_id: k },
    );
  const next =
    after + limit < all.length ? Buffer.from(String(after + limit)).toString("base64url") : undefined;
  return json(200, {
    data: [{ block_users: page }],
    paging: {
      cursors: { before: Buffer.from(String(after)).toString("base64url"), ...(next ? { after: next } : {}) },
    },
  });
}

function userError(code: number, message: string, details: string) {
  return { message, code, error_data: { details } };
}
