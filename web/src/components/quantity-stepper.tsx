import { QUANTITY_MAX, QUANTITY_MAX_DIGITS } from '@wholesale/contract';
import type { KeyboardEvent, Ref } from 'react';
import { cx } from '../lib/cx';

export interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** Enter in the field: add (search) or confirm (basket editor). */
  onEnter?: () => void;
  /** The lowest value the minus button goes to: 0 on the search screen, 1 in the basket editor. */
  min?: 0 | 1;
  /** Accessible name of the field, e.g. "Quantity of RB-100". */
  label: string;
  disabled?: boolean;
  className?: string;
  /** The field itself (to put focus back on it). */
  inputRef?: Ref<HTMLInputElement>;
  /** Escape in the field (cancel in the basket editor). */
  onEscape?: () => void;
}

/**
 * What typing `text` makes of the quantity: digits only, at most 6 of them; anything else is
 * ignored. `typed` is the one character just typed, if that is what happened: typed into a field
 * showing 0, it replaces the 0 wherever the caret was.
 */
export function typedQuantity(text: string, current: number, typed?: string | null): number {
  if (current === 0 && typed && /^\d$/.test(typed) && text.length === 2) return Number(typed);
  if (!/^\d*$/.test(text)) return current;
  const digits = text.replace(/^0+(?=\d)/, '');
  if (digits.length > QUANTITY_MAX_DIGITS) return current;
  return digits === '' ? 0 : Number(digits);
}

const stepButton =
  'inline-flex size-9 shrink-0 items-center justify-center text-lg font-semibold text-slate-700 hover:bg-slate-100 ' +
  'disabled:cursor-not-allowed disabled:opacity-40 focus-visible:relative';

/**
 * A quantity field with minus and plus buttons (spec sections 4 and 5): digits only, at most 6
 * digits, minus stops at `min`, plus stops at 999,999, Enter calls `onEnter`.
 */
export function QuantityStepper({
  value,
  onChange,
  onEnter,
  min = 0,
  label,
  disabled = false,
  className,
  inputRef,
  onEscape,
}: QuantityStepperProps) {
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onEnter?.();
    } else if (e.key === 'Escape' && onEscape) {
      e.preventDefault();
      onEscape();
    }
  };
  return (
    <div
      className={cx(
        'inline-flex items-stretch overflow-hidden rounded-md border border-slate-300 bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand-500',
        disabled && 'opacity-60',
        className,
      )}
    >
      <button
        type="button"
        aria-label={`Decrease ${label}`}
        disabled={disabled || value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
        className={stepButton}
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        ref={inputRef}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label={label}
        value={String(value)}
        disabled={disabled}
        onChange={(e) => {
          const input = e.nativeEvent as InputEvent;
          const next = typedQuantity(e.target.value, value, input.inputType === 'insertText' ? input.data : null);
          // A rejected keystroke leaves the quantity unchanged: React puts the controlled value back.
          onChange(next);
        }}
        onKeyDown={onKeyDown}
        onFocus={(e) => e.target.select()}
        className="w-16 border-x border-slate-300 px-1 text-center text-sm tabular-nums text-slate-900 outline-none disabled:bg-slate-50"
      />
      <button
        type="button"
        aria-label={`Increase ${label}`}
        disabled={disabled || value >= QUANTITY_MAX}
        onClick={() => onChange(Math.min(QUANTITY_MAX, value + 1))}
        className={stepButton}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
