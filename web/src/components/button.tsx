import { cx } from '../lib/cx';
import type { ComponentProps } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-60';
const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
  secondary: 'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
  ghost: 'text-brand-700 hover:bg-brand-50',
};

/** Classes of a button, for links that look like one. */
export function buttonClass(variant: ButtonVariant = 'primary', className?: string): string {
  return cx(base, variants[variant], className);
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
}

/** A button; `ref` reaches the element as a prop (React 19). */
export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
