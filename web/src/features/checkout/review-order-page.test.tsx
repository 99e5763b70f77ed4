import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AWAITING_APPROVAL,
  CHECKOUT_MSG,
  CREDIT_MSG,
  MSG,
  TEAM_MSG,
  type BasketHeader,
  type User,
  routes,
  pathOf,
} from '@wholesale/contract';
import { demoUser, loggedInSession, settings } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server, on } from '../../test/server';
import { creditSummaryFixture } from '../account/account-test-data';
import { twoLineBasket, twoLineSummary } from '../basket/basket-test-data';
import { paymentRedirect } from './checkout-api';
import { invoiceHeader, savedHeader } from './checkout-test-data';

afterEach(() => vi.restoreAllMocks());

function setup({
  header = savedHeader,
  user = demoUser,
  path = '/checkout/review-order',
}: { header?: BasketHeader; user?: User; path?: string } = {}) {
  const calls: { url: string; body: unknown }[] = [];
  const record = async (request: Request) =>
    calls.push({ url: new URL(request.url).pathname, body: await request.json() });
  server.use(
    on(routes.getBasket, () => HttpResponse.json(twoLineBasket)),
    on(routes.getBasketAmount, () => HttpResponse.json(twoLineSummary)),
    on(routes.getBasketHeader, () => HttpResponse.json(header)),
    on(routes.submitBasketHeader, async ({ request }) => (await record(request), HttpResponse.json(header))),
    on(
      routes.submitBasket,
      async ({ request }) => (await record(request), HttpResponse.json({ orderNumber: 'SO-300001' })),
    ),
    on(routes.listOpenOrders, () => HttpResponse.json([])),
    on(routes.getOrderConfirmation, () =>
      HttpResponse.json({ orderNumber: 'SO-300001', reference: 'PO-123', totalAmount: 55.54, status: 'Open' }),
    ),
  );
  const view = renderApp(path, { session: { ...loggedInSession, user } });
  return { ...view, calls };
}

const table = () => screen.findByRole('table', { name: 'Order lines' });

