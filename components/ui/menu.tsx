"use client";

import * as RadixMenu from "@radix-ui/react-dropdown-menu";
import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";

export type MenuAction = {
  label: string;
  /** an action; or `href` for a link */
  onSelect?: () => void;
  href?: string;
  tone?: "danger";
  disabled?: boolean;
  /** shown under a disabled item: why it cannot be used now */
  disabledReason?: string;
};

const ITEM = cx(
  "flex cursor-default flex-col rounded px-3 py-2 text-sm outline-none select-none",
  "data-[highlighted]:bg-slate-100 data-[disabled]:cursor-not-allowed",
);

/**
 * A row's further actions on Radix UI's DropdownMenu (@radix-ui/react-dropdown-menu): a button
 * that opens a menu (arrow keys, type-ahead, Esc, focus back on the button). `label` names the
 * button for screen readers ("Actions for Ada Lovelace"); a disabled item says why. Not portaled:
 * the menu stays inside the page's landmark (it is positioned fixed, so no table box clips it).
 */
export function Menu({
  label,
  actions,
  trigger = "More",
  align = "end",
}: {
  label: string;
  actions: readonly MenuAction[];
  /** the button's visible content */
  trigger?: ReactNode;
  align?: "start" | "end";
}) {
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger aria-label={label} className={buttonClass("secondary", "sm")}>
        {trigger}
        <span aria-hidden="true">▾</span>
      </RadixMenu.Trigger>
      <RadixMenu.Content
        align={align}
        sideOffset={4}
        collisionPadding={8}
        className="z-50 max-w-[calc(100vw-1rem)] min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        {actions.map((a) =>
          a.href && !a.disabled ? (
            <RadixMenu.Item key={a.label} asChild>
              <Link href={a.href} className={cx(ITEM, "text-slate-800")}>
                {a.label}
              </Link>
            </RadixMenu.Item>
          ) : (
            <RadixMenu.Item
              key={a.label}
              disabled={a.disabled}
              onSelect={a.onSelect}
              className={cx(
                ITEM,
                a.disabled ? "text-slate-500" : a.tone === "danger" ? "text-red-700" : "text-slate-800",
              )}
            >
              <span>{a.label}</span>
              {a.disabled && a.disabledReason ? (
                <span className="text-xs text-slate-600">{a.disabledReason}</span>
              ) : null}
            </RadixMenu.Item>
          ),
        )}
      </RadixMenu.Content>
    </RadixMenu.Root>
  );
}
