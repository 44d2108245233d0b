"use client";

import type { ReactNode } from "react";

/**
 * The form inside a dialog: the dialog's footer submits it through `form="<id>"`, the browser's
 * own validation is off (our zod schemas speak), and a failure of the whole form shows on top.
 */
export function DialogForm({
  id,
  failure,
  onSubmit,
  className = "space-y-5",
  children,
}: {
  id: string;
  failure?: string | null;
  onSubmit: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      id={id}
      noValidate
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {failure ? <FormFailure message={failure} /> : null}
      {children}
    </form>
  );
}

export function FormFailure({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}
