import type { ReactNode } from 'react';
import { cx } from '../lib/cx';

/**
 * A horizontally scrollable box for a wide table. It is focusable and labelled, so keyboard and
 * screen-reader users can reach and scroll it when it is wider than the screen (axe:
 * scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={cx('overflow-x-auto', className)} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
