import type { Category, Product } from '@wholesale/contract';

/** A product row as the API sends it; tests override what they exercise. */
export function product(itemNumber: string, overrides: Partial<Product> = {}): Product {
  return {
    itemNumber,
    description: `Test product ${itemNumber}`,
    stock: 100,
    quantityDue: 0,
    packQuantity: 1,
    dueDate: null,
    unit: 'EACH',
    price: 10,
    discountPrice: 9,
    isFavourite: false,
    hasMultiBuyDiscount: false,
    ...overrides,
  };
}

export const categories: Category[] = [
  { name: 'Roller Blinds', secondaryCategories: ['Blackout Fabrics', 'Dim-out Fabrics'] },
  { name: 'Components', secondaryCategories: ['Chains'] },
];
