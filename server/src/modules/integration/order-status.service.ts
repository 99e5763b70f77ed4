import { ORDER_STATUS_TRANSITIONS, ORDER_STATUSES, type OrderStatus } from '@wholesale/contract';
import type { Db } from '../../db/client.js';
import { nowIso, todayIso } from '../../lib/time.js';
import type { OrderStatusRepository } from './order-status.repository.js';
import { recordOrderCancelledMail, recordOrderDespatched } from '../mail/mail-outbox.js';

/** Why a status change was refused; each caller (API, CLI) words it for its reader. */
export class OrderStatusError extends Error {
  constructor(
    readonly reason: 'unknown-order' | 'despatch-before-order' | 'transition' | 'changed-meanwhile',
    readonly orderedDate = '',
    readonly despatchDate = '',
    /** 'transition': the order's status now, and where it may go from there. */
    readonly current: OrderStatus | '' = '',
    readonly allowed: readonly OrderStatus[] = [],
  ) {
    super(reason);
  }
}

export interface OrderStatusChange {
  orderNumber: string;
  status: OrderStatus;
  /** Added to the order's tracking numbers (ones it has already are not repeated). */
  tracking: readonly string[];
  /** yyyy-mm-dd; Shipped without one keeps the order's, else today. */
  despatchDate?: string;
  /**
   * Who changes it, recorded when the change cancels the order: the ERP (its API client's name), or
   * the supplier's staff: 'admin' with the staff member's username from the back office, null from
   * the operator's CLI.
   */
  by: { kind: 'erp' | 'admin'; name: string | null };
  /**
   * The order's updated_at as the person changing it last saw it (the staff back office): when the
   * order changed since (the ERP, someone else), nothing is written and 'changed-meanwhile' is thrown.
   */
  expectedUpdatedAt?: string | undefined;
  /**
   * Runs in the change's transaction once it is written, with the order as it then is (the staff
   * back office's audit row, which commits with the change or not at all). Not called when
   * nothing changes.
   */
  within?: (trx: Db, after: OrderStatusOutcome) => Promise<void>;
}

/** An order's status, despatch date and tracking numbers after a change. */
export interface OrderStatusOutcome {
  orderNumber: string;
  status: OrderStatus;
  despatchDate: string | null;
  trackingNumbers: string[];
}

/**
 * The one path for an order's status (the ERP's PUT /orders/{n}/status and the admin CLI's
 * set-order-status): the customer's order enquiry reads the same rows, so it shows at once.
 */
export function orderStatusService(repo: OrderStatusRepository) {
  return {
    async setOrderStatus(change: OrderStatusChange) {
      const order = await repo.byNumber(change.orderNumber);
      if (!order) throw new OrderStatusError('unknown-order');
      if (change.expectedUpdatedAt !== undefined && order.updated_at !== change.expectedUpdatedAt)
        throw new OrderStatusError('changed-meanwhile');
      const current = ORDER_STATUSES.find((st) => st === order.status);
      // A status outside the life cycle (an ERP history row) may move anywhere but back to itself.
      if (current && current !== change.status && !ORDER_STATUS_TRANSITIONS[current].includes(change.status))
        throw new OrderStatusError('transition', '', '', current, ORDER_STATUS_TRANSITIONS[current]);
      const despatch =
        change.despatchDate ??
        (change.status === 'Shipped' ? (order.despatch_date ?? todayIso()) : order.despatch_date);
      if (despatch && despatch < order.ordered_date)
        throw new OrderStatusError('despatch-before-order', order.ordered_date, despatch);
      const have = await repo.tracking(order.id);
      const newTracking = [...new Set(change.tracking)].filter((t) => !have.includes(t));
      const unchanged = order.status === change.status && order.despatch_date === despatch && newTracking.length === 0;
      const outcome: OrderStatusOutcome = {
        orderNumber: change.orderNumber,
        status: change.status,
        despatchDate: despatch,
        trackingNumbers: [...have, ...newTracking],
      };
      // The despatch or cancellation email, in the change's transaction, when the status becomes it.
      const becomes = order.status !== change.status ? change.status : undefined;
      if (!unchanged) {
        // A cancellation keeps who made it and when (Cancelled is final in the life cycle).
        const cancellation = becomes === 'Cancelled' ? { by: change.by.kind, name: change.by.name } : undefined;
        const applied = await repo.apply(
          {
            id: order.id,
            status: change.status,
            despatch,
            newTracking,
            now: nowIso(),
            cancellation,
            // Checked again in the update itself: an ERP change between the read above and here wins.
            ifUpdatedAt: change.expectedUpdatedAt,
          },
          async (trx) => {
            if (becomes === 'Shipped') await recordOrderDespatched(trx, change.orderNumber);
            if (becomes === 'Cancelled')
              await recordOrderCancelledMail(
                trx,
                change.orderNumber,
                null,
                change.by.kind === 'admin' ? change.by.name : null,
              );
            await change.within?.(trx, outcome);
          },
        );
        if (!applied) throw new OrderStatusError('changed-meanwhile');
      }
      return {
        ...outcome,
        result: unchanged ? ('unchanged' as const) : ('updated' as const),
      };
    },
  };
}
export type OrderStatusService = ReturnType<typeof orderStatusService>;
