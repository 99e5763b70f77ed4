import { cx } from '../../lib/cx';

export type CheckoutStep = 1 | 2 | 3;

/** 1 Delivery Information, 2 Review Order, 3 Payment (proforma customers only) (spec section 2). */
export function StepIndicator({ current, withPayment }: { current: CheckoutStep; withPayment: boolean }) {
  const steps = ['Delivery Information', 'Review Order', ...(withPayment ? ['Payment'] : [])];
  return (
    <nav aria-label="Checkout steps" className="mb-6">
      <ol className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        {steps.map((label, i) => {
          const n = i + 1;
          const state = n < current ? 'done' : n === current ? 'current' : 'todo';
          return (
            <li key={label} className="flex items-center gap-3" aria-current={state === 'current' ? 'step' : undefined}>
              {i > 0 && <span aria-hidden="true" className="hidden h-px w-10 bg-slate-300 sm:block" />}
              <span className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className={cx(
                    'inline-flex size-7 items-center justify-center rounded-full text-sm font-semibold',
                    state === 'current' && 'bg-brand-700 text-white',
                    state === 'done' && 'bg-brand-100 text-brand-800',
                    state === 'todo' && 'border border-slate-300 bg-white text-slate-600',
                  )}
                >
                  {n}
                </span>
                <span className={cx(state === 'current' ? 'font-semibold text-brand-900' : 'text-slate-700')}>
                  <span className="sr-only">Step {n}: </span>
                  {label}
                  {state === 'done' && <span className="sr-only"> (completed)</span>}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
