"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { isActive, NAV_ITEMS } from "@/components/dashboard/nav-items";
import { cx, focusRing } from "@/components/ui/cx";
import { hasRole, type Role } from "@/lib/dashboard/roles";

/** The main navigation: a column on wide screens, a scrollable row on narrow ones. */
export function Sidebar({ role }: { role: Role }) {
  const pathname = usePathname();
  const items = NAV_ITEMS.filter((item) => hasRole(role, item.roles));
  return (
    <aside className="border-b border-slate-200 bg-white md:sticky md:top-0 md:h-screen md:w-60 md:shrink-0 md:border-r md:border-b-0">
      <div className="hidden px-5 py-5 md:block">
        <Link href="/dashboard" className={cx("text-lg font-semibold text-slate-900", focusRing)}>
          Messaging
        </Link>
      </div>
      <nav aria-label="Dashboard">
        <ul className="flex gap-1 overflow-x-auto px-3 py-2 md:flex-col md:py-0">
          {items.map((item) => {
            const active = isActive(item, pathname);
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={active ? "page" : undefined}
                  className={cx(
                    "block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap",
                    active ? "bg-blue-50 text-blue-800" : "text-slate-700 hover:bg-slate-100",
                    focusRing,
                  )}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </aside>
  );
}
