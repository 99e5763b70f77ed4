import {
  APPROVED_AWAITING_PAYMENT,
  AWAITING_APPROVAL,
  PAYING_ROLES,
  DEFAULT_SHIPMENT_PREFERENCE,
  type ShipmentPreference,
  DEFAULT_ADDRESS_REFERENCE,
  FIELD_LIMITS,
  MSG,
  NEW_ADDRESS_REFERENCE,
  type BasketHeader,
  type DeliveryAddress,
  type OrderConfirmation,
  type PaymentResponse,
  deliveryOfHeader,
  normalisePhone,
  type SubmitBasketHeader,
  SERVER_MSG,
  TEAM_MSG,
  creditExposure,
  exceedsAvailableCredit,
} from '@wholesale/contract';
import type { Db } from '../../db/client.js';
import type { Repos } from '../../db/repos.js';
import type { SettingsService } from '../site/settings.service.js';
import { amountToMinor, minorToAmount } from '../../domain/money.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors.js';
import type { BasketService, Caller, PricedBasket, PricedLine } from '../basket/basket.service.js';
import type { PaymentGateway } from '../payments/gateway.js';
import type { CheckoutRepository, DeliveryDetails } from './checkout.repository.js';
import { addressFromColumns, addressOf, deliveryFromColumns, type Delivery } from '../../domain/address.js';
import { todayIso } from '../../lib/time.js';
import type { Totals } from '../../domain/pricing.js';
import { announcePlacedOrder, orderLinesOf, placedLines, type PlaceOrder } from './order-placement.js';
import {
  approvedOrderSubject,
  basketSubject,
  type ApprovedOrderPaymentPayload,
  type OrderPaymentPayload,
} from './order-payment.js';

/** How long after placing an order GET /basket/confirmation still answers it. */
export const CONFIRMATION_WINDOW_MINUTES = 30;
export const EMPTY_BASKET = SERVER_MSG.emptyBasket;
export const PROFORMA_MUST_PAY = SERVER_MSG.proformaMustPay;
export const CREDIT_CANNOT_PAY = SERVER_MSG.creditCannotPay;

type HeaderRow = NonNullable<Awaited<ReturnType<CheckoutRepository['header']>>>;

function storedDelivery(row: HeaderRow | undefined): DeliveryDetails | undefined {
  if (!row?.address_reference) return undefined;
  return { ...deliveryFromColumns(row), purchaseOrder: row.purchase_order ?? '' };
}

const asAddress = (d: Delivery): DeliveryAddress => ({ reference: d.addressReference, ...addressOf(d) });

/** Section 5, at order submission: the stored header must name a purchase order, a name and address1. */
function requireCompleteDelivery(d: DeliveryDetails | undefined): DeliveryDetails {
  if (!d || !d.purchaseOrder.trim() || !d.name.trim() || !d.address1.trim())
    throw badRequest(MSG.missingDeliveryInformation);
  if (d.purchaseOrder.length > FIELD_LIMITS.purchaseOrder) throw badRequest(MSG.purchaseOrderTooLong);
  return d;
}

/** The posted amount (what the customer was shown) against the server's total, exactly. */
function requireShownAmount(posted: number, priced: PricedBasket): void {
  let postedMinor: number;
  try {
    postedMinor = amountToMinor(posted);
  } catch {
    postedMinor = Number.NaN;
  }
  if (postedMinor !== priced.totals.totalMinor) throw conflict(MSG.basketUpdatedDuringCheckout);
}

/**
 * A credit order must fit the account's available credit (credit limit minus the exposure: balance
 * and orders not yet invoiced); beyond it the
 * order is refused and the customer told to contact the office (docs/spec-deviations.md). A credit
 * limit of 0 means none is set (as in the ERP), so no check. Proforma orders are paid by card first.
 */
function requireAvailableCredit(
  credit:
    | { credit_limit_minor: number | string; balance_minor: number | string; uninvoiced_minor: number | string | null }
    | undefined,
  totalMinor: number,
  email: string,
): void {
  const limit = Number(credit?.credit_limit_minor ?? 0);
  const exposure = creditExposure(Number(credit?.balance_minor ?? 0), Number(credit?.uninvoiced_minor ?? 0));
  // The same rule the basket and Review Order warn by (contract credit.ts).
  if (exceedsAvailableCredit(limit, exposure, totalMinor)) throw forbidden(SERVER_MSG.overCreditLimit(email));
}

/**
 * Team accounts' spending limits, as checkout needs them (the team module implements it; compose.ts
 * hands it in).
 */
export interface OrderApprovalPort {
  /** Whether an order of `totalMinor` is over the caller's per-order limit or monthly budget (inside `trx` when given). */
  needsApproval(caller: Caller, totalMinor: number, trx?: Db): Promise<boolean>;
  /** An order was just stored 'Awaiting approval': tell the account's approvers. */
  submitted(trx: Db, orderNumber: string): Promise<void>;
}

