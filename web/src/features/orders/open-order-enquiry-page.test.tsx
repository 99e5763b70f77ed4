import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPROVED_AWAITING_PAYMENT, MSG, ORDER_MSG, TEAM_MSG, routes, pathOf } from '@wholesale/contract';
import { demoUser, loggedInSession, settings } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server, on } from '../../test/server';
import { openOrder } from './orders-test-data';
import { paymentRedirect } from './pay-approved-order';
import { twoLineBasket } from '../basket/basket-test-data';

const order = openOrder('SO-7', '01/02/25', {
  despatchDate: '03/02/25',
  reference: 'Kitchen',
  amount: 1000,
  vatAmount: 200,
  invoiceTotal: 1200,
  totalOrderAmount: 1000,
});
const proforma = { ...loggedInSession, user: { ...demoUser, isProforma: true } };

beforeEach(() => {
  server.use(
    on(routes.listOpenOrders, () => HttpResponse.json([order, openOrder('SO-8', '02/02/25')])),
    on(routes.getBasketAmount, () => HttpResponse.json({ amount: 0, totalVAT: 0, totalAmount: 0 })),
  );
});

const summary = () => screen.findByRole('region', { name: 'Order SO-7' });

describe('Open Order Enquiry', () => {
  it('shows the selected order from the URL: summary, lines, item count and total; dialogs closed', async () => {
    renderApp('/open-order-enquiry?order=SO-7', { session: loggedInSession });
    const region = await summary();
    const value = (label: string) => within(region).getByText(label).nextElementSibling?.textContent;
    expect(value('Order No')).toBe('SO-7');
    expect(value('Order Date')).toBe('01/02/25');
    expect(value('Dispatch Date')).toBe('03/02/25');
    expect(value('Customer Ref')).toBe('Kitchen');
    expect(value('Amount')).toBe('£1,000.00');
    expect(value('VAT')).toBe('£200.00');
    expect(value('Invoice Total')).toBe('£1,200.00');
    expect(within(screen.getByRole('table', { name: 'Order lines' })).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('2 items')).toBeInTheDocument();
    // Named as View Transaction names them: before VAT, the VAT, with VAT.
    const totals = screen.getByText(MSG.totalExclVat).closest('dl')!;
    expect(within(totals).getByText(MSG.totalExclVat).nextElementSibling).toHaveTextContent('£1,000.00');
    expect(within(totals).getByText('VAT').nextElementSibling).toHaveTextContent('£200.00');
    expect(within(totals).getByText(MSG.totalInclVat).nextElementSibling).toHaveTextContent('£1,200.00');
    expect(screen.getByRole('button', { name: 'Copy Order' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Order' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers neither Copy nor Cancel to a role that may not order (finance, viewer)', async () => {
    for (const role of ['finance', 'viewer'] as const) {
      const view = renderApp('/open-order-enquiry?order=SO-7', {
        session: { ...loggedInSession, user: { ...demoUser, role } },
      });
      await summary();
      expect(screen.getByRole('button', { name: 'Order Summary' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Copy Order' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
      // Nor a reason it could not be cancelled: cancelling is not theirs to do at all.
      expect(screen.queryByText(MSG.cancelNotAllowed(settings.supportEmail))).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it("shows the supplier's own reference once its ERP has acknowledged the order, nothing before", async () => {
    renderApp('/open-order-enquiry?order=SO-7', { session: loggedInSession });
    await summary();
    expect(screen.queryByText(/Our reference/)).not.toBeInTheDocument();
    server.use(on(routes.listOpenOrders, () => HttpResponse.json([{ ...order, erpReference: 'SAGE-4411' }])));
    renderApp('/open-order-enquiry?order=SO-7', { session: loggedInSession });
    expect(await screen.findByText('SAGE-4411')).toBeInTheDocument();
    expect(screen.getByText(/Our reference/)).toBeInTheDocument();
  });

  it('keeps "Keep order" as the way out: the order is not cancelled and the dialog closes', async () => {
    let posted = false;
    server.use(
      http.post(pathOf(routes.cancelOrder, { orderNumber: 'SO-7' }), () => {
        posted = true;
        return HttpResponse.json({ orderNumber: 'SO-7', status: 'Cancelled' });
      }),
    );
    const { user, location } = renderApp('/open-order-enquiry?order=SO-7', { session: loggedInSession });
    await summary();
    await user.click(screen.getByRole('button', { name: 'Cancel Order' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ORDER_MSG.keepOrder }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toBe(false);
    expect(location()).toBe('/open-order-enquiry?order=SO-7');
  });

  it('links the tracking numbers to the carrier, naming it, once the order has some', async () => {
    server.use(
      on(routes.listOpenOrders, () => HttpResponse.json([{ ...order, status: 'Shipped', isTrackingAvailable: true }])),
      on(routes.trackOrder, () => HttpResponse.json({ trackingId: ['JD0001', 'JD0002'] })),
      on(routes.getSettings, () => HttpResponse.json({ ...settings, trackingCarrier: 'DPD' })),
    );
    renderApp('/open-order-enquiry?order=SO-7', { session: loggedInSession });
    const region = await screen.findByRole('region', { name: ORDER_MSG.trackingHeading });
    const link = await within(region).findByRole('link', { name: 'Track JD0001 with DPD (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://track.example.test/JD0001');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(region).getAllByText('DPD')).toHaveLength(2);
    expect(within(region).getByRole('link', { name: /JD0002/ })).toBeInTheDocument();
  });

  it('shows no tracking section for an order without tracking numbers', async () => {
    renderApp('/open-order-enquiry?order=SO-7', { session: loggedInSession });
    await summary();
    expect(screen.queryByRole('region', { name: ORDER_MSG.trackingHeading })).not.toBeInTheDocument();
  });

  it('shows where the order is delivered', async () => {
    server.use(
      on(routes.listOpenOrders, () =>
        HttpResponse.json([
          {
            ...order,
            deliveryAddress: {
              name: 'Kitchen Fitters Ltd',
              address1: '2 Mill Lane',
              address2: '',
              city: 'Bath',
              county: 'Somerset',
              postcode: 'BA1 1AA',
              country: 'United Kingdom (Mainland)',
            },
          },
        ]),
      ),
    );
    renderApp('/open-order-enquiry?order=SO-7', { session: loggedInSession });
    const region = await screen.findByRole('region', { name: ORDER_MSG.deliveryAddressHeading });
    expect(within(region).getByText('Kitchen Fitters Ltd')).toBeInTheDocument();
    expect(region).toHaveTextContent('2 Mill LaneBathSomersetBA1 1AAUnited Kingdom (Mainland)');
  });

  it('says when and by whom a cancelled order was cancelled, and offers no cancel', async () => {
    server.use(
      on(routes.listOpenOrders, () =>
        HttpResponse.json([
          {
            ...order,
            status: 'Cancelled',
            cancellation: { at: '2026-11-27T14:02:00.000Z', by: 'customer', name: 'Dee Moore' },
          },
          {
            ...openOrder('SO-9', '02/02/25'),
            status: 'Cancelled',
            cancellation: { at: '2026-07-01T08:30:00.000Z', by: 'erp', name: null },
          },
        ]),
      ),
    );
    const { router } = renderApp('/open-order-enquiry?order=SO-7', { session: loggedInSession });
    expect(await screen.findByText('Cancelled 27/11/26 at 14:02 by Dee Moore')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
    await router.navigate('/open-order-enquiry?order=SO-9');
    // British Summer Time: 08:30 UTC is 09:30 in the UK.
    expect(await screen.findByText('Cancelled 01/07/26 at 09:30 by our order system')).toBeInTheDocument();
  });

  it("says 'Unable to select order' for an order that is not there", async () => {
    renderApp('/open-order-enquiry?order=SO-404', { session: loggedInSession });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.selectOrderFailed);
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
  });

  it('gives proforma users no way to cancel', async () => {
    renderApp('/open-order-enquiry?order=SO-7', { session: proforma });
    await summary();
    expect(screen.getByRole('button', { name: 'Copy Order' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
  });

  it('says an approved order awaits payment, and offers its buyer Pay now and Withdraw', async () => {
    server.use(
      on(routes.listOpenOrders, () =>
        HttpResponse.json([{ ...order, status: APPROVED_AWAITING_PAYMENT, placedByMe: true }]),
      ),
      on(routes.payApprovedOrder, () => HttpResponse.json({ payment_Checkout_Url: 'http://localhost/pay/x' })),
    );
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => {});
    const { user } = renderApp('/open-order-enquiry?order=SO-7', { session: proforma });
    await summary();
    expect(screen.getByText(TEAM_MSG.awaitingPaymentNote)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEAM_MSG.withdraw })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: TEAM_MSG.payNowFor('SO-7') }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost/pay/x'));
  });

  it('copies after confirmation (Copying... while busy), toasts and goes to the basket', async () => {
    let calls = 0;
    server.use(
      http.post(pathOf(routes.copyOrder, { orderNumber: 'SO-7' }), async () => {
        calls++;
        await delay(100);
        return HttpResponse.json({ orderNumber: 'SO-7', copiedLines: 1, skippedItems: [] });
      }),
    );
    const { user, location } = renderApp('/open-order-enquiry?order=SO-7', { session: loggedInSession });
    await summary();
    await user.click(screen.getByRole('button', { name: 'Copy Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Order' });
    expect(dialog).toHaveTextContent(MSG.copyOrderQuestion);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('button', { name: MSG.copying })).toBeDisabled();
    expect(await screen.findByText(MSG.orderCopied('SO-7'))).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/basket'));
    expect(calls).toBe(1);
  });

  it('with lines in the basket, asks whether to add the order to them or replace them', async () => {
    const modes: (string | null)[] = [];
    server.use(
      on(routes.getBasket, () => HttpResponse.json(twoLineBasket)),
      http.post(pathOf(routes.copyOrder, { orderNumber: 'SO-7' }), ({ request }) => {
        modes.push(new URL(request.url).searchParams.get('mode'));
        return HttpResponse.json({ orderNumber: 'SO-7', copiedLines: 1, skippedItems: [] });
      }),
    );
    const { user, location, router } = renderApp('/open-order-enquiry?order=SO-7', { session: loggedInSession });
    await summary();
    await user.click(screen.getByRole('button', { name: 'Copy Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Order' });
    expect(dialog).toHaveTextContent(ORDER_MSG.copyOrderChoice(2));
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel', ORDER_MSG.addToBasket, ORDER_MSG.replaceBasket]);
    await user.click(within(dialog).getByRole('button', { name: ORDER_MSG.addToBasket }));
    await waitFor(() => expect(location()).toBe('/basket'));
    await router.navigate('/open-order-enquiry?order=SO-7');
    await summary();
    await user.click(screen.getByRole('button', { name: 'Copy Order' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Copy Order' })).getByRole('button', {
        name: ORDER_MSG.replaceBasket,
      }),
    );
    await waitFor(() => expect(modes).toEqual(['add', 'replace']));
  });

  it("closes the copy dialog on Cancel without copying, and toasts 'Unable to copy order' on failure", async () => {
    let calls = 0;
    server.use(
      http.post(
        pathOf(routes.copyOrder, { orderNumber: 'SO-7' }),
        () => (calls++, HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'x' }, { status: 409 })),
      ),
    );
    const { user, location } = renderApp('/open-order-enquiry?order=SO-7', { session: loggedInSession });
    await summary();
    await user.click(screen.getByRole('button', { name: 'Copy Order' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Copy Order' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(MSG.copyOrderFailed)).toBeInTheDocument();
    expect(location()).toBe('/open-order-enquiry?order=SO-7');
  });

  it('cancels after confirmation (Cancelling... while busy), toasts and returns to Open Orders', async () => {
    server.use(
      http.post(pathOf(routes.cancelOrder, { orderNumber: 'SO-7' }), async () => {
        await delay(100);
        return HttpResponse.json({ orderNumber: 'SO-7', status: 'Cancelled' });
      }),
    );
    const { user, location } = renderApp('/open-order-enquiry?order=SO-7', { session: loggedInSession });
    await summary();
    await user.click(screen.getByRole('button', { name: 'Cancel Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Order' });
    expect(dialog).toHaveTextContent(MSG.cancelOrderQuestion);
    // The buttons say what they do: no "Cancel" that means keep.
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([ORDER_MSG.keepOrder, ORDER_MSG.cancelOrder]);
    await user.click(within(dialog).getByRole('button', { name: ORDER_MSG.cancelOrder }));
    expect(await within(dialog).findByRole('button', { name: MSG.cancelling })).toBeDisabled();
    expect(await screen.findByText(MSG.orderCancelled('SO-7'))).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/open-orders'));
  });

  it("shows the server's refusal naming the support email, or 'Unable to cancel order'", async () => {
    const refusal = MSG.cancelNotAllowed('trade@example.test');
    server.use(
      http.post(pathOf(routes.cancelOrder, { orderNumber: 'SO-7' }), () =>
        HttpResponse.json({ statusCode: 409, error: 'Conflict', message: refusal }, { status: 409 }),
      ),
      http.post(pathOf(routes.cancelOrder, { orderNumber: 'SO-8' }), () =>
        HttpResponse.json({ statusCode: 500, error: 'x', message: 'x' }, { status: 500 }),
      ),
    );
    const { user, router } = renderApp('/open-order-enquiry?order=SO-7', { session: loggedInSession });
    await summary();
    await user.click(screen.getByRole('button', { name: 'Cancel Order' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ORDER_MSG.cancelOrder }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await router.navigate('/open-order-enquiry?order=SO-8');
    await screen.findByRole('region', { name: 'Order SO-8' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel Order' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ORDER_MSG.cancelOrder }));
    expect(await screen.findByText(MSG.cancelOrderFailed)).toBeInTheDocument();
  });

  describe('Order Summary PDF', () => {
    const createObjectURL = vi.fn(() => 'blob:statement');
    beforeEach(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    });
    afterEach(() => createObjectURL.mockClear());

    it("posts the order merged with the user and saves it under the order's number (Downloading... meanwhile)", async () => {
      let body: Record<string, unknown> = {};
      server.use(
        on(routes.downloadOrderStatement, async ({ request }) => {
          body = (await request.json()) as Record<string, unknown>;
          await delay(100);
          return new HttpResponse(new TextEncoder().encode('%PDF-1.3'), {
            headers: { 'content-type': 'application/pdf' },
          });
        }),
      );
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        expect(this.download).toBe('SO-7.pdf');
      });
      const { user } = renderApp('/open-order-enquiry?order=SO-7', { session: loggedInSession });
      await summary();
      await user.click(screen.getByRole('button', { name: 'Order Summary' }));
      expect(await screen.findByRole('button', { name: MSG.downloading })).toBeDisabled();
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect(body).toMatchObject({ orderNumber: 'SO-7', customerNumber: demoUser.customerNumber });
      expect(await screen.findByRole('button', { name: 'Order Summary' })).toBeEnabled();
    });

    it("toasts 'Unable to download statement' on failure", async () => {
      server.use(
        on(routes.downloadOrderStatement, () =>
          HttpResponse.json({ statusCode: 404, error: 'x', message: 'x' }, { status: 404 }),
        ),
      );
      const { user } = renderApp('/open-order-enquiry?order=SO-7', { session: loggedInSession });
      await summary();
      await user.click(screen.getByRole('button', { name: 'Order Summary' }));
      expect(await screen.findByText(MSG.statementFailed)).toBeInTheDocument();
      expect(createObjectURL).not.toHaveBeenCalled();
    });
  });
});
