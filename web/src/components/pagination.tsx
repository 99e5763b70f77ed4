import { MSG } from '@wholesale/contract';
import type { ReactNode } from 'react';

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark when a screen has more than one list. */
  label?: string;
}

function PageButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-9 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40"
    >
      <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
        {children}
      </svg>
    </button>
  );
}

/** First, previous, 'N of M pages', next, last (spec section 2). */
export function Pagination({ page, pageCount, onPageChange, label = 'Pagination' }: PaginationProps) {
  const last = Math.max(1, pageCount);
  const current = Math.min(Math.max(1, page), last);
  const go = (p: number) => {
    if (p !== current) onPageChange(p);
  };
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-2">
      <PageButton label="First page" disabled={current <= 1} onClick={() => go(1)}>
        <path d="M15.8 5.3 11.1 10l4.7 4.7-1.4 1.4L8.3 10l6.1-6.1zM6 4h2v12H6z" />
      </PageButton>
      <PageButton label="Previous page" disabled={current <= 1} onClick={() => go(current - 1)}>
        <path d="M12.7 5.3 8 10l4.7 4.7-1.4 1.4L5.2 10l6.1-6.1z" />
      </PageButton>
      <span className="min-w-28 px-2 text-center text-sm text-slate-700" aria-live="polite">
        {MSG.pageOf(current, last)}
      </span>
      <PageButton label="Next page" disabled={current >= last} onClick={() => go(current + 1)}>
        <path d="M7.3 14.7 12 10 7.3 5.3l1.4-1.4L14.8 10l-6.1 6.1z" />
      </PageButton>
      <PageButton label="Last page" disabled={current >= last} onClick={() => go(last)}>
        <path d="M4.2 14.7 8.9 10 4.2 5.3l1.4-1.4L11.7 10l-6.1 6.1zM14 4h2v12h-2z" />
      </PageButton>
    </nav>
  );
}
