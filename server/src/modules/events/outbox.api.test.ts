import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { NEW_ADDRESS_REFERENCE, integrationEvent, pathOf, routes } from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import type { AppContext } from '../../context.js';
import { insertAccount, insertProduct, insertUser } from '../../test/fixtures.js';
import { bearer, login, testApp, testConfig } from '../../test/app.js';
import { nowIso } from '../../lib/time.js';
import { basketRepository } from '../basket/basket.repository.js';
import type { PlacementInput } from '../checkout/order-placement.js';
import { composeStore } from '../../compose.js';
import { basketSubject, type OrderPaymentPayload } from '../checkout/order-payment.js';
import '../invoice-payments/invoice-payment.js';
import { completePayment, createPayment } from '../../test/payments.js';
import { recordEvent } from './outbox.js';

const delivery = {
  addressReference: 'INVOICE',
  purchaseOrder: 'PO-OUTBOX',
  name: 'Outbox Ltd',
  address1: '1 Test Street',
  address2: '',
  city: 'Bristol',
  county: 'Avon',
  country: 'United Kingdom (Mainland)',
  contact: 'Pat Tester',
  postcode: 'BS1 1AA',
  phoneNumber: '01170000000',
};

describe.each(testEngines())('transactional outbox on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let ctx: AppContext;
  let accountId: number;
  let userId: number;
  let productId: number;
  let proformaAccount: number;
  let proformaUser: number;
  let token: string;
  let customerNumber: string;

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    ctx = { config: testConfig(), handle } as AppContext;
    accountId = await insertAccount(handle.db);
    proformaAccount = await insertAccount(handle.db, { is_proforma: 1 });
    customerNumber = (
      await handle.db
        .selectFrom('accounts')
        .select('customer_number')
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).customer_number;
    userId = await insertUser(handle.db, accountId, 'olive');
    proformaUser = await insertUser(handle.db, proformaAccount, 'percy');
    ({ productId } = await insertProduct(handle.db, { itemNumber: 'OB-1', gbpE5: 1_000_000, stock: 100 }));
    token = (await login(app, 'olive')).accessToken;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const events = () => composeStore(handle.db).events.listEvents(undefined, { after: 0, limit: 500 });
  const ofType = async (type: string) => (await events()).events.filter((e) => e.type === type);

  async function placementInput(user = userId, account = accountId): Promise<PlacementInput> {
    const basketId = await basketRepository(handle.db).ensureBasket(user, account);
    const basket = await basketRepository(handle.db).findBasket(user);
    return {
      accountId: account,
      userId: user,
      currencyCode: 'GBP',
      basketId,
      revision: basket!.revision,
      delivery,
      lines: [
        {
          productId,
          itemNumber: 'OB-1',
          description: 'Outbox blind',
          unit: 'EACH',
          quantity: 3,
          unitPriceE5: 1_000_000,
          discountBp: 0,
          totalMinor: 3000,
        },
      ],
      totals: { goodsMinor: 3000, carriageMinor: 995, amountMinor: 3995, vatMinor: 799, totalMinor: 4794 },
      paymentId: null,
    };
  }

  it('writes no event when the placement rolls back after the order was inserted', async () => {
    const before = (await events()).events.length;
    const input = await placementInput();
    let placedNumber = '';
    await expect(
      handle.db.transaction().execute(async (trx) => {
        placedNumber = (await composeStore(handle.db).internal.placeOrder(trx, input)).orderNumber;
        throw new Error('forced failure after the insert');
      }),
    ).rejects.toThrow('forced failure');
    expect(placedNumber).not.toBe('');
    const order = await handle.db
      .selectFrom('orders')
      .select('id')
      .where('order_number', '=', placedNumber)
      .executeTakeFirst();
    expect(order).toBeUndefined();
    expect((await events()).events.length).toBe(before);
  });

  it('writes order.placed with the order when the placement commits', async () => {
    const input = await placementInput();
    const { orderNumber } = await handle.db
      .transaction()
      .execute((trx) => composeStore(handle.db).internal.placeOrder(trx, input));
    const placed = (await ofType('order.placed')).filter((e) => e.data.orderNumber === orderNumber);
    expect(placed).toHaveLength(1);
    const event = integrationEvent.parse(placed[0]);
    expect(event.id).toMatch(/^evt_[A-Za-z0-9_-]{16}$/);
    expect(event.data).toMatchObject({
      orderNumber,
      customerNumber,
      currency: 'GBP',
      purchaseOrder: 'PO-OUTBOX',
      placedBy: { username: 'olive' },
      delivery: { addressReference: 'INVOICE', postcode: 'BS1 1AA' },
      totals: { amount: 39.95, vat: 7.99, total: 47.94 },
      paymentReference: null,
    });
    expect(event.data.lines).toEqual([
      expect.objectContaining({ type: 'Item', itemNumber: 'OB-1', quantity: 3, unitPrice: 10, total: 30 }),
      expect.objectContaining({ type: 'Charge', total: 9.95 }),
    ]);
    // Placing the same basket revision again answers the same order and announces nothing new.
    await handle.db.transaction().execute((trx) => composeStore(handle.db).internal.placeOrder(trx, input));
    expect((await ofType('order.placed')).filter((e) => e.data.orderNumber === orderNumber)).toHaveLength(1);
  });

  it('announces a credit order placed through the API with its new delivery address, and its cancellation', async () => {
    await app.inject({
      method: 'POST',
      url: pathOf(routes.addBasketLine),
      headers: bearer(token),
      payload: { itemNumber: 'OB-1', quantity: 2 },
    });
    const header = await app.inject({
      method: 'POST',
      url: pathOf(routes.submitBasketHeader),
      headers: bearer(token),
      payload: {
        externalDocNo: 'PO-NEW-ADDR',
        deliveryCode: NEW_ADDRESS_REFERENCE,
        name: 'Site Office',
        address: '9 Harbour Road',
        address2: '',
        city: 'Plymouth',
        county: 'Devon',
        country: 'United Kingdom (Mainland)',
        postCode: 'PL1 2AB',
        phoneNo: '+441752000000',
      },
    });
    expect(header.statusCode).toBe(200);
    const basket = (
      await app.inject({ method: 'GET', url: pathOf(routes.getBasket), headers: bearer(token) })
    ).json() as {
      revision: number;
    };
    const amount = (
      await app.inject({ method: 'GET', url: pathOf(routes.getBasketAmount), headers: bearer(token) })
    ).json() as {
      totalAmount: number;
    };
    const submit = await app.inject({
      method: 'POST',
      url: pathOf(routes.submitBasket, { id: basket.revision }),
      headers: bearer(token),
      payload: { amount: amount.totalAmount },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    const { orderNumber } = submit.json() as { orderNumber: string };

    const [placed] = (await ofType('order.placed')).filter((e) => e.data.orderNumber === orderNumber);
    expect(placed?.data).toMatchObject({ purchaseOrder: 'PO-NEW-ADDR', delivery: { postcode: 'PL1 2AB' } });
    const [added] = (await ofType('delivery_address.added')).filter((e) => e.data.orderNumber === orderNumber);
    expect(added?.data).toMatchObject({ customerNumber, address: { name: 'Site Office', city: 'Plymouth' } });

    const cancel = await app.inject({
      method: 'POST',
      url: pathOf(routes.cancelOrder, { orderNumber }),
      headers: bearer(token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = (await ofType('order.cancelled')).filter((e) => e.data.orderNumber === orderNumber);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.sequence).toBeGreaterThan(placed!.sequence);
    // A refused second cancellation writes nothing.
    expect(
      (await app.inject({ method: 'POST', url: pathOf(routes.cancelOrder, { orderNumber }), headers: bearer(token) }))
        .statusCode,
    ).toBe(409);
    expect((await ofType('order.cancelled')).filter((e) => e.data.orderNumber === orderNumber)).toHaveLength(1);
  });

  it('announces a paid proforma order and its payment in the callback’s transaction', async () => {
    const input = await placementInput(proformaUser, proformaAccount);
    const payload: OrderPaymentPayload = {
      basketId: input.basketId,
      revision: input.revision,
      currencyCode: 'GBP',
      delivery: input.delivery,
      lines: input.lines,
      totals: input.totals,
    };
    const { id } = await createPayment(ctx, {
      accountId: proformaAccount,
      userId: proformaUser,
      purpose: 'order',
      amountMinor: input.totals.totalMinor,
      currencyCode: 'GBP',
      reference: 'PO-OUTBOX',
      description: 'proforma',
      payload,
      subject: basketSubject(input.basketId, input.revision),
    });
    expect((await ofType('payment.approved')).filter((e) => e.data.paymentReference === id)).toHaveLength(0);
    await completePayment(ctx, id, 'approved');
    const [paid] = (await ofType('payment.approved')).filter((e) => e.data.paymentReference === id);
    expect(paid?.data).toMatchObject({ purpose: 'order', amount: 47.94, currency: 'GBP', invoices: [] });
    const orderNumber = paid!.data.orderNumber as string;
    const [placed] = (await ofType('order.placed')).filter((e) => e.data.orderNumber === orderNumber);
    expect(placed?.data).toMatchObject({ paymentReference: id });
    // The callback again changes nothing and announces nothing.
    await completePayment(ctx, id, 'approved');
    expect((await ofType('payment.approved')).filter((e) => e.data.paymentReference === id)).toHaveLength(1);
  });

  it('announces an invoice payment with the invoices paid', async () => {
    const now = nowIso();
    const invoice = await handle.db
      .insertInto('invoices')
      .values({
        account_id: accountId,
        document_number: `INV-OB-${engine.name}`,
        document_type: 'Invoice',
        posting_date: '2026-01-01',
        due_date: '2026-02-01',
        reference: 'R',
        description: 'D',
        order_number: '',
        currency_code: 'GBP',
        amount_minor: 1000,
        vat_minor: 200,
        original_minor: 1200,
        remaining_minor: 1200,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id } = await createPayment(ctx, {
      accountId,
      userId,
      purpose: 'invoices',
      amountMinor: 1200,
      currencyCode: 'GBP',
      reference: 'pay',
      description: `paid ${now}`,
      payload: {},
      invoices: [{ invoiceId: invoice.id, amountMinor: 1200 }],
    });
    await completePayment(ctx, id, 'approved');
    const [paid] = (await ofType('payment.approved')).filter((e) => e.data.paymentReference === id);
    expect(paid?.data).toMatchObject({
      purpose: 'invoices',
      customerNumber,
      amount: 12,
      orderNumber: null,
      invoices: [{ documentNumber: `INV-OB-${engine.name}`, amountPaid: 12, remainingAmount: 0 }],
    });
  });

  it('purges events older than 30 days', async () => {
    const all = (await events()).events;
    expect(all.length).toBeGreaterThan(0);
    const svc = composeStore(handle.db).events;
    expect(await svc.purgeOldEvents(new Date())).toBe(0);
    const purged = await svc.purgeOldEvents(new Date(Date.now() + 31 * 86_400_000));
    expect(purged).toBe(all.length);
    expect((await events()).events).toHaveLength(0);
  });
});

describe('outbox ordering on PostgreSQL', () => {
  const pg = testEngines().find((e) => e.name === 'postgres');
  if (!pg) {
    it('needs TEST_DATABASE_URL (SQLite has one writer, so events commit in sequence order there)', () => {
      console.log('outbox ordering on PostgreSQL: skipped, TEST_DATABASE_URL is not set');
    });
    return;
  }
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await pg.open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('commits events in sequence order: a second writer waits for the first one’s commit', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let firstRecorded!: () => void;
    const recorded = new Promise<void>((r) => (firstRecorded = r));
    const first = handle.db.transaction().execute(async (trx) => {
      const id = await recordEvent(trx, 'order.cancelled', null, { orderNumber: 'FIRST' });
      firstRecorded();
      await gate;
      return id;
    });
    await recorded;
    let secondDone = false;
    const second = handle.db
      .transaction()
      .execute((trx) => recordEvent(trx, 'order.cancelled', null, { orderNumber: 'SECOND' }))
      .then((id) => {
        secondDone = true;
        return id;
      });
    await new Promise((r) => setTimeout(r, 300));
    // While the first is uncommitted the second cannot take a sequence number and commit before it.
    expect(secondDone).toBe(false);
    expect((await composeStore(handle.db).events.listEvents(undefined, { after: 0, limit: 10 })).events).toEqual([]);
    release();
    const [a, b] = await Promise.all([first, second]);
    const seen = (await composeStore(handle.db).events.listEvents(undefined, { after: 0, limit: 10 })).events.map(
      (e) => e.id,
    );
    expect(seen).toEqual([a, b]);
  });
});