describe('Checkout - Review Order', () => {
  it('shows delivery information, the order lines with carriage and total, the terms (closed) and the consent text', async () => {
    setup();
    const rows = within(await table()).getAllByRole('row');
    expect(rows.map((r) => [...r.querySelectorAll('th,td')].map((c) => c.textContent))).toEqual([
      ['Item No.', 'Description', 'Qty', 'Disc. Price', 'Total'],
      ['RB-100', 'Roller blind Blackout Charcoal', '2', '£18.00', '£36.00'],
      ['CS-7', 'Bead chain connector', '3', '£0.11111', '£0.33'],
      ['', 'Carriage', '1', '£9.95', '£9.95'],
      [MSG.totalExclVat, '£46.28'],
    ]);
    expect(screen.getByRole('button', { name: 'Delivery Information' })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('PO-123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change delivery information' })).toHaveAttribute(
      'href',
      '/checkout/deliveryinformation',
    );
    expect(screen.getByRole('link', { name: 'Change basket' })).toHaveAttribute('href', '/basket');
    const terms = screen.getByRole('button', { name: 'Terms and Conditions' });
    expect(terms).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('heading', { name: 'Price and Payment' })).not.toBeInTheDocument();
    expect(screen.getByText(MSG.termsConsent)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order Summary' })).toHaveTextContent('£55.54');
    expect(screen.queryByText('Payment')).not.toBeInTheDocument();
  });

  it('opens the Terms and Conditions with the four sections', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Terms and Conditions' }));
    for (const h of ['Introduction', 'Specification of Goods', 'Price and Payment', 'Delivery'])
      expect(screen.getByRole('heading', { name: h })).toBeInTheDocument();
    expect(
      screen.getByText(/price of the goods is the price displayed when your order is received/),
    ).toBeInTheDocument();
  });

  it('places a credit order: delivery info, then submit of the reviewed revision with the amount shown', async () => {
    const { user, calls, location } = setup();
    await table();
    const place = await screen.findByRole('button', { name: 'Place Order' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    // The order-placed dialog on /open-orders reads and then removes ?confirmorder=success.
    await waitFor(() => expect(location()).toMatch(/^\/open-orders(\?confirmorder=success)?$/));
    expect(calls).toEqual([
      {
        url: pathOf(routes.submitBasketHeader),
        body: expect.objectContaining({ externalDocNo: 'PO-123', deliveryCode: 'INVOICE' }),
      },
      { url: pathOf(routes.submitBasket, { id: 7 }), body: { amount: 55.54, shipmentPreference: 'partial' } },
    ]);
  });

  it("goes to /basket with 'The Basket was updated during the checkout process.' on 409", async () => {
    const { user, location } = setup();
    server.use(
      on(routes.submitBasket, () =>
        HttpResponse.json({ statusCode: 409, message: MSG.basketUpdatedDuringCheckout }, { status: 409 }),
      ),
    );
    await table();
    const place = screen.getByRole('button', { name: 'Place Order' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    const dialog = await screen.findByRole('dialog', { name: MSG.checkoutIssueTitle });
    expect(within(dialog).getByText(MSG.basketUpdatedDuringCheckout)).toBeInTheDocument();
    expect(location()).toBe('/basket');
  });

  it("goes to /basket with 'Order cannot be processed.' and the reason when placing fails", async () => {
    const { user } = setup();
    server.use(
      on(routes.submitBasket, () =>
        HttpResponse.json({ statusCode: 400, message: MSG.missingDeliveryInformation }, { status: 400 }),
      ),
    );
    await table();
    const place = screen.getByRole('button', { name: 'Place Order' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    const dialog = await screen.findByRole('dialog', { name: MSG.checkoutIssueTitle });
    expect(within(dialog).getByText(MSG.orderCannotBeProcessed)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.missingDeliveryInformation)).toBeInTheDocument();
  });

  it('tells an account on stop why it cannot place an order: the overdue invoices, with the way to pay them', async () => {
    setup({ user: { ...demoUser, onStop: 'True' } });
    server.use(
      on(routes.getCreditSummary, () =>
        HttpResponse.json({
          ...creditSummaryFixture,
          onStop: true,
          overdue: { total: 1234.5, documentNumbers: ['SI-100240', 'SI-100250'] },
        }),
      ),
    );
    await table();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MSG.accountOnStop(settings.supportEmail));
    expect(await within(alert).findByText(CREDIT_MSG.onStopReason(2, '£1,234.50'))).toBeInTheDocument();
    expect(within(alert).getByText('SI-100240, SI-100250')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: CREDIT_MSG.payOverdue })).toHaveAttribute(
      'href',
      '/account?pay=overdue',
    );
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  });

  it('stays on Review Order with Place Order disabled and the reason when the credit changed underneath', async () => {
    const { user, location } = setup();
    // The figures on entry leave room; Place Order is refused (another order took the credit).
    let credit = { ...creditSummaryFixture };
    server.use(
      on(routes.getCreditSummary, () => HttpResponse.json(credit)),
      on(routes.submitBasket, () => {
        credit = { ...creditSummaryFixture, exposure: 4990, availableCredit: 10 };
        return HttpResponse.json({ message: 'over credit' }, { status: 403 });
      }),
    );
    const place = await screen.findByRole('button', { name: 'Place Order' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    const reason = await screen.findByText(CREDIT_MSG.placeOrderBlocked.overCredit);
    await waitFor(() => expect(reason).toHaveFocus());
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription(CREDIT_MSG.placeOrderBlocked.overCredit);
    expect(screen.getByRole('alert')).toHaveTextContent(CREDIT_MSG.overCredit('£55.54', '£10.00'));
    expect(location()).toBe('/checkout/review-order');
    expect(screen.queryByRole('dialog', { name: MSG.checkoutIssueTitle })).not.toBeInTheDocument();
  });

  it('warns of a purchase order used before, and still lets the order be placed', async () => {
    setup({ header: { ...savedHeader, purchaseOrderUsedOn: 'SO-200073' } });
    expect(
      await screen.findByText(CHECKOUT_MSG.purchaseOrderReused(savedHeader.purchaseOrder, 'SO-200073')),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
  });

  it('puts Place Order after every choice: delivery, lines, how to send, terms', async () => {
    setup();
    await table();
    const place = await screen.findByRole('button', { name: 'Place Order' });
    const terms = screen.getByRole('button', { name: 'Terms and Conditions' });
    const lines = screen.getByRole('table', { name: 'Order lines' });
    for (const before of [terms, lines])
      expect(before.compareDocumentPosition(place) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('sends a fresh visit without stored delivery information to step 1', async () => {
    const { location } = setup({ header: invoiceHeader });
    await waitFor(() => expect(location()).toBe('/checkout/deliveryinformation'));
  });

  describe('proforma', () => {
    const proforma = { ...demoUser, isProforma: true, customerNumber: 'C10002' };

    it('shows the Payment step and redirects the browser to the payment page', async () => {
      const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => {});
      let paymentBody: unknown;
      const { user, calls } = setup({ user: proforma });
      const paymentPage = pathOf(routes.showPaymentPage, { id: '0b8f6a7e-4a3c-4d5e-9f00-1234567890ab' });
      server.use(
        on(routes.requestOrderPayment, async ({ request }) => {
          paymentBody = await request.json();
          return HttpResponse.json({ payment_Checkout_Url: paymentPage });
        }),
      );
      await table();
      expect(
        within(screen.getByRole('navigation', { name: 'Checkout steps' })).getByText('Payment'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();
      const pay = screen.getByRole('button', { name: 'Proceed to Payment' });
      await waitFor(() => expect(pay).toBeEnabled());
      await user.click(pay);
      await waitFor(() => expect(go).toHaveBeenCalledWith(paymentPage));
      expect(calls.map((c) => c.url)).toEqual([pathOf(routes.submitBasketHeader)]);
      expect(paymentBody).toMatchObject({
        amount: 55.54,
        account_code: 'C10002',
        currency: 'GBP',
        reference: 'PO-123',
        billing_address: { first_name: 'Jane', last_name: 'Smith', line_1: '1 Mill Lane', post_code: 'LS1 1AA' },
        shipping_address: { line_1: '1 Mill Lane', line_2: '', city: 'Leeds' },
      });
    });

    it("submits a buyer's order over their limits for approval instead of taking a card", async () => {
      const buyer = { ...proforma, role: 'buyer' as const };
      const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => {});
      let paymentAsked = false;
      server.use(
        on(routes.getOrderLimits, () =>
          HttpResponse.json({
            role: 'buyer',
            currencyCode: 'GBP',
            orderLimit: 50,
            monthlyBudget: null,
            spentThisMonth: 0,
            budgetRemaining: null,
            orderTotal: 55.54,
            needsApproval: true,
            reason: 'orderLimit',
          }),
        ),
        on(
          routes.requestOrderPayment,
          () => ((paymentAsked = true), HttpResponse.json({ payment_Checkout_Url: '/x' })),
        ),
      );
      const { user, calls, location } = setup({ user: buyer });
      server.use(
        on(routes.submitBasket, async ({ request }) => {
          calls.push({ url: new URL(request.url).pathname, body: await request.json() });
          return HttpResponse.json({ orderNumber: 'SO-300002', status: AWAITING_APPROVAL });
        }),
      );
      const submit = await screen.findByRole('button', { name: TEAM_MSG.submitForApproval });
      expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).not.toBeInTheDocument();
      await waitFor(() => expect(submit).toBeEnabled());
      await user.click(submit);
      await waitFor(() => expect(location()).toBe('/open-order-enquiry?order=SO-300002'));
      expect(calls.map((c) => c.url)).toContain(pathOf(routes.submitBasket, { id: twoLineBasket.revision }));
      expect(paymentAsked).toBe(false);
      expect(go).not.toHaveBeenCalled();
    });

    it("says 'Cannot confirm order' when the payment cannot start", async () => {
      const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => {});
      const { user } = setup({ user: proforma });
      server.use(
        on(routes.requestOrderPayment, () => HttpResponse.json({ statusCode: 500, message: 'x' }, { status: 500 })),
      );
      await table();
      const pay = screen.getByRole('button', { name: 'Proceed to Payment' });
      await waitFor(() => expect(pay).toBeEnabled());
      await user.click(pay);
      await waitFor(() => expect(screen.getAllByText(MSG.cannotConfirmOrder)).toHaveLength(2)); // the notice and a toast
      expect(screen.getAllByRole('alert').some((a) => a.textContent?.startsWith(MSG.cannotConfirmOrder))).toBe(true);
      expect(go).not.toHaveBeenCalled();
      expect(pay).toBeEnabled();
    });

    it("says 'Cannot confirm order' after a declined payment", async () => {
      setup({ user: proforma, path: '/checkout/review-order?payment=declined' });
      await table();
      expect(screen.getByRole('alert')).toHaveTextContent(MSG.cannotConfirmOrder);
    });
  });
});
