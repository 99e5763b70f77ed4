import { DECLINED, WITHDRAWN, type CurrencyCode, type ShipmentPreference } from '@wholesale/contract';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/client.js';
import type { OrdersTable } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';
import { deliveryColumns, type DeliveryColumns } from '../../domain/address.js';
import { uninvoicedOrdersMinor } from '../../db/credit.js';
import type { DeliveryInformation } from '@wholesale/contract';

/** The delivery details kept on a basket (POST /basket/header) and copied onto the order. */
/** Delivery details as the basket header stores them and an order is placed with. */
export type DeliveryDetails = DeliveryInformation;

export interface NewOrderLine {
  type: 'Item' | 'Charge';
  productId: number | null;
  itemNo: string;
  description: string;
  quantity: number;
  unit: string;
  unitPriceE5: number;
  discountBp: number;
  totalMinor: number;
}

export interface NewOrder {
  orderNumber: string;
  accountId: number;
  userId: number;
  currencyCode: CurrencyCode;
  location: string;
  orderedDate: string;
  amountMinor: number;
  vatMinor: number;
  totalMinor: number;
  delivery: DeliveryDetails;
  sourceBasketId: number;
  sourceRevision: number;
  paymentId: string | null;
  shipmentPreference: ShipmentPreference;
  /** 'Open' unless it waits for approval (team accounts). */
  status?: string;
}

/** What changes when an order moves to another status under a new id (`moveOrder`). */
export type OrderMove = Partial<Omit<Insertable<OrdersTable>, 'id' | 'order_number' | 'account_id'>> & {
  status: string;
};

/** The counters row that numbers orders. */
const ORDER_NUMBER_COUNTER = 'order_number';

/** The only place checkout SQL lives. */
/** A basket header without delivery details. */
const NO_DELIVERY: DeliveryColumns<null> = {
  address_reference: null,
  delivery_name: null,
  delivery_address1: null,
  delivery_address2: null,
  delivery_city: null,
  delivery_county: null,
  delivery_country: null,
  delivery_contact: null,
  delivery_postcode: null,
  delivery_phone: null,
};

