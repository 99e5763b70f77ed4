import {
  DELIVERY_MSG,
  DEFAULT_SHIPMENT_PREFERENCE,
  SERVER_MSG,
  type DeliveryPromise,
  type OrderDeliveryPromise,
  DECLINED,
  WITHDRAWN,
} from '@wholesale/contract';
import { cutOffAt, promiseLines, shipmentOptions, type PromiseLine } from '../../domain/delivery-promise.js';
import { notFound } from '../../lib/http-errors.js';
import type { BasketService, Caller } from '../basket/basket.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { SettingsService } from '../site/settings.service.js';
import type { Db } from '../../db/client.js';
import type { Repos } from '../../db/repos.js';
import type { DeliveryRepository } from './delivery.repository.js';

/** Orders in these statuses have nothing left to promise. */
const DONE_STATUSES: readonly string[] = ['Shipped', 'Cancelled', DECLINED, WITHDRAWN];

/**
 * Delivery promise per line: the basket's lines (basket, review) and an open
 * order's lines still to send (Open Order Enquiry), promised from stock and the due-in schedule by
 * the one domain function, with the day's cut-off from the site settings. `now` is the clock (tests).
 */
export function deliveryService(
  deliveries: Repos<DeliveryRepository>,
  baskets: BasketService,
  orders: Pick<OrdersService, 'findOwnOrder' | 'orderLines'>,
  settings: SettingsService,
  now: () => Date = () => new Date(),
) {
  const repo = deliveries.base;

  async function promise(lines: readonly PromiseLine[]) {
    const supply = await repo.supply([...new Set(lines.map((l) => l.productId))]);
    return promiseLines(lines, supply);
  }

  return {
    /** The due-in schedules of products (read inside `trx` when given; Quick Order checks lines by them). */
    dueIn: (productIds: readonly number[], trx?: Db) => (trx ? deliveries.over(trx) : repo).dueIn(productIds),

    /** GET /basket/delivery-promise */
    async getDeliveryPromise(caller: Caller): Promise<DeliveryPromise> {
      const [priced, cutOffTime] = await Promise.all([baskets.price(caller), settings.get('order.cutOff')]);
      const lines = await promise(
        priced.lines.map((l) => ({
          lineNumber: l.lineNumber,
          itemNumber: l.itemNumber,
          productId: l.productId,
          quantity: l.quantity,
        })),
      );
      const cutOff = cutOffAt(now(), cutOffTime);
      return {
        revision: priced.revision,
        lines,
        cutOff,
        options: shipmentOptions(lines, cutOff),
        defaultPreference: DEFAULT_SHIPMENT_PREFERENCE,
      };
    },

    /** GET /order/{orderNumber}/delivery-promise: the caller's account's order only. */
    async getOrderDeliveryPromise(
      caller: Caller,
      { orderNumber }: { orderNumber: string },
    ): Promise<OrderDeliveryPromise> {
      const order = await orders.findOwnOrder(caller.accountId, orderNumber);
      if (!order) throw notFound(SERVER_MSG.orderNotFound);
      const open = !DONE_STATUSES.includes(order.status);
      const rows = open ? await orders.orderLines(order.id) : [];
      const lines = await promise(
        rows.flatMap((l) =>
          l.product_id === null || l.quantity - l.quantity_shipped <= 0
            ? []
            : [
                {
                  lineNumber: l.line_no,
                  itemNumber: l.item_no,
                  productId: l.product_id,
                  quantity: l.quantity - l.quantity_shipped,
                },
              ],
        ),
      );
      return {
        orderNumber: order.order_number,
        shipmentPreference: order.shipment_preference,
        preferenceText: DELIVERY_MSG.preference[order.shipment_preference],
        lines,
      };
    },
  };
}
export type DeliveryService = ReturnType<typeof deliveryService>;
