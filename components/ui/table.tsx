import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cx } from "@/components/ui/cx";

/**
 * A bordered table; `caption` is read by screen readers. On wide screens it scrolls sideways
 * inside its own box (`relative`: the sr-only texts in it are placed inside the box, not at the
 * page's right edge where they would widen the page). Below `sm` every row becomes a card: the
 * cells stack, each prefixed by its `label` (the column's name), and cells marked
 * `max-sm:order-first` (the key ones: status, reason) come first.
 */
export function Table({
  caption,
  children,
  className,
  scrolls = false,
}: {
  caption: string;
  children: ReactNode;
  className?: string;
  /** its box has a height limit and scrolls: Tab must reach it to scroll it by keyboard */
  scrolls?: boolean;
}) {
  return (
    <div
      // a box that scrolls must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={scrolls ? 0 : undefined}
      className={cx("relative overflow-x-auto rounded-lg border border-slate-200 bg-white", className)}
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm max-sm:block">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return <thead className="bg-slate-50 max-sm:sr-only">{children}</thead>;
}

export function TBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-100 max-sm:block">{children}</tbody>;
}

export function Tr({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return (
    <tr
      className={cx("hover:bg-slate-50/60 max-sm:flex max-sm:flex-col max-sm:gap-1.5 max-sm:py-3", className)}
      {...rest}
    />
  );
}

export function Th({ className, scope = "col", ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope={scope}
      className={cx(
        "px-4 py-2.5 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase",
        className,
      )}
      {...rest}
    />
  );
}

const CARD_LABEL =
  "max-sm:before:mr-2 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-slate-600 max-sm:before:uppercase max-sm:before:content-[attr(data-label)]";

/** A cell; `label` (its column's name) heads it when the row is a card on a phone. */
export function Td({
  className,
  label,
  ...rest
}: TdHTMLAttributes<HTMLTableCellElement> & { label?: string }) {
  return (
    <td
      data-label={label}
      className={cx(
        "px-4 py-3 align-top text-slate-800 max-sm:block max-sm:max-w-none max-sm:py-0 max-sm:text-left",
        label && CARD_LABEL,
        className,
      )}
      {...rest}
    />
  );
}
