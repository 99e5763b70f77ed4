import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';

export interface PageHeadingProps {
  title: string;
  /** Actions or a short line shown beside the title. */
  children?: ReactNode;
}

/** The screen's one h1; also sets the tab title. */
export function PageHeading({ title, children }: PageHeadingProps) {
  useDocumentTitle(title);
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-4">
      <h1 className="text-2xl font-semibold tracking-tight text-brand-900 sm:text-3xl">{title}</h1>
      {children}
    </div>
  );
}
