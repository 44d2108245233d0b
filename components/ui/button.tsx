import type { ButtonHTMLAttributes } from "react";
import { cx, focusRing } from "@/components/ui/cx";
import { Spinner } from "@/components/ui/skeleton";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost" | "ghostDanger";
export type ButtonSize = "sm" | "md";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-blue-600 text-white hover:bg-blue-700 disabled:bg-blue-300",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300",
  ghost: "text-slate-700 hover:bg-slate-100 disabled:text-slate-400",
  /** row actions that destroy something (Delete, Revoke) */
  ghostDanger: "text-red-700 hover:bg-red-50 disabled:text-red-300",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "h-8 px-3 text-sm gap-1.5",
  md: "h-10 px-4 text-sm gap-2",
};

export function buttonClass(
  variant: ButtonVariant = "primary",
  size: ButtonSize = "md",
  extra?: string,
): string {
  return cx(
    "inline-flex shrink-0 items-center justify-center rounded-md font-medium transition-colors",
    "disabled:cursor-not-allowed",
    focusRing,
    VARIANTS[variant],
    SIZES[size],
    extra,
  );
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** shows a spinner, disables the button and sets aria-busy */
  loading?: boolean;
};

export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  disabled,
  className,
  children,
  type = "button",
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner className="size-4" /> : null}
      {children}
    </button>
  );
}
