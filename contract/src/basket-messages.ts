// Clear basket with undo, in a module of its own so that the web app's start-up
// chunk (which carries messages.ts) does not carry it; it loads with the basket screen.
/** Our wording, additions to the spec (docs/spec-deviations.md). */
export const BASKET_MSG = {
  clearBasket: 'Clear basket',
  clearBasketTitle: 'Clear the basket?',
  clearBasketQuestion: (lines: number) =>
    `Remove ${lines === 1 ? 'the 1 line' : `all ${lines} lines`} from your basket? You can undo this straight after.`,
  clearing: 'Clearing...',
  basketCleared: (lines: number) => `Basket cleared: ${lines === 1 ? '1 line' : `${lines} lines`} removed.`,
  undo: 'Undo',
  basketRestored: 'Basket restored.',
  clearBasketFailed: 'The basket could not be cleared. Please try again.',
  undoClearFailed: 'The cleared lines could not be put back. Please try again.',
  /** Undo after the basket changed again (or with nothing cleared): nothing is put back. */
  /** The free-carriage nudge: goods still to add, before VAT, as the threshold counts them. */
  freeCarriageNudge: (amount: string) => `Spend ${amount} more (before VAT) for free delivery.`,
  cannotUndoClear: 'The basket has changed since it was cleared, so the cleared lines cannot be put back.',
} as const;
