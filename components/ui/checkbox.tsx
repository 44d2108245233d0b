import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { cx, focusRing } from "@/components/ui/cx";

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  label: ReactNode;
  /** a second line under the label */
  description?: ReactNode;
};

/** A native checkbox with its label and an optional description (also used for radios via `type`). */
export function Checkbox({ label, description, className, disabled, ...rest }: CheckboxProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className={cx("flex items-start gap-2", className)}>
      <input
        id={id}
        type="checkbox"
        disabled={disabled}
        aria-describedby={descriptionId}
        className={cx("mt-0.5 size-4 rounded border-slate-300 accent-blue-600", focusRing)}
        {...rest}
      />
      <div className="text-sm">
        <label htmlFor={id} className={cx("font-medium", disabled ? "text-slate-400" : "text-slate-800")}>
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className={cx("text-xs", disabled ? "text-slate-400" : "text-slate-500")}>
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export type RadioProps = CheckboxProps & { name: string; value: string };

export function Radio({ label, description, className, disabled, ...rest }: RadioProps) {
  const id = useId();
  return (
    <div className={cx("flex items-start gap-2", className)}>
      <input
        id={id}
        type="radio"
        disabled={disabled}
        className={cx("mt-0.5 size-4 accent-blue-600", focusRing)}
        {...rest}
      />
      <label htmlFor={id} className="text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        {description ? <span className="block text-xs text-slate-500">{description}</span> : null}
      </label>
    </div>
  );
}
