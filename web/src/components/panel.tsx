import { useId, type ReactNode } from 'react';
import { cx } from '../lib/cx';

/** A white card section named by its heading (h2): the delivery promise panels and others like them. */
export function Panel({ title, className, children }: { title: ReactNode; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cx('rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm', className)}
    >
      <h2 id={id} className="text-lg font-semibold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
