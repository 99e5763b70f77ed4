import { cx } from '../lib/cx';
import { useId, type ComponentProps } from 'react';

export interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  /** Validation message; marks the field invalid (red outline, aria-invalid). */
  error?: string | undefined;
  hint?: string;
}

/**
 * A labelled input that shows its validation message. Works with react-hook-form's register(): its
 * ref reaches the input as a prop (React 19).
 */
export function TextField({ label, error, hint, id, className, ref, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messageId = `${inputId}-message`;
  const hintId = `${inputId}-hint`;
  const describedBy = cx(error && messageId, hint && hintId) || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(
          'mt-1 block w-full rounded-md border bg-white px-3 py-2 text-slate-900 shadow-sm',
          'placeholder:text-slate-400 disabled:bg-slate-100',
          error ? 'border-red-600 ring-1 ring-red-600' : 'border-slate-300',
        )}
        {...input}
      />
      {hint && !error && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={messageId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
