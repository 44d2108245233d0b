import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";
import { cx, focusRing } from "@/components/ui/cx";

export const controlClass = cx(
  "block w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs",
  "placeholder:text-slate-400 disabled:bg-slate-100 disabled:text-slate-500",
  "aria-invalid:border-red-500",
  focusRing,
);

/** Validation messages (zod's included) start lower-case; shown as a sentence. */
export function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

export type FieldProps = {
  label: ReactNode;
  /** help text under the control */
  hint?: ReactNode;
  /** validation message; marks the control invalid and is announced with it */
  error?: string;
  /** renders the label visually hidden (still read by screen readers) */
  hideLabel?: boolean;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
};

/** Label, control, hint and error wired together with ids (aria-describedby, aria-invalid). */
export function Field({ label, hint, error, hideLabel, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={cx("block text-sm font-medium text-slate-800", hideLabel && "sr-only")}>
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {sentence(error)}
        </p>
      ) : null}
    </div>
  );
}

export type InputProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  hideLabel?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled text input; every other input attribute passes through. */
export function Input({ label, hint, error, hideLabel, className, ref, ...rest }: InputProps) {
  return (
    <Field label={label} hint={hint} error={error} hideLabel={hideLabel}>
      {({ id, describedBy, invalid }) => (
        <input
          ref={ref}
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={cx(controlClass, "h-10", className)}
          {...rest}
        />
      )}
    </Field>
  );
}
