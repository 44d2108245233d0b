import "#server-only";
import { z } from "zod";
import type { Role } from "@/lib/auth/roles";
import { db } from "@/lib/db";

/**
 * What a session cookie (next-auth's JWT) says about its user. `sv` is the user's session version
 * when the session began; cookies from before session versions existed read as version 0.
 */
const sessionClaims = z.object({
  sub: z.uuid(),
  organizationId: z.uuid(),
  sv: z.number().int().nonnegative().default(0),
});

export type SessionUser = {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  organizationId: string;
  organizationName: string;
};

/** Thrown in next-auth's jwt callback for a cookie whose session has ended: next-auth then clears it. */
export class SessionEndedError extends Error {
  override readonly name = "SessionEndedError";
  constructor() {
    super("the session has ended (signed out, password or role changed, or user removed)");
  }
}

/**
 * The user a session cookie names, read afresh on every request (one primary-key lookup, the
 * same read that already applied a role change at once), or null when that session has ended:
 * the user was removed or moved, or the user's session version moved past the cookie's
 * (sign-out, a password or role change). No cache, so a session ends everywhere at once.
 */
export async function currentSessionUser(token: unknown): Promise<SessionUser | null> {
  const claims = sessionClaims.safeParse(token);
  if (!claims.success) return null;
  const user = await db().user.findUnique({
    where: { id: claims.data.sub },
    include: { organization: { select: { name: true } } },
  });
  if (!user || user.organizationId !== claims.data.organizationId) return null;
  if (user.sessionVersion !== claims.data.sv) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    organizationId: user.organizationId,
    organizationName: user.organization.name,
  };
}

/**
 * Sign-out: every session of the user ends. Only a current session can do it, so a copied cookie
 * of an ended session cannot keep signing its user out of the sessions that followed.
 */
export async function endSessions(token: unknown): Promise<void> {
  const claims = sessionClaims.safeParse(token);
  if (!claims.success) return;
  await db().user.updateMany({
    where: {
      id: claims.data.sub,
      organizationId: claims.data.organizationId,
      sessionVersion: claims.data.sv,
    },
    data: { sessionVersion: { increment: 1 } },
  });
}
