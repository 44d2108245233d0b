import type { ReactNode } from "react";
import { CallNotice } from "@/components/calls/call-notice";
import { PhoneNavigation, Sidebar } from "@/components/dashboard/sidebar";
import { UserMenu } from "@/components/dashboard/user-menu";
import type { DashboardSession } from "@/lib/auth/session";

/**
 * The signed-in frame: skip link, sidebar (a Menu button on a phone), header with the
 * organization and the user menu; the ringing notice of customers' calls (components/calls).
 */
export function DashboardShell({ session, children }: { session: DashboardSession; children: ReactNode }) {
  return (
    <div className="min-h-screen md:flex">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 text-sm font-medium focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Sidebar role={session.role} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 md:px-8">
          <PhoneNavigation role={session.role} />
          <p className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900 max-md:text-right max-md:font-normal max-md:text-slate-600">
            <span className="sr-only">Organization: </span>
            {session.organizationName}
          </p>
          <UserMenu user={{ name: session.name, email: session.email, role: session.role }} />
        </header>
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none md:px-8">
          {children}
        </main>
      </div>
      <CallNotice />
    </div>
  );
}
