import { z } from 'zod';
import { DELIVERY_MSG, SHIPMENT_PREFERENCES } from './delivery-messages.js';

/**
 * Delivery promise per line (an addition to the spec): each line's promise from
 * stock and the due-in schedule, the day's order cut-off, and the two ways to send an order. The
 * server computes every figure and text (server/src/domain/delivery-promise.ts); screens show them.
 * Names are shared by the schema, the service method and the RTK endpoint: getDeliveryPromise,
 * getOrderDeliveryPromise.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const shipmentPreference = z.lazy(() =>
  z
    .enum(SHIPMENT_PREFERENCES, { error: DELIVERY_MSG.badPreference })
    .describe("'partial': what is in stock now, the rest when due; 'complete': everything together"),
);

export const linePromise = z.lazy(() =>
  z.object({
    lineNumber: z.number().int(),
    itemNumber: z.string(),
    quantity: z.number().int().describe('The quantity promised (for an order: still to send)'),
    status: z
      .enum(['inStock', 'part', 'due'])
      .describe("'inStock': all from stock; 'part': some from stock, the rest due; 'due': none in stock"),
    now: z.number().int().describe('From stock now'),
    rest: z.number().int().describe('Still to come'),
    dueDate: isoDate
      .nullable()
      .describe('yyyy-mm-dd: the earliest due-in date by which deliveries cover the rest; null: none does yet'),
    text: z.string().describe('"In stock", "6 now, 4 due 12 Dec", "Due 12 Dec", "No date yet"'),
  }),
);
export type LinePromise = z.infer<typeof linePromise>;

export const orderCutOff = z.lazy(() =>
  z.object({
    time: z.string().describe("The day's order cut-off (site setting order.cutOff, UK time), hh:mm"),
    shipsToday: z.boolean().describe('Whether an order placed now ships today'),
    shipDate: isoDate.describe('The day an order placed now ships from stock'),
    text: z.string().describe('"Order by 14:00 to ship today" or "Order now to ship Monday 15 Dec"'),
  }),
);
export type OrderCutOff = z.infer<typeof orderCutOff>;

export const shipmentOption = z.lazy(() =>
  z.object({
    preference: shipmentPreference,
    label: z.string(),
    date: isoDate.nullable().describe('The first (partial) or only (complete) shipment; null: no date yet'),
    dateText: z.string(),
  }),
);
export type ShipmentOption = z.infer<typeof shipmentOption>;

/** GET /basket/delivery-promise: getDeliveryPromise. */
export const deliveryPromise = z.lazy(() =>
  z.object({
    revision: z.number().int().describe('The basket revision the promise is for'),
    lines: z.array(linePromise),
    cutOff: orderCutOff,
    options: z.array(shipmentOption).describe('Both ways to send the order, the default first'),
    defaultPreference: shipmentPreference,
  }),
);
export type DeliveryPromise = z.infer<typeof deliveryPromise>;
export const getDeliveryPromiseResponse = deliveryPromise;

/** GET /order/{orderNumber}/delivery-promise: getOrderDeliveryPromise. */
export const orderDeliveryPromise = z.lazy(() =>
  z.object({
    orderNumber: z.string(),
    shipmentPreference: shipmentPreference,
    preferenceText: z.string(),
    lines: z
      .array(linePromise)
      .describe(
        "Goods lines not yet sent in full, promised from today's stock and due-in; empty once Shipped or Cancelled",
      ),
  }),
);
export type OrderDeliveryPromise = z.infer<typeof orderDeliveryPromise>;
export const getOrderDeliveryPromiseResponse = orderDeliveryPromise;
