import { z } from 'zod';
import { digitsParam, itemNumber, shortDate, unitPrice } from './common.js';
import { type CurrencyCode, INPUT_LIMITS } from './limits.js';

export const category = z.lazy(() =>
  z.object({
    name: z.string(),
    secondaryCategories: z.array(z.string()),
  }),
);
export type Category = z.infer<typeof category>;
export const categoryList = z.lazy(() => z.array(category));

const optionalText = z.lazy(() =>
  z
    .string()
    .trim()
    .max(INPUT_LIMITS.shortText)
    .optional()
    .transform((v) => (v ? v : undefined)),
);

export const searchProductsQuery = z.lazy(() =>
  z.object({
    primaryCategory: optionalText.describe('Product type name (a Category name)'),
    secondaryCategory: optionalText.describe('Range name within the product type'),
    searchValue: optionalText.describe(
      'Text matched case-insensitively as a substring of item code and description; every word must match; an exact item code ranks first',
    ),
    isSearching: z
      .enum(['true', 'false'])
      .optional()
      .describe('True when the customer searched by text (text alone, no category)'),
    page: digitsParam(1, 1000)
      .optional()
      .describe(
        'With pageSize: answer only this 1-based page of the list (the total is in the x-total-count header). Without it, the whole list.',
      ),
    pageSize: digitsParam(1, 200).optional().describe('Rows per page (default 20) when page is given'),
  }),
);
export type SearchProductsQuery = z.input<typeof searchProductsQuery>;

export const product = z.lazy(() =>
  z.object({
    itemNumber: z.string(),
    description: z.string(),
    stock: z.number().int(),
    quantityDue: z.number().int(),
    packQuantity: z.number().int(),
    dueDate: shortDate.nullable(),
    unit: z.string(),
    price: unitPrice.describe('List price in the account currency'),
    discountPrice: unitPrice.describe("Price after the account's discount terms, up to 5 decimals"),
    isFavourite: z.boolean(),
    hasMultiBuyDiscount: z.boolean(),
  }),
);
export type Product = z.infer<typeof product>;
export const productList = z.lazy(() => z.array(product));

/**
 * The columns of the product export (export.csv), in the contract's field order: every product
 * field, less the multi-buy flag while a filter (Favorites, Usual Orders) is active (spec section 2).
 */
export function productCsvFields(filterActive: boolean): (keyof Product)[] {
  // unwrap() builds the object schema anew on every call: read its keys once.
  productFields ??= Object.keys(product.unwrap().shape) as (keyof Product)[];
  return filterActive ? productFields.filter((f) => f !== 'hasMultiBuyDiscount') : [...productFields];
}
let productFields: (keyof Product)[] | undefined;

/**
 * The export's header line: the column titles the Create Orders screen shows, the prices naming the
 * account's currency (e.g. 'List Price (GBP)'). The one definition for the web's export and the server's.
 */
const PRODUCT_CSV_TITLES: Record<keyof Product, (currency: CurrencyCode) => string> = {
  itemNumber: () => 'Item',
  description: () => 'Description',
  stock: () => 'Stock',
  quantityDue: () => 'Qty Due',
  packQuantity: () => 'Pack Qty',
  dueDate: () => 'Due Date',
  unit: () => 'Unit',
  price: (c) => `List Price (${c})`,
  discountPrice: (c) => `Discount Price (${c})`,
  isFavourite: () => 'Favourite',
  hasMultiBuyDiscount: () => 'Multi Buy',
};

/** The export's columns: each product field and its title in the header line. */
export function productCsvColumns(
  filterActive: boolean,
  currency: CurrencyCode,
): { field: keyof Product; title: string }[] {
  return productCsvFields(filterActive).map((field) => ({ field, title: PRODUCT_CSV_TITLES[field](currency) }));
}

/** The file Download All saves (spec section 2). */
export const PRODUCTS_CSV_FILENAME = 'export.csv';

/** Download All for a search (`endpoints.exportSearch`): the same query less the paging. */
export const searchExportQuery = z.lazy(() => searchProductsQuery.unwrap().omit({ page: true, pageSize: true }));
export type SearchExportQuery = z.input<typeof searchExportQuery>;

export const favouriteRequest = z.lazy(() =>
  z.object({ itemNumber }).describe("The product to add to or remove from the caller's favourites"),
);

export const multiBuyDiscount = z.lazy(() => z.object({ minimumQuantity: z.number().int(), price: unitPrice }));
export type MultiBuyDiscount = z.infer<typeof multiBuyDiscount>;
export const multiBuyDiscountList = z.lazy(() => z.array(multiBuyDiscount));

export const deliveryScheduleEntry = z.lazy(() => z.object({ quantity: z.number().int(), date: shortDate }));
export type DeliveryScheduleEntry = z.infer<typeof deliveryScheduleEntry>;
export const deliveryScheduleList = z.lazy(() => z.array(deliveryScheduleEntry));

export const itemNumberParams = z.lazy(() => z.object({ itemNumber }));
export const productImageParams = z.lazy(() =>
  z.object({
    itemNumber,
    imageType: digitsParam(0, 1).describe('0 thumbnail, 1 large'),
  }),
);

/**
 * Product lists (search, favourites, usuals) return at most this many rows, best matches first.
 * When a list was cut, the response carries the header RESULTS_TRUNCATED_HEADER: 'true'.
 */
export const SEARCH_RESULT_LIMIT = 2000;
export const RESULTS_TRUNCATED_HEADER = 'x-results-truncated';
/** On a paged search: how many rows the whole list has (at most SEARCH_RESULT_LIMIT). */
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const activeFilters = ['none', 'Favourites', 'Usuals'] as const;
export type ActiveFilter = (typeof activeFilters)[number];
