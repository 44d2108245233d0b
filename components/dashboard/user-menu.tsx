"use client";

import { signOut } from "next-auth/react";
import { useEffect, useId, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cx, focusRing } from "@/components/ui/cx";
import { ROLE_LABELS, type Role } from "@/lib/auth/roles";

export type SessionUser = { name: string | null; email: string; role: Role };

/** The signed-in user's menu (disclosure: Esc or a click outside closes it) with Sign out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (e.target instanceof Node && !root.current?.contains(e.target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className={cx("flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-100", focusRing)}
      >
        <span
          aria-hidden="true"
          className="flex size-7 items-center justify-center rounded-full bg-blue-600 text-xs font-semibold text-white"
        >
          {(user.name ?? user.email).slice(0, 1).toUpperCase()}
        </span>
        <span className="hidden font-medium text-slate-800 sm:inline">{user.name ?? user.email}</span>
        <span className="sr-only">Account menu</span>
      </button>
      {open ? (
        <div
          id={menuId}
          className="absolute right-0 z-40 mt-2 w-64 rounded-md border border-slate-200 bg-white p-3 shadow-lg"
        >
          <p className="text-sm font-medium text-slate-900">{user.name ?? "Signed in"}</p>
          <p className="truncate text-sm text-slate-600">{user.email}</p>
          <Badge className="mt-2">{ROLE_LABELS[user.role]}</Badge>
          <Button
            variant="secondary"
            size="sm"
            className="mt-3 w-full"
            loading={signingOut}
            onClick={() => {
              setSigningOut(true);
              // no next-auth redirect: it would use APP_URL's host, not the one in the address bar
              void signOut({ redirect: false }).then(() => window.location.assign("/sign-in"));
            }}
          >
            Sign out
          </Button>
        </div>
      ) : null}
    </div>
  );
}
