import { ORDER_STATUS_TRANSITIONS, ORDER_STATUSES, SHIPMENT_PREFERENCES, type OrderStatus } from '@wholesale/contract';
import {
  BACK_OFFICE_MSG,
  type ListStaffOrdersResponse,
  type StaffOrderDetail,
  listStaffOrdersQuery,
  setStaffOrderStatusRequest,
} from '@wholesale/contract/staff';
import type { z } from 'zod';
import type { Repos } from '../../db/repos.js';
import { e5ToAmount, minorToAmount } from '../../domain/money.js';
import { HttpError, notFound } from '../../lib/http-errors.js';
import { OrderStatusError, type OrderStatusService } from '../integration/order-status.service.js';
import { recordOrderAcknowledgement } from '../mail/mail-outbox.js';
import type { AuditService } from './audit.service.js';
import type { BackOfficeRepository } from './back-office.repository.js';
import { actorOf, type StaffCaller } from './staff.service.js';

/**
 * The back office's orders: every account's, an order's page, its status changed through the one
 * status path (orderStatusService: ORDER_STATUS_TRANSITIONS, the despatch and cancellation emails)
 * that the ERP and the admin CLI use, and its acknowledgement sent again.
 */
export function staffOrdersService(deps: {
  repos: Repos<BackOfficeRepository>;
  orderStatus: OrderStatusService;
  audit: AuditService;
}) {
  const { orderStatus, audit } = deps;
  const repo = deps.repos.base;

  async function detail(orderNumber: string): Promise<StaffOrderDetail> {
    const o = await repo.orderByNumber(orderNumber);
    if (!o) throw notFound(BACK_OFFICE_MSG.orderNotFound(orderNumber));
    const [lines, tracking, payment, mails] = await Promise.all([
      repo.orderLines(o.id),
      repo.orderTracking(o.id),
      o.payment_id ? repo.payment(o.payment_id) : undefined,
      repo.orderMails(o.account_id, o.order_number),
    ]);
    const current = ORDER_STATUSES.find((s) => s === o.status);
    const events: StaffOrderDetail['events'] = [
      {
        at: o.created_at,
        kind: 'placed' as const,
        detail: o.placed_on_behalf ?? BACK_OFFICE_MSG.orderEvent.placed(o.placed_by ?? null),
      },
      ...(o.erp_acknowledged_at
        ? [
            {
              at: o.erp_acknowledged_at,
              kind: 'acknowledged-by-erp' as const,
              detail: BACK_OFFICE_MSG.orderEvent.acknowledged(o.erp_reference),
            },
          ]
        : []),
      ...tracking.map((t) => ({
        at: t.created_at,
        kind: 'tracking-added' as const,
        detail: BACK_OFFICE_MSG.orderEvent.tracking(t.tracking_id),
      })),
      ...(o.status === 'Shipped' && o.despatch_date
        ? [
            {
              at: o.despatch_date,
              kind: 'despatched' as const,
              detail: BACK_OFFICE_MSG.orderEvent.despatched(o.despatch_date),
            },
          ]
        : []),
      ...(o.cancelled_at
        ? [
            {
              at: o.cancelled_at,
              kind: 'cancelled' as const,
              detail: BACK_OFFICE_MSG.orderEvent.cancelled(o.cancelled_by_name),
            },
          ]
        : []),
      ...mails.map((m) => ({
        at: m.sent_at ?? m.created_at,
        kind: 'email' as const,
        detail: BACK_OFFICE_MSG.orderEvent.email(m.kind, m.status),
      })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    return {
      orderNumber: o.order_number,
      customerNumber: o.customer_number,
      accountName: o.account_name,
      placedBy: o.placed_by ?? null,
      placedOnBehalf: o.placed_on_behalf,
      reference: o.reference,
      status: o.status,
      allowedStatuses: current ? [...ORDER_STATUS_TRANSITIONS[current]] : [...ORDER_STATUSES],
      orderedDate: o.ordered_date,
      despatchDate: o.despatch_date,
      currency: o.currency_code,
      amount: minorToAmount(o.amount_minor),
      vat: minorToAmount(o.vat_minor),
      total: minorToAmount(o.total_minor),
      shipmentPreference: SHIPMENT_PREFERENCES.includes(o.shipment_preference) ? o.shipment_preference : 'partial',
      deliveryAddress: {
        name: o.delivery_name,
        address1: o.delivery_address1,
        address2: o.delivery_address2,
        city: o.delivery_city,
        county: o.delivery_county,
        postcode: o.delivery_postcode,
        country: o.delivery_country,
      },
      payment: payment
        ? {
            id: payment.id,
            status: payment.status,
            amount: minorToAmount(payment.amount_minor),
            createdAt: payment.created_at,
          }
        : null,
      erpReference: o.erp_reference,
      trackingNumbers: tracking.map((t) => t.tracking_id),
      cancellation:
        o.cancelled_at && o.cancelled_by ? { at: o.cancelled_at, by: o.cancelled_by, name: o.cancelled_by_name } : null,
      lines: lines.map((l) => ({
        lineNo: l.line_no,
        type: l.type,
        itemNumber: l.item_no,
        description: l.description,
        quantity: l.quantity,
        quantityShipped: l.quantity_shipped,
        unit: l.unit,
        unitPrice: e5ToAmount(l.unit_price_e5),
        total: minorToAmount(l.total_minor),
      })),
      events,
      updatedAt: o.updated_at,
    };
  }

  /** 409 with the order as it is now: the screen shows it in place of what the member of staff saw. */
  const changedMeanwhile = async (orderNumber: string) =>
    new HttpError(409, BACK_OFFICE_MSG.orderChangedMeanwhile(orderNumber), {}, { current: await detail(orderNumber) });

  return {
    async listStaffOrders(
      _caller: StaffCaller,
      input: z.output<typeof listStaffOrdersQuery>,
    ): Promise<ListStaffOrdersResponse> {
      const { total, rows } = await repo.listOrders(input, input);
      return {
        total,
        page: input.page,
        pageSize: input.pageSize,
        rows: rows.map((r) => ({
          orderNumber: r.order_number,
          customerNumber: r.customer_number,
          accountName: r.account_name,
          reference: r.reference,
          status: r.status,
          orderedDate: r.ordered_date,
          currency: r.currency_code,
          total: minorToAmount(r.total_minor),
        })),
      };
    },

    getStaffOrder: (_caller: StaffCaller, { orderNumber }: { orderNumber: string }) => detail(orderNumber),

    async setStaffOrderStatus(
      caller: StaffCaller,
      input: z.output<typeof setStaffOrderStatusRequest> & { orderNumber: string },
    ): Promise<StaffOrderDetail> {
      const before = await detail(input.orderNumber);
      const state = (o: Pick<StaffOrderDetail, 'status' | 'despatchDate' | 'trackingNumbers'>) => ({
        status: o.status as OrderStatus | string,
        despatchDate: o.despatchDate,
        trackingNumbers: o.trackingNumbers,
      });
      const account = await repo.accountByNumber(before.customerNumber);
      const record = (after: Parameters<typeof state>[0]) => ({
        action: 'order.status.update',
        targetKind: 'order',
        targetId: before.orderNumber,
        accountId: account?.id ?? null,
        before: state(before),
        after: state(after),
      });
      let result: Awaited<ReturnType<OrderStatusService['setOrderStatus']>>;
      try {
        result = await orderStatus.setOrderStatus({
          orderNumber: input.orderNumber,
          status: input.status,
          tracking: input.trackingNumbers,
          despatchDate: input.despatchDate,
          // A cancellation names the member of staff: the buyer's Open Orders and the email say who.
          by: { kind: 'admin', name: caller.username },
          expectedUpdatedAt: input.updatedAt,
          // The audit row in the change's transaction: both are written, or neither.
          within: (trx, after) => audit.appendIn(trx, actorOf(caller), record(after)),
        });
      } catch (err) {
        if (!(err instanceof OrderStatusError)) throw err;
        switch (err.reason) {
          case 'unknown-order':
            throw notFound(BACK_OFFICE_MSG.orderNotFound(input.orderNumber));
          case 'changed-meanwhile':
            throw await changedMeanwhile(input.orderNumber);
          case 'transition':
            throw new HttpError(
              409,
              BACK_OFFICE_MSG.statusTransition(input.orderNumber, err.current, input.status, err.allowed),
              {},
              { current: before },
            );
          case 'despatch-before-order':
            throw new HttpError(400, BACK_OFFICE_MSG.despatchBeforeOrder(err.despatchDate, err.orderedDate));
        }
      }
      // Nothing changed, nothing written: the request is still recorded.
      if (result.result === 'unchanged') await audit.append(actorOf(caller), record(result));
      return detail(input.orderNumber);
    },

    async resendOrderAcknowledgement(caller: StaffCaller, { orderNumber }: { orderNumber: string }) {
      const o = await repo.orderByNumber(orderNumber);
      if (!o) throw notFound(BACK_OFFICE_MSG.orderNotFound(orderNumber));
      const before = await repo.orderMails(o.account_id, orderNumber);
      // The email's outbox row and the audit row in one transaction.
      const written = await deps.repos.transaction(async (r, trx) => {
        await recordOrderAcknowledgement(trx, orderNumber);
        const mails = (await r.orderMails(o.account_id, orderNumber)).slice(before.length);
        await audit.appendIn(trx, actorOf(caller), {
          action: 'order.acknowledgement.resend',
          targetKind: 'order',
          targetId: orderNumber,
          accountId: o.account_id,
          before: null,
          // Nothing written: email is off on this server; written but unsendable: no valid address.
          after: { queued: mails.some((m) => m.status === 'pending') },
        });
        return mails;
      });
      const queued = written.some((m) => m.status === 'pending');
      return {
        queued,
        message: queued
          ? BACK_OFFICE_MSG.acknowledgementQueued(orderNumber)
          : written.length
            ? BACK_OFFICE_MSG.acknowledgementNoAddress
            : BACK_OFFICE_MSG.mailOff,
      };
    },
  };
}
