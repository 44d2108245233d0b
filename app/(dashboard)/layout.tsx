import { type ReactNode, Suspense } from "react";
import { DashboardProviders } from "@/components/dashboard/providers";
import { DashboardShell } from "@/components/dashboard/shell";
import { SignInRedirect } from "@/components/dashboard/sign-in-redirect";
import { getDashboardSession } from "@/lib/auth/session";

/**
 * Every page under app/(dashboard) is signed-in only: signed out, the page is not rendered at
 * all and the browser goes to sign-in with its path as callbackUrl. Pages also wrap themselves in
 * <RoleGate> (roles, and the session check on client navigations, which reuse this layout).
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await getDashboardSession();
  if (!session) {
    return (
      <Suspense>
        <SignInRedirect />
      </Suspense>
    );
  }
  return (
    <DashboardProviders>
      <DashboardShell session={session}>{children}</DashboardShell>
    </DashboardProviders>
  );
}