export interface CheckoutDeps {
  checkout: Repos<CheckoutRepository>;
  /** Places an order inside a transaction (order-placement.ts, built once in compose.ts). */
  placeOrder: PlaceOrder;
  settings: SettingsService;
  basket: BasketService;
  payments: PaymentGateway;
  /** Spending limits; without it (tests of checkout alone) every order is placed. */
  approvals?: OrderApprovalPort;
}

export function checkoutService({
  checkout,
  placeOrder,
  settings,
  basket: baskets,
  payments,
  approvals,
}: CheckoutDeps) {
  async function invoiceAddress(accountId: number): Promise<Delivery> {
    const a = await checkout.base.account(accountId);
    if (!a) throw notFound();
    return { addressReference: DEFAULT_ADDRESS_REFERENCE, ...addressFromColumns(a), contact: a.contact };
  }

  /** Resolves the posted header: INVOICE and saved references take the address from the account. */
  async function resolveDelivery(caller: Caller, h: DeliveryDetails): Promise<DeliveryDetails> {
    const repo = checkout.base;
    const { purchaseOrder } = h;
    if (h.addressReference === DEFAULT_ADDRESS_REFERENCE) {
      const inv = await invoiceAddress(caller.accountId);
      return { ...inv, purchaseOrder, contact: h.contact || inv.contact };
    }
    const account = await repo.account(caller.accountId);
    if (!account) throw notFound();
    if (h.addressReference === NEW_ADDRESS_REFERENCE) {
      const country = await repo.countryName(h.country);
      if (!country) throw badRequest(`country: ${h.country ? SERVER_MSG.unknownCountry : MSG.required}`);
      return { ...h, country, contact: h.contact || account.contact };
    }
    const saved = await repo.savedAddress(caller.accountId, h.addressReference);
    if (!saved) throw badRequest(SERVER_MSG.unknownAddressReference(h.addressReference));
    return {
      addressReference: saved.reference,
      purchaseOrder,
      ...addressFromColumns(saved),
      contact: h.contact || account.contact,
    };
  }

  /** The posted header as delivery details (the contract's one mapping of its field names), trimmed. */
  const parseHeader = (h: SubmitBasketHeader): DeliveryDetails => {
    const d = deliveryOfHeader(h);
    const trimmed = Object.fromEntries(Object.entries(d).map(([k, v]) => [k, v.trim()])) as DeliveryDetails;
    return {
      ...trimmed,
      addressReference: trimmed.addressReference || DEFAULT_ADDRESS_REFERENCE,
      phoneNumber: normalisePhone(d.phoneNumber),
    };
  };

  /** A purchase order used before on one of the account's orders is warned of, not refused (a repeat order may share it). */
  async function purchaseOrderUsedOn(caller: Caller, purchaseOrder: string): Promise<string | null> {
    if (!purchaseOrder) return null;
    return (await checkout.base.orderWithReference(caller.accountId, purchaseOrder)) ?? null;
  }

  async function supportEmail(): Promise<string> {
    return settings.get('support.email');
  }

  return {
    /**
     * The account-level rules an order must pass to be placed: not on stop, and (credit accounts)
     * within the available credit. Place Order applies them; approving an order that waited applies
     * the same (team/approvals.service.ts) inside its own transaction. `email` is the support
     * address the refusals name, read before the transaction (settings read outside it).
     */
    async requirePlaceable(
      trx: Db,
      accountId: number,
      terms: { onStop: boolean; isProforma: boolean },
      totalMinor: number,
      email: string,
    ): Promise<void> {
      if (terms.onStop) throw forbidden(MSG.accountOnStop(email));
      if (!terms.isProforma) requireAvailableCredit(await checkout.over(trx).credit(accountId), totalMinor, email);
    },

    /**
     * Places an order that waited for approval, inside the approver's transaction, at the prices it
     * was approved at: it leaves 'Awaiting approval' in one conditional statement (so of a concurrent
     * approve and decline exactly one wins; null when it was decided meanwhile) and comes back under
     * a new id (checkout.repository.ts `moveOrder`), its lines written as Place Order writes them.
     * A credit account's order is placed ('Open') and announced as Place Order announces one; a
     * card-paying account's waits for the buyer's card payment ('Approved – awaiting payment',
     * payApprovedOrder), announced only when the payment is approved (order-payment.ts).
     */
    async placeApproved(
      trx: Db,
      order: { id: number; orderNumber: string; addressReference: string },
      approval: {
        approverId: number;
        lines: readonly PricedLine[];
        totals: Totals;
        terms: { isProforma: boolean };
      },
    ): Promise<string | null> {
      const status = approval.terms.isProforma ? APPROVED_AWAITING_PAYMENT : 'Open';
      const { totals } = approval;
      const now = new Date().toISOString();
      const moved = await checkout.over(trx).moveOrder(
        order.id,
        AWAITING_APPROVAL,
        {
          status,
          approved_by_user_id: approval.approverId,
          approved_at: now,
          amount_minor: totals.amountMinor,
          vat_minor: totals.vatMinor,
          total_minor: totals.totalMinor,
          ordered_date: todayIso(),
        },
        orderLinesOf(placedLines({ lines: [...approval.lines] }), totals.carriageMinor),
      );
      if (moved === undefined) return null;
      if (status === 'Open') await announcePlacedOrder(trx, order.orderNumber, order.addressReference);
      return status;
    },

    /** The delivery information stored on the basket, or the INVOICE defaults when none is. */
    async getBasketHeader(caller: Caller): Promise<BasketHeader> {
      const inv = await invoiceAddress(caller.accountId);
      const stored = storedDelivery(await checkout.base.header(caller.userId));
      if (stored)
        return {
          ...stored,
          saved: true,
          invoiceAddress: asAddress(inv),
          purchaseOrderUsedOn: await purchaseOrderUsedOn(caller, stored.purchaseOrder),
        };
      return { ...inv, purchaseOrder: '', saved: false, invoiceAddress: asAddress(inv) };
    },

    async submitBasketHeader(caller: Caller, body: SubmitBasketHeader): Promise<BasketHeader> {
      const delivery = await resolveDelivery(caller, parseHeader(body));
      const basketId = await baskets.ensureBasket(caller);
      await checkout.base.saveHeader(basketId, delivery);
      return {
        ...delivery,
        saved: true,
        invoiceAddress: asAddress(await invoiceAddress(caller.accountId)),
        purchaseOrderUsedOn: await purchaseOrderUsedOn(caller, delivery.purchaseOrder),
      };
    },

    /**
     * Places a credit order from the basket revision the customer reviewed, in one transaction.
     * The same revision again (a double click, a retry, 20 at once) answers the same order.
     * Over the buyer's limits it is stored 'Awaiting approval' instead, after the same checks, and
     * the account's approvers are emailed; approving places it (team/approvals.service.ts).
     */
    async submitBasket(
      caller: Caller,
      {
        id: revision,
        amount,
        shipmentPreference = DEFAULT_SHIPMENT_PREFERENCE,
      }: { id: number; amount: number; shipmentPreference?: ShipmentPreference },
    ): Promise<{ orderNumber: string; status: string }> {
      const email = await supportEmail();
      return checkout.transaction(async (repo, trx) => {
        const header = await repo.header(caller.userId);
        if (!header) throw badRequest(EMPTY_BASKET);
        const current = await repo.lockBasket(header.id);
        const existing = await repo.orderFromSource(header.id, revision);
        if (existing && existing.account_id === caller.accountId)
          return { orderNumber: existing.order_number, status: existing.status };

        const priced = await baskets.price(caller, trx);
        const { isProforma } = priced.terms;
        // A card-paying account pays at checkout, unless the order is over the buyer's limits: then it
        // is submitted for approval like a credit order, and paid for once approved (payApprovedOrder).
        const awaitingApproval = (await approvals?.needsApproval(caller, priced.totals.totalMinor, trx)) ?? false;
        if (isProforma && !awaitingApproval) throw forbidden(PROFORMA_MUST_PAY);
        if (priced.terms.onStop) throw forbidden(MSG.accountOnStop(email));
        if (current !== revision || priced.revision !== revision) throw conflict(MSG.basketUpdatedDuringCheckout);
        if (priced.lines.length === 0) throw badRequest(EMPTY_BASKET);
        requireShownAmount(amount, priced);
        const delivery = requireCompleteDelivery(storedDelivery(header));
        if (!isProforma) requireAvailableCredit(await repo.credit(caller.accountId), priced.totals.totalMinor, email);
        const placed = await placeOrder(trx, {
          accountId: caller.accountId,
          userId: caller.userId,
          currencyCode: priced.terms.currencyCode,
          basketId: header.id,
          revision,
          delivery,
          lines: placedLines(priced),
          totals: priced.totals,
          paymentId: null,
          shipmentPreference,
          awaitingApproval,
        });
        if (awaitingApproval && placed.created) await approvals?.submitted(trx, placed.orderNumber);
        return { orderNumber: placed.orderNumber, status: awaitingApproval ? AWAITING_APPROVAL : 'Open' };
      });
    },

    /**
     * The caller's last placed order, for the order-placed dialog. Only a recent one: the return URL
     * opened by hand later must not announce an old order as just placed.
     */
    async getOrderConfirmation(caller: Caller): Promise<OrderConfirmation> {
      const since = new Date(Date.now() - CONFIRMATION_WINDOW_MINUTES * 60_000).toISOString();
      const row = await checkout.base.lastPlacedOrder(caller.userId, caller.accountId, since);
      if (!row) throw notFound(SERVER_MSG.noOrderPlaced);
      return {
        orderNumber: row.order_number,
        reference: row.reference,
        totalAmount: minorToAmount(Number(row.total_minor)),
        status: row.status,
      };
    },

    /**
     * Proforma: starts a card payment for the basket as priced now. The order is placed only when
     * the gateway confirms the payment (order-payment.ts), from the lines stored with the payment.
     */
    async requestOrderPayment(
      caller: Caller,
      amount: number,
      description: string,
      shipmentPreference: ShipmentPreference = DEFAULT_SHIPMENT_PREFERENCE,
    ): Promise<PaymentResponse> {
      const priced = await baskets.price(caller);
      if (!priced.terms.isProforma) throw forbidden(CREDIT_CANNOT_PAY);
      // Same refusal as a credit account's Place Order.
      if (priced.terms.onStop) throw forbidden(MSG.accountOnStop(await supportEmail()));
      if (priced.basketId === null || priced.lines.length === 0) throw badRequest(EMPTY_BASKET);
      requireShownAmount(amount, priced);
      // A card-paying account's order over the buyer's limits is submitted for approval (submitBasket)
      // and paid for once approved (payApprovedOrder), never paid for before.
      if (await approvals?.needsApproval(caller, priced.totals.totalMinor))
        throw forbidden(TEAM_MSG.overLimitsSubmitForApproval);
      const delivery = requireCompleteDelivery(storedDelivery(await checkout.base.header(caller.userId)));
      const payload: OrderPaymentPayload = {
        basketId: priced.basketId,
        revision: priced.revision,
        currencyCode: priced.terms.currencyCode,
        delivery,
        lines: placedLines(priced),
        totals: priced.totals,
        shipmentPreference,
      };
      const account = await checkout.base.account(caller.accountId);
      const { checkoutUrl } = await payments.createPayment({
        accountId: caller.accountId,
        userId: caller.userId,
        purpose: 'order',
        amountMinor: priced.totals.totalMinor,
        currencyCode: priced.terms.currencyCode,
        reference: delivery.purchaseOrder,
        description:
          description.trim() ||
          `Order for ${account?.name ?? 'account'} (${account?.customer_number ?? caller.accountId})`,
        payload,
        subject: basketSubject(priced.basketId, priced.revision),
      });
      return { payment_Checkout_Url: checkoutUrl };
    },

    /**
     * A card-paying account's order approved over the buyer's limits: starts its card payment for
     * the approved total (read here, never from the client). The buyer who submitted it pays, or an
     * account admin or finance (the roles that pay). The approved payment places the order in its
     * own transaction (order-payment.ts); at most one payment is live per order, and a paid one
     * refuses another (409).
     */
    async payApprovedOrder(caller: Caller, { orderNumber }: { orderNumber: string }): Promise<PaymentResponse> {
      const repo = checkout.base;
      const order = await repo.orderToPay(caller.accountId, orderNumber);
      if (!order) throw notFound(SERVER_MSG.orderNotFound);
      if (order.user_id !== caller.userId) {
        const role = await repo.teamRole(caller.userId);
        if (!(PAYING_ROLES as readonly (string | undefined)[]).includes(role))
          throw forbidden(TEAM_MSG.notYourOrderToPay);
      }
      if (order.status !== APPROVED_AWAITING_PAYMENT)
        throw conflict(TEAM_MSG.notAwaitingPayment(order.order_number, order.status));
      // The account's terms as the basket prices by them (on stop, proforma), nothing priced.
      const { terms } = await baskets.priceItems(caller.accountId, []);
      if (terms.onStop) throw forbidden(MSG.accountOnStop(await supportEmail()));
      if (!terms.isProforma) throw forbidden(CREDIT_CANNOT_PAY);
      const payload: ApprovedOrderPaymentPayload = { kind: 'approvedOrder', orderNumber: order.order_number };
      const { checkoutUrl } = await payments.createPayment({
        accountId: caller.accountId,
        userId: caller.userId,
        purpose: 'order',
        amountMinor: Number(order.total_minor),
        currencyCode: order.currency_code,
        reference: order.reference,
        description: `Order ${order.order_number}`,
        payload,
        subject: approvedOrderSubject(order.order_number),
      });
      return { payment_Checkout_Url: checkoutUrl };
    },
  };
}
export type CheckoutService = ReturnType<typeof checkoutService>;
