import type { Basket, BasketLine, BasketSummary } from '@wholesale/contract';

/** Baskets as GET /api/basket answers them, for the basket and checkout screens' tests. */
export function basketLine(lineNumber: number, itemNumber: string, extra: Partial<BasketLine> = {}): BasketLine {
  return {
    lineNumber,
    itemNumber,
    description: `Description of ${itemNumber}`,
    stock: '1,250',
    unit: 'EACH',
    discountPercentage: 10,
    discountPrice: 18,
    totalLinePrice: 36,
    quantity: 2,
    additionalCharge: 'False',
    hasMultiBuyDiscount: false,
    ...extra,
  };
}

export const carriageLine: BasketLine = basketLine(0, 'CARRIAGE', {
  description: 'Carriage',
  stock: '',
  discountPercentage: 0,
  discountPrice: 9.95,
  totalLinePrice: 9.95,
  quantity: 1,
  additionalCharge: 'True',
});

export const twoLineBasket: Basket = {
  basketLines: [
    basketLine(1, 'RB-100', { description: 'Roller blind Blackout Charcoal' }),
    basketLine(2, 'CS-7', {
      description: 'Bead chain connector',
      stock: '5',
      discountPrice: 0.11111,
      totalLinePrice: 0.33,
      quantity: 3,
      discountPercentage: 12.5,
    }),
  ],
  carriageLine,
  totalBasketPrice: 46.28,
  revision: 7,
};

export const twoLineSummary: BasketSummary = { amount: 46.28, totalVAT: 9.26, totalAmount: 55.54 };
