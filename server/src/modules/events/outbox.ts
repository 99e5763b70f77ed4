/**
 * The transactional outbox (docs/areas.md, Integration). A change that the ERP must hear of
 * calls one of the `record...` functions with its own transaction: the event row (and a delivery
 * row per subscribed webhook endpoint) commits with the change or not at all.
 */
import { randomBytes } from 'node:crypto';
import type { EventType } from '@wholesale/contract';
import type { Db } from '../../db/client.js';
import { bpToPercent, e5ToAmount, minorToAmount } from '../../domain/money.js';
import { nowIso } from '../../lib/time.js';
import { eventsRepository } from './events.repository.js';
import { deliveryFromColumns } from '../../domain/address.js';

/** A stable, unguessable event id: the feed's `id` and every delivery's `webhook-id`. */
export const newEventId = (): string => `evt_${randomBytes(12).toString('base64url')}`;

/** Dispatchers in this process, woken soon after an event is recorded (webhook-dispatcher.ts). */
const wakers = new Set<() => void>();
export function onEventRecorded(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/**
 * Writes one event inside `trx`. Call it last in the transaction: on PostgreSQL the insert takes
 * the outbox's transaction lock (migration 010), held until commit.
 */
export async function recordEvent(
  trx: Db,
  type: EventType,
  accountId: number | null,
  data: Record<string, unknown>,
  opts: { clientId?: number } = {},
): Promise<string> {
  const repo = eventsRepository(trx);
  const eventId = newEventId();
  const now = nowIso();
  const seq = await repo.insertEvent({
    eventId,
    type,
    accountId,
    payload: JSON.stringify(data),
    createdAt: now,
    clientId: opts.clientId,
  });
  // An event about one client (opts.clientId) goes to that client's endpoints only.
  const subscribed = (await repo.enabledEndpoints(opts.clientId))
    .filter((e) => (JSON.parse(e.event_types) as string[]).includes(type))
    .map((e) => e.id);
  await repo.insertDeliveries(seq, subscribed, now);
  // The commit is the caller's: the dispatcher looks a moment later and polls anyway.
  if (subscribed.length > 0) for (const wake of wakers) setTimeout(wake, 25).unref();
  return eventId;
}

/** order.placed: everything the ERP needs to enter the order. */
export async function recordOrderPlaced(trx: Db, orderNumber: string): Promise<string> {
  const data = await orderData(trx, orderNumber);
  return recordEvent(trx, 'order.placed', data.accountId, data.payload);
}

/** order.cancelled: cancelled by the customer in the portal. */
export async function recordOrderCancelled(trx: Db, orderNumber: string): Promise<string> {
  const { accountId, payload } = await orderData(trx, orderNumber);
  return recordEvent(trx, 'order.cancelled', accountId, {
    orderNumber: payload.orderNumber,
    customerNumber: payload.customerNumber,
    purchaseOrder: payload.purchaseOrder,
    status: payload.status,
    cancelledAt: nowIso(),
  });
}

/** delivery_address.added: a new delivery address entered at checkout, used by this order. */
export async function recordDeliveryAddressAdded(trx: Db, orderNumber: string): Promise<string> {
  const { accountId, payload } = await orderData(trx, orderNumber);
  return recordEvent(trx, 'delivery_address.added', accountId, {
    customerNumber: payload.customerNumber,
    orderNumber: payload.orderNumber,
    source: 'checkout',
    address: payload.delivery,
  });
}

export interface UpdatedUser {
  customerNumber: string;
  username: string;
  name: string;
  email: string;
  jobTitle: string;
  enabled: boolean;
}

/**
 * user.updated: a user of an account created, changed, enabled or disabled (`change`), by the
 * integration API's PUT /accounts/{n}/users, the admin CLI or an account admin's Team screen
 * (`source`).
 */
/** Who changed a user outside the ERP: the operator's CLI or the staff back office. */
export type UserChangeSource = 'admin-cli' | 'back-office' | 'portal-team';

export async function recordUserUpdated(
  trx: Db,
  accountId: number,
  user: UpdatedUser,
  change: 'created' | 'updated',
  source: 'integration-api' | UserChangeSource,
): Promise<string> {
  return recordEvent(trx, 'user.updated', accountId, { ...user, change, source });
}

export interface ApprovedPayment {
  id: string;
  account_id: number;
  purpose: 'order' | 'invoices';
  amount_minor: number;
  currency_code: string;
  reference: string;
}

/** An invoice a payment paid: what it paid and what is left (invoice payments read it). */
export interface PaidInvoice {
  document_number: string;
  amount_minor: number;
  remaining_minor: number;
}

/**
 * payment.approved: a card payment for a proforma order (with its order number) or for invoices
 * (with the invoices it paid, as the invoice-payments module reads them in the same transaction).
 */
export async function recordPaymentApproved(
  trx: Db,
  payment: ApprovedPayment,
  orderNumber: string | null,
  invoices: readonly PaidInvoice[] = [],
): Promise<string> {
  const repo = eventsRepository(trx);
  const account = await repo.customerNumber(payment.account_id);
  return recordEvent(trx, 'payment.approved', payment.account_id, {
    paymentReference: payment.id,
    purpose: payment.purpose,
    customerNumber: account?.customer_number ?? null,
    currency: payment.currency_code,
    amount: minorToAmount(Number(payment.amount_minor)),
    reference: payment.reference,
    orderNumber,
    invoices: invoices.map((i) => ({
      documentNumber: i.document_number,
      amountPaid: minorToAmount(Number(i.amount_minor)),
      remainingAmount: minorToAmount(Number(i.remaining_minor)),
    })),
  });
}

/**
 * webhook_endpoint.disabled: the portal disabled one of a client's endpoints (it failed for days);
 * only that client sees it, in its feed and at its other subscribed endpoints.
 */
export async function recordEndpointDisabled(
  trx: Db,
  clientId: number,
  data: { endpointId: number; url: string; reason: string; failingSince: string | null },
): Promise<string> {
  return recordEvent(trx, 'webhook_endpoint.disabled', null, { ...data, trigger: 'automatic' }, { clientId });
}

async function orderData(trx: Db, orderNumber: string) {
  const repo = eventsRepository(trx);
  const o = await repo.orderFacts(orderNumber);
  if (!o) throw new Error(`outbox: order ${orderNumber} not found`);
  const lines = await repo.orderLines(o.id);
  return {
    accountId: o.account_id,
    payload: {
      orderNumber: o.order_number,
      status: o.status,
      orderedDate: o.ordered_date,
      customerNumber: o.customer_number,
      accountName: o.account_name,
      currency: o.currency_code,
      location: o.location,
      purchaseOrder: o.reference,
      placedBy: o.username ? { username: o.username, name: o.user_name, email: o.user_email } : null,
      // Who approved it, when it waited for approval (over its buyer's spending limits).
      approvedBy: o.approver_username
        ? { username: o.approver_username, name: o.approver_name, email: o.approver_email }
        : null,
      delivery: deliveryFromColumns(o),
      lines: lines.map((l) => ({
        lineNo: l.line_no,
        type: l.type,
        itemNumber: l.item_no,
        description: l.description,
        quantity: Number(l.quantity),
        unit: l.unit,
        unitPrice: e5ToAmount(Number(l.unit_price_e5)),
        discountPercent: bpToPercent(Number(l.line_discount_bp)),
        total: minorToAmount(Number(l.total_minor)),
      })),
      totals: {
        amount: minorToAmount(Number(o.amount_minor)),
        vat: minorToAmount(Number(o.vat_minor)),
        total: minorToAmount(Number(o.total_minor)),
      },
      paymentReference: o.payment_id,
      shipmentPreference: o.shipment_preference,
    },
  };
}
