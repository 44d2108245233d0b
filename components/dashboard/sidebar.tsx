"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { isActive, NAV_ITEMS } from "@/components/dashboard/nav-items";
import { buttonClass } from "@/components/ui/button";
import { cx, focusRing } from "@/components/ui/cx";
import { hasRole, type Role } from "@/lib/auth/roles";

const PRODUCT = "Messaging";

/** The dashboard's links for this role, then the API reference (opened in a new tab). */
function NavLinks({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const pathname = usePathname();
  const items = NAV_ITEMS.filter((item) => hasRole(role, item.roles));
  const link = "block rounded-md px-3 py-2 text-sm font-medium";
  return (
    <nav aria-label="Dashboard">
      <ul className="flex flex-col gap-1">
        {items.map((item) => {
          const active = isActive(item, pathname);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                className={cx(
                  link,
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
      <p className="mt-4 border-t border-slate-200 pt-4">
        <a
          href="/docs"
          target="_blank"
          rel="noopener"
          className={cx(link, "text-slate-700 hover:bg-slate-100", focusRing)}
        >
          API reference<span aria-hidden="true"> ↗</span>
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
    </nav>
  );
}

/** The main navigation on wide screens: a column with the product's name. */
export function Sidebar({ role }: { role: Role }) {
  return (
    <aside className="hidden border-r border-slate-200 bg-white md:sticky md:top-0 md:block md:h-screen md:w-60 md:shrink-0">
      <div className="px-5 py-5">
        <Link href="/dashboard" className={cx("text-lg font-semibold text-slate-900", focusRing)}>
          {PRODUCT}
        </Link>
      </div>
      <div className="px-3">
        <NavLinks role={role} />
      </div>
    </aside>
  );
}

/**
 * On a phone: the product's name and a Menu button that opens every link in a panel (Radix
 * Dialog: focus trapped, Esc closes, focus back on the button), instead of a sideways strip.
 */
export function PhoneNavigation({ role }: { role: Role }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex items-center gap-2 md:hidden">
      <RadixDialog.Root open={open} onOpenChange={setOpen}>
        <RadixDialog.Trigger className={buttonClass("secondary", "sm")} aria-label="Open the menu">
          <span aria-hidden="true">☰</span> Menu
        </RadixDialog.Trigger>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
          <RadixDialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto bg-white p-4 shadow-xl focus:outline-none"
          >
            <div className="flex items-center justify-between">
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">
                {PRODUCT}
              </RadixDialog.Title>
              <RadixDialog.Close
                aria-label="Close the menu"
                className={cx("rounded p-1 text-slate-500 hover:bg-slate-100", focusRing)}
              >
                <span aria-hidden="true">✕</span>
              </RadixDialog.Close>
            </div>
            <NavLinks role={role} onNavigate={() => setOpen(false)} />
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
      <Link href="/dashboard" className={cx("font-semibold text-slate-900", focusRing)}>
        {PRODUCT}
      </Link>
    </div>
  );
}
