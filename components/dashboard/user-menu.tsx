"use client";

import * as RadixMenu from "@radix-ui/react-dropdown-menu";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { cx, focusRing } from "@/components/ui/cx";
import { Spinner } from "@/components/ui/skeleton";
import { ROLE_LABELS, type Role } from "@/lib/auth/roles";

export type SessionUser = { name: string | null; email: string; role: Role };

/** The signed-in user's menu (Radix DropdownMenu): who is signed in, with their role, and Sign out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const [signingOut, setSigningOut] = useState(false);
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger
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
      </RadixMenu.Trigger>
      <RadixMenu.Content
        align="end"
        sideOffset={8}
        collisionPadding={8}
        className="z-50 w-64 rounded-md border border-slate-200 bg-white p-3 shadow-lg"
      >
        <RadixMenu.Label className="text-sm font-medium text-slate-900">
          {user.name ?? "Signed in"}
        </RadixMenu.Label>
        <p className="truncate text-sm text-slate-600">{user.email}</p>
        <Badge className="mt-2">{ROLE_LABELS[user.role]}</Badge>
        <RadixMenu.Separator className="my-3 h-px bg-slate-200" />
        <RadixMenu.Item
          disabled={signingOut}
          onSelect={(event) => {
            event.preventDefault();
            setSigningOut(true);
            // no next-auth redirect: it would use APP_URL's host, not the one in the address bar
            void signOut({ redirect: false }).then(() => window.location.assign("/sign-in"));
          }}
          className="flex cursor-default items-center justify-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 outline-none data-[highlighted]:bg-slate-50"
        >
          {signingOut ? <Spinner className="size-4" /> : null}
          Sign out
        </RadixMenu.Item>
      </RadixMenu.Content>
    </RadixMenu.Root>
  );
}
