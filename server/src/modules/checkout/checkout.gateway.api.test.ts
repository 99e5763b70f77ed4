import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { basket as basketSchema, basketSummary, MSG, pathOf, routes } from '@wholesale/contract';
import { buildApp } from '../../app.js';
import type { DbHandle } from '../../db/client.js';
import { testEngines } from '../../db/testing.js';
import { amountToMinor } from '../../domain/money.js';
import { insertAccount, insertProduct, insertUser } from '../../test/fixtures.js';
import { bearer, login, testConfig } from '../../test/app.js';
import type { CreatePaymentInput, PaymentGateway } from '../payments/gateway.js';
import { paymentBody } from './checkout.test-helpers.js';
import type { OrderPaymentPayload } from './order-payment.js';

/** A payment provider at the edge of the system: remembers what it was asked, answers its own page. */
function fakeGateway() {
  const requests: CreatePaymentInput[] = [];
  const gateway: PaymentGateway = {
    async createPayment(input) {
      requests.push(input);
      const id = `fake-${requests.length}`;
      return { id, checkoutUrl: `https://gateway.test/checkout/${id}` };
    },
  };
  return { gateway, requests };
}

describe.each(testEngines())('checkout against a fake payment gateway on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let fake: ReturnType<typeof fakeGateway>;
  let proformaAccount: number;
  let proformaUser: number;
  let proforma: string;

  beforeAll(async () => {
    handle = await engine.open();
    fake = fakeGateway();
    app = await buildApp({ config: testConfig(), handle, paymentGateway: fake.gateway });
    await app.ready();
    proformaAccount = await insertAccount(handle.db, { is_proforma: 1, credit_limit_minor: 0 });
    await insertProduct(handle.db, { itemNumber: 'FG-1', gbpE5: 2_000_000, stock: 100 });
    proformaUser = await insertUser(handle.db, proformaAccount, 'fg-proforma');
    proforma = (await login(app, 'fg-proforma')).accessToken;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const total = async (token: string) =>
    basketSummary.parse((await call(token, 'GET', pathOf(routes.getBasketAmount))).json());
  const basketOf = async (token: string) =>
    basketSchema.parse((await call(token, 'GET', pathOf(routes.getBasket))).json());

  it('asks the gateway for the amount the server computed and sends the browser to its page; no order yet', async () => {
    await call(proforma, 'POST', pathOf(routes.addBasketLine), { itemNumber: 'FG-1', quantity: 3 });
    await call(proforma, 'POST', pathOf(routes.submitBasketHeader), {
      externalDocNo: 'PO-FAKE',
      deliveryCode: 'INVOICE',
    });
    const shown = (await total(proforma)).totalAmount;
    const { revision } = await basketOf(proforma);

    const res = await call(proforma, 'POST', pathOf(routes.requestOrderPayment), paymentBody(shown));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ payment_Checkout_Url: 'https://gateway.test/checkout/fake-1' });

    expect(fake.requests).toHaveLength(1);
    const asked = fake.requests[0]!;
    expect(asked).toMatchObject({
      accountId: proformaAccount,
      userId: proformaUser,
      purpose: 'order',
      amountMinor: amountToMinor(shown),
      currencyCode: 'GBP',
      reference: 'PO-FAKE',
    });
    const payload = asked.payload as OrderPaymentPayload;
    expect(asked.subject).toBe(`basket:${payload.basketId}:${revision}`);
    expect(payload.revision).toBe(revision);
    expect(payload.totals.totalMinor).toBe(asked.amountMinor);
    expect(payload.lines.map((l) => [l.itemNumber, l.quantity])).toEqual([['FG-1', 3]]);
    // The sandbox was not used, and a proforma order exists only once its payment is approved.
    expect(await handle.db.selectFrom('payments').select('id').execute()).toEqual([]);
    expect(
      await handle.db.selectFrom('orders').select('id').where('account_id', '=', proformaAccount).execute(),
    ).toEqual([]);
  });

  it('asks the gateway nothing when the amount shown is no longer the total', async () => {
    // A basket of its own, ready for payment but for the amount.
    await insertUser(handle.db, proformaAccount, 'fg-proforma-2');
    const proforma = (await login(app, 'fg-proforma-2')).accessToken;
    await call(proforma, 'POST', pathOf(routes.addBasketLine), { itemNumber: 'FG-1', quantity: 3 });
    await call(proforma, 'POST', pathOf(routes.submitBasketHeader), {
      externalDocNo: 'PO-FAKE-2',
      deliveryCode: 'INVOICE',
    });
    expect((await total(proforma)).totalAmount).toBeGreaterThan(0.01);
    const before = fake.requests.length;
    const res = await call(proforma, 'POST', pathOf(routes.requestOrderPayment), paymentBody(0.01));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.basketUpdatedDuringCheckout);
    expect(fake.requests).toHaveLength(before);
  });
});
