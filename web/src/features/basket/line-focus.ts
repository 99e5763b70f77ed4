import { focusWhenReady, screenHeading } from '../../lib/focus';

/**
 * Where focus goes as a basket line is edited or removed. The line's row
 * (table row or phone card) carries data-basket-line, its Edit and Remove buttons
 * data-line-action; line numbers do not change while the basket is open.
 */
export type LineAction = 'edit' | 'remove';

const row = (lineNumber: number) => document.querySelector<HTMLElement>(`[data-basket-line="${lineNumber}"]`);

const action = (lineNumber: number, which: LineAction) =>
  row(lineNumber)?.querySelector<HTMLElement>(`[data-line-action="${which}"]:not(:disabled)`);

/** Editing started: the quantity field (not the Confirm button that took the Edit button's place). */
export function focusLineQuantity(lineNumber: number): void {
  focusWhenReady(() => row(lineNumber)?.querySelector<HTMLInputElement>('input:not(:disabled)'));
}

/** Edit confirmed or cancelled, or a removal failed: the line's Edit (or Remove) button. */
export function focusLineAction(lineNumber: number, which: LineAction = 'edit'): void {
  focusWhenReady(() => action(lineNumber, which));
}

/**
 * The line whose controls take focus when `lineNumber` is removed: the next editable line, or the
 * previous one when it is the last. Read before removing, while the row is still there.
 */
export function neighbourLine(lineNumber: number): number | null {
  const editable = Array.from(document.querySelectorAll<HTMLElement>('[data-basket-line]')).filter((r) =>
    r.querySelector('[data-line-action]'),
  );
  const at = editable.findIndex((r) => r.dataset.basketLine === String(lineNumber));
  if (at < 0) return null;
  const other = editable[at + 1] ?? editable[at - 1];
  return other ? Number(other.dataset.basketLine) : null;
}

/**
 * A line was removed: once its row has gone, focus goes to `neighbour`'s first control, or to the
 * screen's heading when no line is left.
 */
export function focusAfterRemoval(lineNumber: number, neighbour: number | null): void {
  focusWhenReady(
    () => {
      if (row(lineNumber)) return null;
      const next = neighbour === null ? null : row(neighbour)?.querySelector<HTMLElement>('[data-line-action]');
      return next ?? screenHeading();
    },
    { timeoutMs: 10_000 },
  );
}
