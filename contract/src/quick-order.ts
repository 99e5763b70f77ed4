import { z } from 'zod';
import { INPUT_LIMITS, QUICK_ORDER_MAX_LINES } from './limits.js';
import { QUICK_MSG } from './quick-order-messages.js';
import { shortDate, unitPrice, money } from './common.js';

/**
 * Quick Order and price-break nudges (additions to the spec). Names are shared by the
 * schema, the service method and the RTK endpoint: checkQuickOrder, addQuickOrder,
 * getBasketPriceBreaks.
 */

/** A line as the buyer gave it: the quantity is text, so "2.5" or "ten" can be answered per line. */
export const quickOrderLineInput = z.lazy(() =>
  z.object({
    itemNumber: z
      .string()
      .max(INPUT_LIMITS.quickOrderItem)
      .describe('Item code as typed (trimmed and matched without regard to case)'),
    quantity: z
      .string()
      .max(INPUT_LIMITS.quickOrderQuantity)
      .describe('Quantity as typed; must be a whole number from 1 to 999,999'),
  }),
);
export type QuickOrderLineInput = z.infer<typeof quickOrderLineInput>;

export const quickOrderRequest = z.lazy(() =>
  z.object({
    lines: z
      .array(quickOrderLineInput)
      .min(1, QUICK_MSG.noLines)
      .max(QUICK_ORDER_MAX_LINES, QUICK_MSG.tooManyLines(QUICK_ORDER_MAX_LINES)),
  }),
);
export type QuickOrderRequest = z.infer<typeof quickOrderRequest>;

export const QUICK_ORDER_STATUSES = ['ready', 'short', 'unknown', 'notSold', 'discontinued', 'badQuantity'] as const;
export type QuickOrderStatus = (typeof QUICK_ORDER_STATUSES)[number];
/** Lines in these states can be added to the basket (a short line may go on back order). */
export const quickOrderAddable = (status: QuickOrderStatus): boolean => status === 'ready' || status === 'short';

export const quickOrderLineResult = z.lazy(() =>
  z.object({
    rows: z.array(z.number().int()).describe('Indexes of the request lines merged into this line (same code)'),
    itemNumber: z.string().describe("The catalogue's code when known, else as typed"),
    quantity: z.string().describe('The merged quantity (a sum when every part was a whole number)'),
    status: z.enum(QUICK_ORDER_STATUSES),
    message: z.string(),
    description: z.string().nullable(),
    stock: z.number().int().nullable(),
    unitPrice: unitPrice.nullable().describe("The account's unit price at this quantity"),
    dueDate: shortDate.nullable().describe('Short of stock: the delivery date that covers the quantity, if any'),
    suggestions: z.array(z.string()).describe('Unknown code: the nearest codes sold in the account currency'),
  }),
);
export type QuickOrderLineResult = z.infer<typeof quickOrderLineResult>;

export const quickOrderCheck = z.lazy(() =>
  z.object({
    lines: z.array(quickOrderLineResult),
    ready: z.number().int().describe('Lines that can be added (ready or short)'),
    invalid: z.number().int().describe('Lines that need fixing'),
  }),
);
export type QuickOrderCheck = z.infer<typeof quickOrderCheck>;

/** POST /quick-order/check: checkQuickOrder. */
export const checkQuickOrder = quickOrderRequest;
export const checkQuickOrderResponse = quickOrderCheck;

/** POST /quick-order/add: addQuickOrder. Every line is checked again; the valid ones are added at once. */
export const addQuickOrder = quickOrderRequest;
export const addQuickOrderResponse = z.lazy(() =>
  z.object({
    added: z.number().int().describe('Lines added to the basket (new lines or more of a line already there)'),
    revision: z.number().int().describe('The basket revision after the change (one change for all lines)'),
    notAdded: z.array(quickOrderLineResult).describe('Lines still wrong, as checked'),
  }),
);
export type AddQuickOrderResponse = z.infer<typeof addQuickOrderResponse>;

// ---- Price-break nudges (basket) ----

export const priceBreakLine = z.lazy(() =>
  z.object({
    lineNumber: z.number().int(),
    itemNumber: z.string(),
    nextBreak: z
      .object({
        quantity: z.number().int().describe('The tier minimum to move to'),
        addQuantity: z.number().int(),
        unitPrice,
        saving: money.describe('The line at the tier quantity: at the current unit price less at the tier price'),
        extraCost: money.describe(
          'What the line costs more at the tier quantity and price than it costs now (the spend beside the saving)',
        ),
      })
      .nullable()
      .describe(
        "The next multi-buy tier above the line's quantity that beats its price; only tiers below the account's own price",
      ),
    savingWon: money.describe('What the multi-buy tier saves on this line against the account price'),
    priceChange: z
      .object({ orderNumber: z.string(), oldUnitPrice: unitPrice, newUnitPrice: unitPrice })
      .nullable()
      .describe('A line copied from an order whose unit price has changed since that order'),
  }),
);
export type PriceBreakLine = z.infer<typeof priceBreakLine>;

/** GET /basket/price-breaks: getBasketPriceBreaks. */
export const basketPriceBreaks = z.lazy(() =>
  z.object({
    revision: z.number().int(),
    lines: z.array(priceBreakLine).describe('Only lines with a next break, a saving or a price change'),
    totalSavings: money.describe('Multi-buy savings already won on the whole basket'),
    freeCarriage: z
      .object({
        spendMore: money.describe('Goods (before VAT) still to add for carriage to be free'),
        freeOver: money.describe("The account's free-carriage threshold: goods at or above it ship free"),
      })
      .nullable()
      .describe('Set when the account has a free-carriage threshold the basket has not reached (never on stop)'),
  }),
);
export type BasketPriceBreaks = z.infer<typeof basketPriceBreaks>;
export const getBasketPriceBreaksResponse = basketPriceBreaks;
