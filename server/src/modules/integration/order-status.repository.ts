import { APPROVAL_STATUSES } from '@wholesale/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/repos.js';
import type { OrderStatus } from '@wholesale/contract';

/** SQL of order status changes (the ERP's PUT and the admin CLI's set-order-status). */
export function orderStatusRepository(db: Db) {
  return {
    byNumber: (orderNumber: string) =>
      db
        .selectFrom('orders')
        .select(['id', 'status', 'ordered_date', 'despatch_date', 'updated_at'])
        .where('order_number', '=', orderNumber)
        // Orders in approval are not the ERP's to change: it has never been sent them.
        .where('status', 'not in', [...APPROVAL_STATUSES])
        .executeTakeFirst(),
    tracking: async (orderId: number) =>
      (
        await db
          .selectFrom('order_tracking')
          .select('tracking_id')
          .where('order_id', '=', orderId)
          .orderBy('id')
          .execute()
      ).map((t) => t.tracking_id),
    /**
     * Status, despatch date, lines shipped in full when Shipped, new tracking numbers: one
     * transaction, which `within` joins (the emails the change causes).
     */
    apply: (
      o: {
        id: number;
        status: OrderStatus;
        despatch: string | null;
        newTracking: string[];
        now: string;
        /** Set: the order is cancelled now, by this actor; undefined: as it was. */
        cancellation?: { by: 'erp' | 'admin'; name: string | null };
        /** Set: change it only if its updated_at is still this (else answer false, nothing written). */
        ifUpdatedAt?: string | undefined;
      },
      within?: (trx: Db) => Promise<void>,
    ): Promise<boolean> =>
      inTransaction(db, async (trx) => {
        const who =
          o.cancellation === undefined
            ? {}
            : {
                cancelled_at: o.now,
                cancelled_by: o.cancellation.by,
                cancelled_by_user_id: null,
                cancelled_by_name: o.cancellation.name,
              };
        const changed = await trx
          .updateTable('orders')
          .set({ status: o.status, despatch_date: o.despatch, updated_at: o.now, ...who })
          .where('id', '=', o.id)
          .$if(o.ifUpdatedAt !== undefined, (q) => q.where('updated_at', '=', o.ifUpdatedAt!))
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return false;
        if (o.status === 'Shipped')
          await trx
            .updateTable('order_lines')
            .set((eb) => ({ quantity_shipped: eb.ref('quantity') }))
            .where('order_id', '=', o.id)
            .execute();
        if (o.newTracking.length > 0)
          await trx
            .insertInto('order_tracking')
            .values(o.newTracking.map((t) => ({ order_id: o.id, tracking_id: t, created_at: o.now })))
            .execute();
        await within?.(trx);
        return true;
      }),
  };
}
export type OrderStatusRepository = ReturnType<typeof orderStatusRepository>;
