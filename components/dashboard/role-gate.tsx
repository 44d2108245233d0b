import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { ForbiddenState } from "@/components/ui/states";
import { hasRole, type Role } from "@/lib/auth/roles";
import { type DashboardSession, getDashboardSession } from "@/lib/auth/session";

/**
 * Wrap every dashboard page in this. Signed out → the sign-in page, back to `path` afterwards;
 * signed in with another role → the 403 panel instead of the page. Children may be a function
 * of the session, for views that adapt to the role: {(session) => <View role={session.role} />}.
 */
export async function RoleGate({
  path,
  roles,
  children,
}: {
  path: string;
  roles: readonly Role[];
  children: ReactNode | ((session: DashboardSession) => ReactNode);
}) {
  const session = await getDashboardSession();
  if (!session) redirect(`/sign-in?callbackUrl=${encodeURIComponent(path)}`);
  if (!hasRole(session.role, roles)) return <ForbiddenState />;
  return typeof children === "function" ? children(session) : children;
}
