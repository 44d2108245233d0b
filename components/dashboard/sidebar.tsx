"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { isActive, NAV_ITEMS } from "@/components/dashboard/nav-items";
import { cx, focusRing } from "@/components/ui/cx";
import { hasRole, type Role } from "@/lib/auth/roles";

/**
 * The main navigation: a column on wide screens, a scrollable row on narrow ones. On a phone the
 * row is wider than the screen, so it scrolls itself to the current page's link: where you are
 * stays in view. Only the row scrolls (scrollLeft), never the page.
 */
export function Sidebar({ role }: { role: Role }) {
  const pathname = usePathname();
  const items = NAV_ITEMS.filter((item) => hasRole(role, item.roles));
  const row = useRef<HTMLUListElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (pathname) moves the current link
  useEffect(() => {
    const list = row.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <aside className="border-b border-slate-200 bg-white md:sticky md:top-0 md:h-screen md:w-60 md:shrink-0 md:border-r md:border-b-0">
      <div className="hidden px-5 py-5 md:block">
        <Link href="/dashboard" className={cx("text-lg font-semibold text-slate-900", focusRing)}>
          Messaging
        </Link>
      </div>
      <nav aria-label="Dashboard">
        <ul ref={row} className="relative flex gap-1 overflow-x-auto px-3 py-2 md:flex-col md:py-0">
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
