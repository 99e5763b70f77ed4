import {
  AWAITING_APPROVAL,
  DEFAULT_SHIPMENT_PREFERENCE,
  NEW_ADDRESS_REFERENCE,
  type CurrencyCode,
  type ShipmentPreference,
} from '@wholesale/contract';
import type { Db } from '../../db/client.js';
import type { Totals } from '../../domain/pricing.js';
import { todayIso } from '../../lib/time.js';
import { CARRIAGE_ITEM, type BasketService, type PricedBasket } from '../basket/basket.service.js';
import type { Repos } from '../../db/repos.js';
import type { CheckoutRepository, DeliveryDetails, NewOrderLine } from './checkout.repository.js';
import { recordDeliveryAddressAdded, recordOrderPlaced } from '../events/outbox.js';
import { recordOrderAcknowledgement } from '../mail/mail-outbox.js';

/** Orders are placed at the main warehouse (the ERP location web orders ship from). */
export const ORDER_LOCATION = 'MAIN1';

/** A priced goods line as it goes onto an order (also stored in a proforma payment's payload). */
export interface PlacedLine {
  productId: number;
  itemNumber: string;
  description: string;
  unit: string;
  quantity: number;
  unitPriceE5: number;
  discountBp: number;
  totalMinor: number;
}

export interface PlacementInput {
  accountId: number;
  userId: number;
  currencyCode: CurrencyCode;
  /** The basket and the revision that was reviewed (or paid for): an order is placed once per pair. */
  basketId: number;
  revision: number;
  delivery: DeliveryDetails;
  lines: PlacedLine[];
  totals: Totals;
  paymentId: string | null;
  /** The ship choice made at review; default 'partial'. */
  shipmentPreference?: ShipmentPreference;
  /**
   * Over the buyer's limits (team accounts): the order is stored 'Awaiting approval' with its number,
   * and neither the ERP (outbox) nor the buyer (acknowledgement) hears of it until it is approved.
   */
  awaitingApproval?: boolean;
}

export function placedLines(p: Pick<PricedBasket, 'lines'>): PlacedLine[] {
  return p.lines.map((l) => ({
    productId: l.productId,
    itemNumber: l.itemNumber,
    description: l.description,
    unit: l.unit,
    quantity: l.quantity,
    unitPriceE5: l.price.unitPriceE5,
    discountBp: l.price.discountBp,
    totalMinor: l.price.totalMinor,
  }));
}

/** An order's lines: the priced goods lines ('Item') and the carriage line ('Charge'). */
export function orderLinesOf(lines: readonly PlacedLine[], carriage: number): NewOrderLine[] {
  return [
    ...lines.map((l) => ({
      type: 'Item' as const,
      productId: l.productId,
      itemNo: l.itemNumber,
      description: l.description,
      quantity: l.quantity,
      unit: l.unit,
      unitPriceE5: l.unitPriceE5,
      discountBp: l.discountBp,
      totalMinor: l.totalMinor,
    })),
    {
      type: 'Charge',
      productId: null,
      itemNo: CARRIAGE_ITEM,
      description: carriage === 0 ? 'Carriage (free on this order)' : 'Carriage',
      quantity: 1,
      unit: 'EACH',
      unitPriceE5: carriage * 1000,
      discountBp: 0,
      totalMinor: carriage,
    },
  ];
}

/**
 * THE order placement, for credit orders and paid proforma orders alike; call it inside a
 * transaction. It turns the priced lines into an order (goods lines 'Item' plus the carriage line
 * 'Charge') with its delivery details, and empties the basket if it is still at the placed revision.
 * Idempotent: the same basket revision placed again answers the existing order's number.
 * The ERP hears of it through the outbox (order.placed, and delivery_address.added for a new
 * address), written last in the same transaction; the buyer through the order acknowledgement
 * email (mail outbox, same transaction). An order over the buyer's limits is stored 'Awaiting
 * approval' and announced only when it is approved (announcePlacedOrder).
 */
export type PlaceOrder = (trx: Db, input: PlacementInput) => Promise<{ orderNumber: string; created: boolean }>;

/** `placeOrder` over checkout's repositories and the basket service (compose.ts builds it once). */
export const orderPlacement =
  ({ checkout, basket }: { checkout: Repos<CheckoutRepository>; basket: BasketService }): PlaceOrder =>
  (trx, input) =>
    placeOrder(checkout.over(trx), basket, trx, input);

async function placeOrder(
  repo: CheckoutRepository,
  basket: BasketService,
  trx: Db,
  input: PlacementInput,
): Promise<{ orderNumber: string; created: boolean }> {
  const currentRevision = await repo.lockBasket(input.basketId);
  const existing = await repo.orderFromSource(input.basketId, input.revision);
  if (existing) return { orderNumber: existing.order_number, created: false };

  const lines = orderLinesOf(input.lines, input.totals.carriageMinor);
  const orderNumber = await repo.nextOrderNumber();
  await repo.insertOrder(
    {
      orderNumber,
      accountId: input.accountId,
      userId: input.userId,
      currencyCode: input.currencyCode,
      location: ORDER_LOCATION,
      orderedDate: todayIso(),
      amountMinor: input.totals.amountMinor,
      vatMinor: input.totals.vatMinor,
      totalMinor: input.totals.totalMinor,
      delivery: input.delivery,
      sourceBasketId: input.basketId,
      sourceRevision: input.revision,
      paymentId: input.paymentId,
      shipmentPreference: input.shipmentPreference ?? DEFAULT_SHIPMENT_PREFERENCE,
      status: input.awaitingApproval ? AWAITING_APPROVAL : 'Open',
    },
    lines,
  );

  // The basket becomes empty, unless it changed since (a proforma customer editing it while paying:
  // the order is what was paid for, and the newer basket stays).
  if (currentRevision === input.revision) {
    await basket.emptyPlaced(trx, input.basketId);
    await repo.saveHeader(input.basketId, null);
  }
  if (!input.awaitingApproval) await announcePlacedOrder(trx, orderNumber, input.delivery.addressReference);
  return { orderNumber, created: true };
}

/**
 * What placing an order tells the world, in the placing transaction: the buyer (the acknowledgement
 * email, through the mail outbox, sent after the commit by the mail worker) and the ERP (order.placed,
 * and delivery_address.added for a new address). Placing from the basket and approving an order
 * that waited for approval both end here.
 */
export async function announcePlacedOrder(trx: Db, orderNumber: string, addressReference: string): Promise<void> {
  await recordOrderAcknowledgement(trx, orderNumber);
  await recordOrderPlaced(trx, orderNumber);
  if (addressReference === NEW_ADDRESS_REFERENCE) await recordDeliveryAddressAdded(trx, orderNumber);
}
