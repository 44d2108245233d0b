import "#server-only";
import { connection } from "next/server";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { z } from "zod";
import { authOptions } from "@/lib/auth/auth-options";
import type { Role } from "@/lib/auth/roles";
import { db } from "@/lib/db";

export type DashboardSession = {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  organizationId: string;
  organizationName: string;
};

const sessionShape = z.object({ user: z.object({ id: z.uuid(), organizationId: z.uuid() }) });

/**
 * The signed-in staff member, or null. The JWT only names the user: the user row is read on
 * every request (one primary-key lookup), so a deleted user is signed out and a role change
 * applies at once. Cached per server render.
 */
export const getDashboardSession = cache(async (): Promise<DashboardSession | null> => {
  // request-time only: pages that ask for the session are never prerendered at build
  await connection();
  const parsed = sessionShape.safeParse(await getServerSession(authOptions()));
  if (!parsed.success) return null;
  const { id, organizationId } = parsed.data.user;
  const user = await db().user.findUnique({
    where: { id },
    include: { organization: { select: { name: true } } },
  });
  if (!user || user.organizationId !== organizationId) return null;
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    organizationId: user.organizationId,
    organizationName: user.organization.name,
  };
});
