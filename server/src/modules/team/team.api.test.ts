import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  APPROVED_AWAITING_PAYMENT,
  AWAITING_APPROVAL,
  DECLINED,
  MAIL_MSG,
  SERVER_MSG,
  TEAM_MSG,
  TEAM_ROLES,
  WITHDRAWN,
  endpoints,
  pathOf,
  routes,
  type Endpoint,
  type OpenOrder,
  type OrderLimits,
  type ReviewApprovalResponse,
  type TeamRole,
} from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertProduct, insertUser } from '../../test/fixtures.js';
import { bearer, login, testApp } from '../../test/app.js';
import { composeStore } from '../../compose.js';
import { pdfText } from '../../test/pdf-text.js';
import { paymentBody } from '../checkout/checkout.test-helpers.js';
import { mailRepository } from '../mail/mail.repository.js';
import { renderMail, type RenderDeps } from '../mail/mail-render.js';

/** The roles each customer route allows, as the contract declares them (undefined: every role). */
const customerRoutes = (Object.values(endpoints) as Endpoint[]).filter((e) => e.access.kind === 'customer');
const allowed = (e: Endpoint): readonly TeamRole[] => (e.access.kind === 'customer' && e.access.roles) || TEAM_ROLES;

describe.each(testEngines())('team accounts API on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let accountA: number;
  let accountB: number;
  const ids: Record<string, number> = {};
  const token: Record<string, string> = {};

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    const db = handle.db;
    accountA = await insertAccount(db, { credit_limit_minor: 0 });
    accountB = await insertAccount(db);
    // £100.00 list; the test account's terms give the basket's total (asked of the server below).
    await insertProduct(db, { itemNumber: 'TB-1', description: 'Team blind', gbpE5: 10_000_000, stock: 500 });
    ids.ada = await insertUser(db, accountA, 'ada', undefined, { name: 'Ada Admin' });
    ids.abe = await insertUser(db, accountA, 'abe', undefined, { name: 'Abe Approver', role: 'approver' });
    ids.bea = await insertUser(db, accountA, 'bea', undefined, {
      name: 'Bea Buyer',
      role: 'buyer',
      orderLimitMinor: 25_000,
      monthlyBudgetMinor: 100_000,
    });
    ids.fin = await insertUser(db, accountA, 'fin', undefined, { name: 'Fin Finance', role: 'finance' });
    ids.vic = await insertUser(db, accountA, 'vic', undefined, { name: 'Vic Viewer', role: 'viewer' });
    ids.bob = await insertUser(db, accountB, 'bob');
    for (const u of ['ada', 'abe', 'bea', 'fin', 'vic', 'bob']) token[u] = (await login(app, u)).accessToken;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const call = (method: string, url: string, who: string, payload?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: bearer(token[who]!),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const setUser = (userId: number, payload: unknown, who = 'ada') =>
    call('PATCH', pathOf(routes.updateTeamUser, { userId }), who, payload);
  const limits = async (who: string) => (await call('GET', pathOf(routes.getOrderLimits), who)).json() as OrderLimits;
  const order = (n: string) =>
    handle.db.selectFrom('orders').selectAll().where('order_number', '=', n).executeTakeFirstOrThrow();
  const openOrders = async (who: string) =>
    (await call('GET', pathOf(routes.listOpenOrders), who)).json() as OpenOrder[];

  /** Fills `who`'s basket with `qty` of TB-1 and answers the revision and total the buyer reviews. */
  async function fillBasket(who: string, qty: number) {
    await call('DELETE', pathOf(routes.clearBasket), who);
    expect(
      (await call('POST', pathOf(routes.addBasketLine), who, { itemNumber: 'TB-1', quantity: qty })).statusCode,
    ).toBe(200);
    const header = await call('POST', pathOf(routes.submitBasketHeader), who, {
      externalDocNo: `PO-${who}-${qty}`,
      deliveryCode: 'INVOICE',
    });
    expect(header.statusCode, header.body).toBe(200);
    const basket = (await call('GET', pathOf(routes.getBasket), who)).json() as { revision: number };
    const amount = (await call('GET', pathOf(routes.getBasketAmount), who)).json() as { totalAmount: number };
    return { revision: basket.revision, total: amount.totalAmount };
  }
  async function submit(who: string, qty: number) {
    const { revision, total } = await fillBasket(who, qty);
    const res = await call('POST', pathOf(routes.submitBasket, { id: revision }), who, { amount: total });
    expect(res.statusCode, res.body).toBe(200);
    return { ...(res.json() as { orderNumber: string; status: string }), total };
  }
  const pence = (amount: number) => Math.round(amount * 100);

  describe('roles on every customer route', () => {
    it('declares ordering, paying, approving and the team for the roles the issue names', () => {
      const byName = Object.fromEntries(customerRoutes.map((e) => [e.name, allowed(e)]));
      expect(byName.submitBasket).toEqual(['admin', 'approver', 'buyer']);
      expect(byName.addBasketLine).toEqual(['admin', 'approver', 'buyer']);
      expect(byName.requestInvoicePayment).toEqual(['admin', 'finance']);
      expect(byName.approveOrder).toEqual(['admin', 'approver']);
      expect(byName.inviteTeamUser).toEqual(['admin']);
      expect(byName.listOpenOrders).toEqual(TEAM_ROLES);
      expect(byName.getInvoices).toEqual(TEAM_ROLES);
    });

    it('refuses every role a route does not allow with 403 and the contract message, and lets the others through', async () => {
      // Logging out ends the session: it goes last.
      const ordered = [...customerRoutes].sort((a, b) => Number(a.name === 'logout') - Number(b.name === 'logout'));
      const seen: string[] = [];
      for (const role of TEAM_ROLES) {
        const db = handle.db;
        const user = `walk-${role}`;
        await insertUser(db, accountA, user, undefined, { role });
        const session = (await login(app, user)).accessToken;
        for (const e of ordered) {
          const url = e.path.replace(/:([A-Za-z]+)/g, '1');
          const res = await app.inject({
            method: e.method,
            url,
            headers: bearer(session),
            ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { payload: {} }),
          });
          const refusal =
            res.statusCode === 403 && (res.json() as { message?: string }).message === TEAM_MSG.roleNotAllowed(role);
          if (allowed(e).includes(role)) {
            expect(refusal, `${role} ${e.name}`).toBe(false);
            expect(res.statusCode, `${role} ${e.name}`).not.toBe(401);
          } else expect(refusal, `${role} ${e.name}: ${res.statusCode} ${res.body}`).toBe(true);
          seen.push(`${role}:${e.name}`);
        }
      }
      expect(seen).toHaveLength(TEAM_ROLES.length * customerRoutes.length);
    });

    it('answers the profile with the role', async () => {
      const me = (await call('GET', pathOf(routes.getCurrentUser), 'bea')).json() as { role: string };
      expect(me.role).toBe('buyer');
    });
  });

  describe('limits and approval', () => {
    it('places an order exactly at the per-order limit, and submits one a penny over for approval', async () => {
      const { total } = await fillBasket('bea', 1);
      // The limit set to the basket's total exactly: within it.
      expect((await setUser(ids.bea!, { orderLimit: total.toFixed(2), monthlyBudget: null })).statusCode).toBe(200);
      token.bea = (await login(app, 'bea')).accessToken;
      expect(await limits('bea')).toMatchObject({ needsApproval: false, reason: null, orderTotal: total });
      const placed = await submit('bea', 1);
      expect(placed.status).toBe('Open');
      // A penny less: over it.
      await setUser(ids.bea!, { orderLimit: ((pence(total) - 1) / 100).toFixed(2) });
      await fillBasket('bea', 1);
      expect(await limits('bea')).toMatchObject({ needsApproval: true, reason: 'orderLimit' });
      const waiting = await submit('bea', 1);
      expect(waiting.status).toBe(AWAITING_APPROVAL);
      expect((await order(waiting.orderNumber)).status).toBe(AWAITING_APPROVAL);
    });

    it('counts placed and awaiting orders of the month against the budget, exactly at it being within it', async () => {
      await setUser(ids.bea!, { orderLimit: null, monthlyBudget: null });
      const spent = (await limits('bea')).spentThisMonth;
      const { total } = await fillBasket('bea', 1);
      expect(spent).toBe(total * 2); // the order placed and the one awaiting approval above
      await setUser(ids.bea!, { monthlyBudget: ((pence(spent) + pence(total)) / 100).toFixed(2) });
      expect(await limits('bea')).toMatchObject({ needsApproval: false, budgetRemaining: total });
      await setUser(ids.bea!, { monthlyBudget: ((pence(spent) + pence(total) - 1) / 100).toFixed(2) });
      expect(await limits('bea')).toMatchObject({ needsApproval: true, reason: 'budget' });
    });

    it('keeps an order awaiting approval out of the ERP feed and events, and lists it for approvers', async () => {
      await setUser(ids.bea!, { orderLimit: '1.00', monthlyBudget: null });
      const waiting = await submit('bea', 2);
      const store = composeStore(handle.db);
      const feed = await store.ordersOut.listOrdersOut(undefined, { limit: 500 });
      expect(feed.orders.map((o) => o.orderNumber)).not.toContain(waiting.orderNumber);
      const events = await handle.db
        .selectFrom('outbox_events')
        .select('payload')
        .where('type', '=', 'order.placed')
        .execute();
      expect(events.some((e) => e.payload.includes(waiting.orderNumber))).toBe(false);
      const mails = await handle.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('kind', '=', 'approval.requested')
        .execute();
      const mail = mails.find((m) => m.payload.includes(waiting.orderNumber));
      expect(mail?.recipients).toContain('abe@test.example');
      const queue = (await call('GET', pathOf(routes.listApprovals), 'abe')).json() as {
        approvals: { orderNumber: string; placedBy: string }[];
      };
      expect(queue.approvals).toContainEqual(
        expect.objectContaining({ orderNumber: waiting.orderNumber, placedBy: 'Bea Buyer' }),
      );
      // The buyer sees it on Open Orders; cancelling is refused (withdraw it instead).
      expect((await openOrders('bea')).find((o) => o.orderNumber === waiting.orderNumber)).toMatchObject({
        status: AWAITING_APPROVAL,
        placedBy: 'Bea Buyer',
        placedByMe: true,
      });
      const cancel = await call('POST', pathOf(routes.cancelOrder, { orderNumber: waiting.orderNumber }), 'bea');
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json()).toMatchObject({ message: TEAM_MSG.useWithdraw });
    });

    it('approves at the price shown, places it, and the feed and order.placed carry who placed and approved it', async () => {
      await setUser(ids.bea!, { orderLimit: '1.00', monthlyBudget: null });
      const waiting = await submit('bea', 3);
      const review = (
        await call('GET', pathOf(routes.reviewApproval, { orderNumber: waiting.orderNumber }), 'abe')
      ).json() as ReviewApprovalResponse;
      expect(review).toMatchObject({ canApprove: true, pricesChanged: false, currentTotal: waiting.total });
      const url = pathOf(routes.approveOrder, { orderNumber: waiting.orderNumber });
      const stale = await call('POST', url, 'abe', { amount: waiting.total + 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ message: TEAM_MSG.changedSinceReview(waiting.orderNumber) });
      const ok = await call('POST', url, 'abe', { amount: review.currentTotal });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await order(waiting.orderNumber)).status).toBe('Open');
      const again = await call('POST', url, 'abe', { amount: review.currentTotal });
      expect(again.statusCode).toBe(409);
      const listed = (await openOrders('ada')).find((o) => o.orderNumber === waiting.orderNumber);
      expect(listed).toMatchObject({ placedBy: 'Bea Buyer', approvedBy: 'Abe Approver', placedByMe: false });
      const feed = await composeStore(handle.db).ordersOut.listOrdersOut(undefined, { limit: 500 });
      expect(feed.orders.find((o) => o.orderNumber === waiting.orderNumber)).toMatchObject({
        placedBy: 'bea',
        approvedBy: 'abe',
      });
      const event = (
        await handle.db.selectFrom('outbox_events').select('payload').where('type', '=', 'order.placed').execute()
      ).find((e) => e.payload.includes(waiting.orderNumber));
      expect(JSON.parse(event!.payload)).toMatchObject({
        placedBy: { username: 'bea' },
        approvedBy: { username: 'abe' },
      });
      // The order PDF says who placed and who approved it.
      const pdf = await call('POST', pathOf(routes.downloadOrderStatement), 'ada', {
        orderNumber: waiting.orderNumber,
      });
      expect(pdf.statusCode).toBe(200);
      const text = pdfText(pdf.rawPayload);
      for (const s of [TEAM_MSG.placedBy, 'Bea Buyer', TEAM_MSG.approvedBy, 'Abe Approver']) expect(text).toContain(s);
      const ack = await handle.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('kind', '=', 'order.acknowledgement')
        .execute();
      expect(
        ack.some((m) => m.payload.includes(waiting.orderNumber) && m.recipients.includes('bea@test.example')),
      ).toBe(true);
    });

    it('gives one outcome to a concurrent approve and decline', async () => {
      await setUser(ids.bea!, { orderLimit: '1.00' });
      const waiting = await submit('bea', 1);
      const [a, d] = await Promise.all([
        call('POST', pathOf(routes.approveOrder, { orderNumber: waiting.orderNumber }), 'abe', {
          amount: waiting.total,
        }),
        call('POST', pathOf(routes.declineOrder, { orderNumber: waiting.orderNumber }), 'ada', { reason: 'Not now' }),
      ]);
      expect([a.statusCode, d.statusCode].sort()).toEqual([200, 409]);
      const status = (await order(waiting.orderNumber)).status;
      expect(status).toBe(a.statusCode === 200 ? 'Open' : DECLINED);
    });

    it('needs a reason to decline, and the buyer is emailed it and sees it on the order', async () => {
      await setUser(ids.bea!, { orderLimit: '1.00' });
      const spentBefore = (await limits('bea')).spentThisMonth;
      const waiting = await submit('bea', 1);
      expect((await limits('bea')).spentThisMonth).toBe(spentBefore + waiting.total);
      const url = pathOf(routes.declineOrder, { orderNumber: waiting.orderNumber });
      const none = await call('POST', url, 'abe', { reason: '  ' });
      expect(none.statusCode).toBe(400);
      expect(none.body).toContain(TEAM_MSG.reasonRequired);
      expect((await call('POST', url, 'abe', { reason: 'Over the site budget' })).statusCode).toBe(200);
      expect((await openOrders('bea')).find((o) => o.orderNumber === waiting.orderNumber)).toMatchObject({
        status: DECLINED,
        declinedBy: 'Abe Approver',
        declineReason: 'Over the site budget',
      });
      const mail = (
        await handle.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'approval.declined').execute()
      ).find((m) => m.payload.includes(waiting.orderNumber));
      expect(mail?.recipients).toContain('bea@test.example');
      // A declined order no longer counts against the budget.
      expect((await limits('bea')).spentThisMonth).toBe(spentBefore);
      expect((await call('POST', url, 'abe', { reason: 'again' })).statusCode).toBe(409);
    });

    it('lets only the buyer who submitted it withdraw it', async () => {
      await setUser(ids.bea!, { orderLimit: '1.00' });
      const spentBefore = (await limits('bea')).spentThisMonth;
      const waiting = await submit('bea', 1);
      const url = pathOf(routes.withdrawOrder, { orderNumber: waiting.orderNumber });
      const other = await call('POST', url, 'abe');
      expect(other.statusCode).toBe(403);
      expect(other.json()).toMatchObject({ message: TEAM_MSG.notYourOrder });
      expect((await call('POST', url, 'bea')).statusCode).toBe(200);
      expect((await order(waiting.orderNumber)).status).toBe(WITHDRAWN);
      // A withdrawn order counts against no budget.
      expect((await limits('bea')).spentThisMonth).toBe(spentBefore);
      expect((await call('POST', url, 'bea')).statusCode).toBe(409);
    });

    it('refuses an approver their own order while another approver or admin exists', async () => {
      await setUser(ids.bea!, { orderLimit: '1.00' });
      const waiting = await submit('bea', 1);
      await setUser(ids.bea!, { role: 'approver' });
      // The old token's role is gone: the session check refuses it until it is refreshed.
      const stale = await call('GET', pathOf(routes.listOpenOrders), 'bea');
      expect(stale.statusCode).toBe(401);
      expect(stale.headers['www-authenticate']).toContain('invalid_token');
      token.bea = (await login(app, 'bea')).accessToken;
      const res = await call('POST', pathOf(routes.approveOrder, { orderNumber: waiting.orderNumber }), 'bea', {
        amount: waiting.total,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: TEAM_MSG.ownOrder });
      await setUser(ids.bea!, { role: 'buyer' });
      token.bea = (await login(app, 'bea')).accessToken;
    });

    it("answers another account's order as not found", async () => {
      await setUser(ids.bea!, { orderLimit: '1.00' });
      const waiting = await submit('bea', 1);
      const res = await call('POST', pathOf(routes.approveOrder, { orderNumber: waiting.orderNumber }), 'bob', {
        amount: waiting.total,
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('a card-paying (proforma) account: approved, then paid by card', () => {
    let accountP: number;
    const APPROVE_CARD = '4242 4242 4242 4242';
    const DECLINE_CARD = '4000 0000 0000 0002';

    beforeAll(async () => {
      const db = handle.db;
      accountP = await insertAccount(db, { is_proforma: 1, credit_limit_minor: 0 });
      ids.pia = await insertUser(db, accountP, 'pia', undefined, {
        name: 'Pia Buyer',
        role: 'buyer',
        orderLimitMinor: 100,
      });
      ids.pat = await insertUser(db, accountP, 'pat', undefined, { name: 'Pat Approver', role: 'approver' });
      ids.pav = await insertUser(db, accountP, 'pav', undefined, { name: 'Pav Buyer', role: 'buyer' });
      ids.pfi = await insertUser(db, accountP, 'pfi', undefined, { name: 'Pfi Finance', role: 'finance' });
      ids.pad = await insertUser(db, accountP, 'pad', undefined, { name: 'Pad Admin' });
      for (const u of ['pia', 'pat', 'pav', 'pfi', 'pad']) token[u] = (await login(app, u)).accessToken;
    });

    const payUrl = (orderNumber: string) => pathOf(routes.payApprovedOrder, { orderNumber });
    /** Starts the payment of an approved order as `who`; answers the payment id. */
    async function startPaying(orderNumber: string, who = 'pia', payload?: unknown): Promise<string> {
      const res = await call('POST', payUrl(orderNumber), who, payload);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { payment_Checkout_Url: string }).payment_Checkout_Url.split('/').pop()!;
    }
    const payByCard = (id: string, cardNumber: string) =>
      app.inject({
        method: 'POST',
        url: pathOf(routes.payByCard, { id }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ cardNumber, expiry: '12/39', cvc: '123', name: 'Pia Buyer' }).toString(),
      });
    async function approve(orderNumber: string) {
      const review = (
        await call('GET', pathOf(routes.reviewApproval, { orderNumber }), 'pat')
      ).json() as ReviewApprovalResponse;
      const res = await call('POST', pathOf(routes.approveOrder, { orderNumber }), 'pat', {
        amount: review.currentTotal,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { status: string };
    }
    const feedNumbers = async () =>
      (await composeStore(handle.db).ordersOut.listOrdersOut(undefined, { limit: 500 })).orders.map(
        (o) => o.orderNumber,
      );
    const mailsOf = (kind: string, orderNumber: string) =>
      handle.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('kind', '=', kind)
        .execute()
        .then((rows) => rows.filter((m) => m.payload.includes(orderNumber)));
    const placedEvents = async (orderNumber: string) =>
      (
        await handle.db.selectFrom('outbox_events').select('payload').where('type', '=', 'order.placed').execute()
      ).filter((e) => e.payload.includes(orderNumber));

    it('refuses Proceed to Payment over the limits, and submits the order for approval instead', async () => {
      const { total } = await fillBasket('pia', 1);
      const pay = await call('POST', pathOf(routes.requestOrderPayment), 'pia', paymentBody(total));
      expect(pay.statusCode).toBe(403);
      expect(pay.json()).toMatchObject({ message: TEAM_MSG.overLimitsSubmitForApproval });
      const waiting = await submit('pia', 1);
      expect(waiting.status).toBe(AWAITING_APPROVAL);
      expect(await feedNumbers()).not.toContain(waiting.orderNumber);
      // Within the limits a card-paying account still pays at checkout: Place Order is refused.
      const { revision, total: t2 } = await fillBasket('pav', 1);
      const place = await call('POST', pathOf(routes.submitBasket, { id: revision }), 'pav', { amount: t2 });
      expect(place.statusCode).toBe(403);
      expect(place.json()).toMatchObject({ message: SERVER_MSG.proformaMustPay });
    });

    it('approves it to await payment; the buyer pays by card and the order is placed, in the feed, acknowledged', async () => {
      const waiting = await submit('pia', 2);
      // Not payable before approval.
      const early = await call('POST', payUrl(waiting.orderNumber), 'pia');
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({
        message: TEAM_MSG.notAwaitingPayment(waiting.orderNumber, AWAITING_APPROVAL),
      });

      expect(await approve(waiting.orderNumber)).toMatchObject({ status: APPROVED_AWAITING_PAYMENT });
      const approved = await order(waiting.orderNumber);
      expect(approved).toMatchObject({
        status: APPROVED_AWAITING_PAYMENT,
        approved_by_user_id: ids.pat,
        payment_id: null,
      });
      // Not placed yet: not in the feed, no order.placed, no acknowledgement; counted in the budget.
      expect(await feedNumbers()).not.toContain(waiting.orderNumber);
      expect(await placedEvents(waiting.orderNumber)).toEqual([]);
      expect(await mailsOf('order.acknowledgement', waiting.orderNumber)).toEqual([]);
      // The buyer is emailed to pay for it.
      const toPay = await mailsOf('approval.awaitingPayment', waiting.orderNumber);
      expect(toPay).toHaveLength(1);
      expect(toPay[0]!.recipients).toContain('pia@test.example');
      const deps = {
        repo: mailRepository(handle.db),
        settings: composeStore(handle.db).settings,
        baseUrl: 'http://p.test',
      };
      const mail = await renderMail(
        'approval.awaitingPayment',
        JSON.parse(toPay[0]!.payload),
        deps as unknown as RenderDeps,
      );
      expect(mail.subject).toBe(MAIL_MSG.approval.awaitingPaymentSubject(waiting.orderNumber, approved.reference));
      expect(mail.text).toContain('Pat Approver');
      expect(mail.html).toContain('http://p.test/open-orders');
      expect((await openOrders('pia')).find((o) => o.orderNumber === waiting.orderNumber)).toMatchObject({
        status: APPROVED_AWAITING_PAYMENT,
        approvedBy: 'Pat Approver',
      });
      // Another buyer of the account may not pay for it; an account admin and finance may.
      const other = await call('POST', payUrl(waiting.orderNumber), 'pav');
      expect(other.statusCode).toBe(403);
      expect(other.json()).toMatchObject({ message: TEAM_MSG.notYourOrderToPay });
      await startPaying(waiting.orderNumber, 'pfi');
      await startPaying(waiting.orderNumber, 'pad');
      // Another account's caller: not found.
      expect((await call('POST', payUrl(waiting.orderNumber), 'bob')).statusCode).toBe(404);

      // The amount is the approved total, whatever the client sends.
      const declinedId = await startPaying(waiting.orderNumber, 'pia', { amount: 0.01, amountMinor: 1 });
      const payment = await handle.db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', declinedId)
        .executeTakeFirstOrThrow();
      expect(Number(payment.amount_minor)).toBe(Number(approved.total_minor));
      expect(payment).toMatchObject({ purpose: 'order', user_id: ids.pia, status: 'pending' });
      // Leaving without paying returns to Open Orders saying so.
      const page = await app.inject({ method: 'GET', url: pathOf(routes.showPaymentPage, { id: declinedId }) });
      expect(page.body).toContain(`/open-orders?payment=cancelled&amp;order=${waiting.orderNumber}`);
      // A declined card: back to Open Orders, still payable.
      const declined = await payByCard(declinedId, DECLINE_CARD);
      expect(declined.statusCode).toBe(303);
      expect(declined.headers.location).toBe(`/open-orders?payment=declined&order=${waiting.orderNumber}`);
      expect((await order(waiting.orderNumber)).status).toBe(APPROVED_AWAITING_PAYMENT);

      const feedBefore = await feedNumbers();
      const paidId = await startPaying(waiting.orderNumber);
      const paid = await payByCard(paidId, APPROVE_CARD);
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe(`/open-orders?payment=paid&order=${waiting.orderNumber}`);
      const placed = await order(waiting.orderNumber);
      expect(placed).toMatchObject({ status: 'Open', payment_id: paidId, approved_by_user_id: ids.pat });
      expect(placed.id).toBeGreaterThan(approved.id);
      const lines = await handle.db.selectFrom('order_lines').selectAll().where('order_id', '=', placed.id).execute();
      expect(lines.map((l) => l.item_no)).toEqual(['TB-1', expect.any(String)]);
      // In the feed after the orders the ERP had read; the ERP and the buyer hear of it once.
      const feedAfter = await feedNumbers();
      expect(feedAfter.slice(0, feedBefore.length)).toEqual(feedBefore);
      expect(feedAfter.at(-1)).toBe(waiting.orderNumber);
      expect(await placedEvents(waiting.orderNumber)).toHaveLength(1);
      const ack = await mailsOf('order.acknowledgement', waiting.orderNumber);
      expect(ack).toHaveLength(1);
      expect(ack[0]!.recipients).toContain('pia@test.example');
      expect(
        (
          await handle.db.selectFrom('mail_outbox').select('payload').where('kind', '=', 'payment.receipt').execute()
        ).some((m) => m.payload.includes(paidId)),
      ).toBe(true);

      // Paying twice is refused.
      const twice = await call('POST', payUrl(waiting.orderNumber), 'pia');
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ message: TEAM_MSG.notAwaitingPayment(waiting.orderNumber, 'Open') });
    });

    it('lets the buyer withdraw an approved order before paying; its payment link then takes no card', async () => {
      const waiting = await submit('pia', 1);
      await approve(waiting.orderNumber);
      const id = await startPaying(waiting.orderNumber);
      expect(
        (await call('POST', pathOf(routes.withdrawOrder, { orderNumber: waiting.orderNumber }), 'pia')).statusCode,
      ).toBe(200);
      expect((await order(waiting.orderNumber)).status).toBe(WITHDRAWN);
      const res = await payByCard(id, APPROVE_CARD);
      expect(res.statusCode).not.toBe(303);
      expect(res.body).toContain(SERVER_MSG.paymentRefusal.orderNotAwaitingPayment);
      expect((await order(waiting.orderNumber)).status).toBe(WITHDRAWN);
      expect((await call('POST', payUrl(waiting.orderNumber), 'pia')).statusCode).toBe(409);
    });

    it('declines a card-paying order as any other: not payable', async () => {
      const waiting = await submit('pia', 1);
      const url = pathOf(routes.declineOrder, { orderNumber: waiting.orderNumber });
      expect((await call('POST', url, 'pat', { reason: 'No' })).statusCode).toBe(200);
      const pay = await call('POST', payUrl(waiting.orderNumber), 'pia');
      expect(pay.statusCode).toBe(409);
      expect(pay.json()).toMatchObject({ message: TEAM_MSG.notAwaitingPayment(waiting.orderNumber, DECLINED) });
    });
  });

  describe('the team', () => {
    it('lists the users with role, limits, last sign-in and status', async () => {
      const res = await call('GET', pathOf(routes.listTeamUsers), 'ada');
      expect(res.statusCode).toBe(200);
      const { users } = res.json() as {
        users: { username: string; role: string; lastLoginAt: string | null; status: string; isYou: boolean }[];
      };
      expect(users.find((u) => u.username === 'ada')).toMatchObject({ role: 'admin', status: 'Active', isYou: true });
      expect(users.find((u) => u.username === 'abe')?.lastLoginAt).toEqual(expect.any(String));
      expect(users.map((u) => u.username)).not.toContain('bob');
    });

    it('invites a user by email (a set-password link), refuses a taken username', async () => {
      const body = {
        username: 'newbie',
        name: 'New Bie',
        email: 'newbie@test.example',
        role: 'buyer',
        orderLimit: '250',
      };
      const res = await call('POST', pathOf(routes.inviteTeamUser), 'ada', body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ username: 'newbie', role: 'buyer', status: 'Invited', orderLimit: 250 });
      const mail = await handle.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('kind', '=', 'password.invitation')
        .execute();
      expect(mail.some((m) => m.recipients.includes('newbie@test.example'))).toBe(true);
      // The ERP hears of the new user (user.updated), as of one the admin CLI creates.
      const events = await handle.db
        .selectFrom('outbox_events')
        .select('payload')
        .where('type', '=', 'user.updated')
        .execute();
      expect(events.map((e) => JSON.parse(e.payload) as object)).toContainEqual(
        expect.objectContaining({ username: 'newbie', change: 'created', source: 'portal-team', enabled: true }),
      );
      expect((await call('POST', pathOf(routes.inviteTeamUser), 'ada', body)).statusCode).toBe(409);
    });

    it.each([
      [{ role: 'owner' }, TEAM_MSG.unknownRole],
      [{ orderLimit: '0' }, TEAM_MSG.limitFormat],
      [{ orderLimit: '-5' }, TEAM_MSG.limitFormat],
      [{ monthlyBudget: '12.345' }, TEAM_MSG.limitFormat],
      [{ monthlyBudget: 'ten' }, TEAM_MSG.limitFormat],
    ])('refuses %j with 400 and the message', async (patch, message) => {
      const res = await setUser(ids.vic!, patch);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    });

    it('takes limits with two decimals, and empty for none', async () => {
      expect((await setUser(ids.vic!, { orderLimit: '0.01', monthlyBudget: 1000.5 })).json()).toMatchObject({
        orderLimit: 0.01,
        monthlyBudget: 1000.5,
      });
      expect((await setUser(ids.vic!, { orderLimit: '', monthlyBudget: null })).json()).toMatchObject({
        orderLimit: null,
        monthlyBudget: null,
      });
    });

    it('answers a user of another account as not found', async () => {
      const res = await setUser(ids.bob!, { role: 'viewer' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: TEAM_MSG.userNotFound });
    });

    it('keeps the last active admin: cannot demote or disable them', async () => {
      const own = await insertAccount(handle.db);
      await insertUser(handle.db, own, 'solo');
      const solo = (await login(app, 'solo')).accessToken;
      const soloId = (
        await handle.db.selectFrom('users').select('id').where('username', '=', 'solo').executeTakeFirstOrThrow()
      ).id;
      for (const patch of [{ role: 'buyer' }, { disabled: true }]) {
        const res = await app.inject({
          method: 'PATCH',
          url: pathOf(routes.updateTeamUser, { userId: soloId }),
          headers: bearer(solo),
          payload: patch,
        });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ message: TEAM_MSG.lastAdmin });
      }
    });

    it('disables a user: their session ends', async () => {
      const u = await insertUser(handle.db, accountA, 'leaver', undefined, { role: 'viewer' });
      const session = (await login(app, 'leaver')).accessToken;
      expect((await setUser(u, { disabled: true })).json()).toMatchObject({ status: 'Disabled' });
      const res = await app.inject({ method: 'GET', url: pathOf(routes.listOpenOrders), headers: bearer(session) });
      expect(res.statusCode).toBe(401);
    });
  });
});
