import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** Nothing to show yet: what this place is for and the first thing to do. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {children ? <div className="mx-auto mt-1 max-w-md text-sm text-slate-600">{children}</div> : null}
      {action ? <div className="mt-4 flex justify-center gap-2">{action}</div> : null}
    </div>
  );
}

/** A failed load, with the reason and a retry button (announced as an alert). */
export function ErrorState({
  title = "Could not load this",
  message,
  onRetry,
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-6 py-8 text-center">
      <h2 className="text-base font-semibold text-red-900">{title}</h2>
      <p className="mt-1 text-sm text-red-800">{message}</p>
      {onRetry ? (
        <Button variant="secondary" className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

/** A page the signed-in role may not see (the JSON routes answer 403 as well). */
export function ForbiddenState() {
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 px-6 py-12 text-center">
      <p className="text-sm font-semibold tracking-wide text-amber-800 uppercase">403</p>
      <h1 className="mt-1 text-xl font-semibold text-slate-900">You don't have access to this page</h1>
      <p className="mt-2 text-sm text-slate-700">
        Ask an owner or admin of your organization if you need it.
      </p>
    </div>
  );
}
