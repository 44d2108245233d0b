import "#server-only";
import { connection } from "next/server";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { authOptions } from "@/lib/auth/auth-options";
import { ROLES, type Role } from "@/lib/auth/roles";

export type DashboardSession = {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  organizationId: string;
  organizationName: string;
};

const sessionShape = z.object({
  user: z.object({
    id: z.uuid(),
    email: z.string(),
    name: z.string().nullish(),
    role: z.enum(ROLES),
    organizationId: z.uuid(),
    organizationName: z.string(),
    unavailable: z.boolean(),
  }),
});

/**
 * The signed-in staff member, or null. next-auth's jwt callback (lib/auth/auth-options.ts) reads
 * the user afresh on every request (one primary-key lookup), so a session ends at once when the
 * user signs out anywhere, changes password or role, or is removed. Cached per server render.
 */
export const getDashboardSession = cache(async (): Promise<DashboardSession | null> => {
  // request-time only: pages that ask for the session are never prerendered at build
  await connection();
  const parsed = sessionShape.safeParse(await getServerSession(authOptions()));
  if (!parsed.success) return null;
  const { user } = parsed.data;
  if (user.unavailable) {
    throw new ApiError(
      "SERVER_SERVICE_UNAVAILABLE",
      "The dashboard cannot read its database; try again shortly.",
    );
  }
  return {
    userId: user.id,
    email: user.email,
    name: user.name ?? null,
    role: user.role,
    organizationId: user.organizationId,
    organizationName: user.organizationName,
  };
});