export function checkoutRepository(db: Db) {
  /** The one place order lines are written: an order placed, or moved under a new id (moveOrder). */
  async function writeLines(orderId: number, location: string, lines: readonly NewOrderLine[]): Promise<void> {
    if (lines.length === 0) return;
    await db
      .insertInto('order_lines')
      .values(
        lines.map((l, i) => ({
          order_id: orderId,
          line_no: i + 1,
          type: l.type,
          product_id: l.productId,
          item_no: l.itemNo,
          description: l.description,
          quantity: l.quantity,
          quantity_shipped: 0,
          location,
          unit: l.unit,
          unit_price_e5: l.unitPriceE5,
          line_discount_bp: l.discountBp,
          total_minor: l.totalMinor,
        })),
      )
      .execute();
  }

  return {
    account(accountId: number) {
      return db
        .selectFrom('accounts')
        .select([
          'name',
          'contact',
          'address1',
          'address2',
          'city',
          'county',
          'country',
          'postcode',
          'phone_number',
          'currency_code',
          'customer_number',
        ])
        .where('id', '=', accountId)
        .executeTakeFirst();
    },

    /**
     * Credit limit, balance and the orders not yet invoiced (minor units), read with the order in the
     * same transaction. The account's row is locked first (a write that changes nothing), so two
     * users of one account placing orders at once are checked one after the other: the second sees
     * the first's order in its exposure. The read is a statement of its own, after the lock.
     */
    async credit(accountId: number) {
      await db
        .updateTable('accounts')
        .set({ credit_limit_minor: sql<number>`credit_limit_minor` })
        .where('id', '=', accountId)
        .execute();
      return db
        .selectFrom('accounts')
        .select(['credit_limit_minor', 'balance_minor'])
        .select(uninvoicedOrdersMinor)
        .where('id', '=', accountId)
        .executeTakeFirst();
    },

    savedAddress(accountId: number, reference: string) {
      return db
        .selectFrom('delivery_addresses')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('reference', '=', reference)
        .executeTakeFirst();
    },

    /** The stored spelling of a country given by name or code; undefined when unknown. */
    async countryName(nameOrCode: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('countries')
        .select('name')
        .where((eb) => eb.or([eb('name', '=', nameOrCode), eb('code', '=', nameOrCode)]))
        .executeTakeFirst();
      return row?.name;
    },

    /** The basket's stored header (null fields until POST /basket/header). */
    async basketRevision(basketId: number): Promise<number | undefined> {
      const row = await db.selectFrom('baskets').select('revision').where('id', '=', basketId).executeTakeFirst();
      return row?.revision;
    },

    header(userId: number) {
      return db
        .selectFrom('baskets')
        .select([
          'id',
          'revision',
          'address_reference',
          'purchase_order',
          'delivery_name',
          'delivery_address1',
          'delivery_address2',
          'delivery_city',
          'delivery_county',
          'delivery_country',
          'delivery_contact',
          'delivery_postcode',
          'delivery_phone',
        ])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Stores the header. Not a basket change: the revision (what the customer reviews) stays. */
    async saveHeader(basketId: number, d: DeliveryDetails | null): Promise<void> {
      await db
        .updateTable('baskets')
        .set({
          ...(d ? deliveryColumns(d) : NO_DELIVERY),
          purchase_order: d?.purchaseOrder ?? null,
        })
        .where('id', '=', basketId)
        .execute();
    },

    /**
     * Locks the basket row for the rest of the transaction (PostgreSQL row lock; SQLite transactions
     * are serialised anyway) and returns its current revision.
     */
    async lockBasket(basketId: number): Promise<number | undefined> {
      const row = await db
        .updateTable('baskets')
        .set({ updated_at: nowIso() })
        .where('id', '=', basketId)
        .returning('revision')
        .executeTakeFirst();
      return row?.revision;
    },

    /** The number of the account's latest order (not cancelled, declined or withdrawn) with this purchase order. */
    async orderWithReference(accountId: number, reference: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('orders')
        .select('order_number')
        .where('account_id', '=', accountId)
        .where('reference', '=', reference)
        .where('status', 'not in', ['Cancelled', DECLINED, WITHDRAWN])
        .orderBy('ordered_date', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.order_number;
    },

    async orderFromSource(basketId: number, revision: number) {
      return db
        .selectFrom('orders')
        .select(['id', 'order_number', 'account_id', 'status'])
        .where('source_basket_id', '=', basketId)
        .where('source_revision', '=', revision)
        .executeTakeFirst();
    },

    /** 'SO-' + one more than the highest numbered order (call inside the placing transaction). */
    /** The next order number, 'SO-' + a number above any existing one. Call inside the placing transaction. */
    async nextOrderNumber(): Promise<string> {
      for (;;) {
        const row = await db
          .updateTable('counters')
          .set((eb) => ({ value: eb('value', '+', 1) }))
          .where('name', '=', ORDER_NUMBER_COUNTER)
          .returning('value')
          .executeTakeFirst();
        if (row) return `SO-${Number(row.value)}`;
        // First order on this database: start above the highest number there is (seeded or imported).
        const rows = await db
          .selectFrom('orders')
          .select('order_number')
          .where('order_number', 'like', 'SO-%')
          .orderBy(sql`length(order_number)`, 'desc')
          .orderBy('order_number', 'desc')
          .limit(50)
          .execute();
        let max = 100_000;
        for (const r of rows) {
          const m = /^SO-(\d+)$/.exec(r.order_number);
          if (m) max = Math.max(max, Number(m[1]));
        }
        await db
          .insertInto('counters')
          .values({ name: ORDER_NUMBER_COUNTER, value: max })
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
      }
    },

    async insertOrder(o: NewOrder, lines: readonly NewOrderLine[]): Promise<number> {
      const now = nowIso();
      const d = o.delivery;
      const row = await db
        .insertInto('orders')
        .values({
          order_number: o.orderNumber,
          account_id: o.accountId,
          user_id: o.userId,
          reference: d.purchaseOrder,
          status: o.status ?? 'Open',
          location: o.location,
          ordered_date: o.orderedDate,
          despatch_date: null,
          currency_code: o.currencyCode,
          amount_minor: o.amountMinor,
          vat_minor: o.vatMinor,
          total_minor: o.totalMinor,
          ...deliveryColumns(d),
          source_basket_id: o.sourceBasketId,
          source_revision: o.sourceRevision,
          payment_id: o.paymentId,
          shipment_preference: o.shipmentPreference,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeLines(row.id, o.location, lines);
      return row.id;
    },

    /**
     * Moves an order out of `fromStatus` in one conditional statement (a delete), so of concurrent
     * decisions on it (approve and decline, a payment and a withdrawal) exactly one wins; undefined
     * when it left `fromStatus` meanwhile. It comes back under a new id with `set` applied and its
     * lines (`lines`, or its own kept as they were): the ERP's orders feed pages by id, and an order
     * placed now must come after those the ERP has already read (docs/areas.md, Team accounts).
     */
    async moveOrder(
      orderId: number,
      fromStatus: string,
      set: OrderMove,
      lines?: readonly NewOrderLine[],
    ): Promise<number | undefined> {
      const row = await db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .where('status', '=', fromStatus)
        .executeTakeFirst();
      if (!row) return undefined;
      const kept =
        lines ??
        (
          await db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('line_no').execute()
        ).map((l): NewOrderLine => ({
          type: l.type === 'Charge' ? 'Charge' : 'Item',
          productId: l.product_id,
          itemNo: l.item_no,
          description: l.description,
          quantity: l.quantity,
          unit: l.unit,
          unitPriceE5: Number(l.unit_price_e5),
          discountBp: l.line_discount_bp,
          totalMinor: Number(l.total_minor),
        }));
      const gone = await db
        .deleteFrom('orders')
        .where('id', '=', orderId)
        .where('status', '=', fromStatus)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) !== 1) return undefined;
      const { id: _old, ...rest } = row;
      const moved = await db
        .insertInto('orders')
        .values({ ...rest, ...set, updated_at: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeLines(moved.id, set.location ?? row.location, kept);
      return moved.id;
    },

    /** One order of the account with what paying for it needs (its submitter, total, status). */
    orderToPay(accountId: number, orderNumber: string) {
      return db
        .selectFrom('orders')
        .select([
          'id',
          'order_number',
          'status',
          'user_id',
          'reference',
          'currency_code',
          'total_minor',
          'address_reference',
        ])
        .where('account_id', '=', accountId)
        .where('order_number', '=', orderNumber)
        .executeTakeFirst();
    },

    /** The user's team role (who may pay for an approved order). */
    async teamRole(userId: number): Promise<string | undefined> {
      const row = await db.selectFrom('users').select('team_role').where('id', '=', userId).executeTakeFirst();
      return row?.team_role;
    },

    /** The caller's most recent order placed through the portal since `sinceIso` (for the confirmation dialog). */
    lastPlacedOrder(userId: number, accountId: number, sinceIso: string) {
      return db
        .selectFrom('orders')
        .select(['order_number', 'reference', 'total_minor', 'status', 'currency_code', 'ordered_date'])
        .where('user_id', '=', userId)
        .where('account_id', '=', accountId)
        .where('source_basket_id', 'is not', null)
        .where('created_at', '>=', sinceIso)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}
export type CheckoutRepository = ReturnType<typeof checkoutRepository>;
