import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { APPROVED_AWAITING_PAYMENT, MSG, TEAM_MSG, type OpenOrder, routes, pathOf } from '@wholesale/contract';
import { demoUser, loggedInSession } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server, on } from '../../test/server';
import { openOrder } from './orders-test-data';
import { paymentRedirect } from './pay-approved-order';

const orders = [
  openOrder('SO-1', '31/12/24', {
    reference: 'Kitchen',
    status: 'Shipped',
    despatchDate: '03/01/25',
    isTrackingAvailable: true,
    invoiceTotal: 50,
  }),
  openOrder('SO-2', '01/01/25', { status: 'In Progress', location: 'BELF1', invoiceTotal: 1234.5 }),
  openOrder('SO-3', '15/06/23', { invoiceTotal: 7 }),
];

const ordersAre = (list: OpenOrder[]) => server.use(on(routes.listOpenOrders, () => HttpResponse.json(list)));
const table = () => screen.findByRole('table', { name: /Open orders/ });
const orderNumbers = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('Open Orders', () => {
  it('lists orders newest first with dd/mm/yy read as 20yy, badges, location without its last character and money', async () => {
    ordersAre(orders);
    renderApp('/open-orders', { session: loggedInSession });
    expect(await orderNumbers()).toEqual(['SO-2', 'SO-1', 'SO-3']);
    const row = within(await table()).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 7),
    ).toEqual(['SO-2', 'PO-SO-2', '01/01/25', '', 'BELF', 'In Progress', '£1,234.50']);
    expect(within(row).getByRole('link', { name: 'View order SO-2' })).toHaveAttribute(
      'href',
      '/open-order-enquiry?order=SO-2',
    );
    expect(screen.getByRole('columnheader', { name: /Order Date/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('keeps a cancelled order listed as Cancelled, with when and by whom', async () => {
    ordersAre([
      openOrder('SO-4', '01/01/25', {
        status: 'Cancelled',
        cancellation: { at: '2026-11-27T14:02:00.000Z', by: 'customer', name: 'Dee Moore' },
      }),
    ]);
    renderApp('/open-orders', { session: loggedInSession });
    const row = within(await table()).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell')[5]).toHaveTextContent('Cancelled27/11/26 by Dee Moore');
  });

  it('finds orders by an item code and narrows them by status and order date', async () => {
    ordersAre(orders);
    const { user } = renderApp('/open-orders', { session: loggedInSession });
    await table();
    await user.type(screen.getByLabelText('Search orders'), 'rb100');
    expect(await orderNumbers()).toEqual(['SO-2', 'SO-1', 'SO-3']); // every test order has RB-100
    await user.clear(screen.getByLabelText('Search orders'));
    await user.selectOptions(screen.getByLabelText('Order status'), 'Shipped');
    expect(await orderNumbers()).toEqual(['SO-1']);
    await user.selectOptions(screen.getByLabelText('Order status'), '');
    await user.type(screen.getByLabelText('Ordered from'), '2024-12-31');
    await user.type(screen.getByLabelText('Ordered to'), '2024-12-31');
    expect(await orderNumbers()).toEqual(['SO-1']);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await orderNumbers()).toEqual(['SO-2', 'SO-1', 'SO-3']);
    await user.selectOptions(screen.getByLabelText('Order status'), 'Cancelled');
    expect(screen.getByText('No orders match the search and filters.')).toBeInTheDocument();
  });

  it('sorts a clicked column ascending, then toggles it', async () => {
    ordersAre(orders);
    const { user } = renderApp('/open-orders', { session: loggedInSession });
    await table();
    await user.click(screen.getByRole('button', { name: /Invoice Total/ }));
    expect(await orderNumbers()).toEqual(['SO-3', 'SO-1', 'SO-2']);
    expect(screen.getByRole('columnheader', { name: /Invoice Total/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /Invoice Total/ }));
    expect(await orderNumbers()).toEqual(['SO-2', 'SO-1', 'SO-3']);
    await user.click(screen.getByRole('button', { name: /Order Date/ }));
    expect(await orderNumbers()).toEqual(['SO-3', 'SO-1', 'SO-2']);
  });

  it('pages at 20 and goes back to page 1 when the search changes', async () => {
    ordersAre(
      Array.from({ length: 45 }, (_, i) =>
        openOrder(`SO-${100 + i}`, `${String((i % 28) + 1).padStart(2, '0')}/01/25`),
      ),
    );
    const { user } = renderApp('/open-orders', { session: loggedInSession });
    expect(within(await table()).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('1 of 3 pages')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(screen.getByText('3 of 3 pages')).toBeInTheDocument();
    expect(within(await table()).getAllByRole('row')).toHaveLength(6);
    await user.type(screen.getByLabelText('Search orders'), 'SO-1');
    expect(screen.getByText('1 of 3 pages')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search orders'));
    await user.type(screen.getByLabelText('Search orders'), 'SO-14');
    expect(await orderNumbers()).toHaveLength(5);
    expect(screen.getByText('1 of 1 page')).toBeInTheDocument();
  });

  it("shows 'Unable to retrieve open orders' when the list fails", async () => {
    server.use(
      on(routes.listOpenOrders, () =>
        HttpResponse.json({ statusCode: 500, error: 'x', message: 'x' }, { status: 500 }),
      ),
    );
    renderApp('/open-orders', { session: loggedInSession });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.openOrdersFailed);
  });

  it('opens the order-placed dialog on ?confirmorder=success and removes the parameter', async () => {
    ordersAre(orders);
    server.use(
      on(routes.getOrderConfirmation, () =>
        HttpResponse.json({ orderNumber: 'SO-9', reference: 'PO-1', totalAmount: 12, status: 'Open' }),
      ),
    );
    const { location } = renderApp('/open-orders?confirmorder=success', { session: loggedInSession });
    expect(await screen.findByText(MSG.orderPlaced)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/open-orders'));
  });

  describe('tracking dialog', () => {
    it('links each tracking number to the carrier page in a new tab', async () => {
      ordersAre(orders);
      server.use(on(routes.trackOrder, () => HttpResponse.json({ trackingId: ['TRK 1', 'TRK2'] })));
      const { user } = renderApp('/open-orders', { session: loggedInSession });
      await table();
      await user.click(screen.getAllByRole('button', { name: 'Track order SO-1' })[0]!);
      const dialog = await screen.findByRole('dialog', { name: 'Tracking for SO-1' });
      const link = await within(dialog).findByRole('link', { name: /TRK 1/ });
      expect(link).toHaveAttribute('href', 'https://track.example.test/TRK%201');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
      expect(within(dialog).getAllByRole('link')).toHaveLength(2);
    });

    it('offers Track only for orders with tracking; the others say tracking is unavailable', async () => {
      ordersAre(orders);
      renderApp('/open-orders', { session: loggedInSession });
      await table();
      expect(screen.getAllByRole('button', { name: 'Track order SO-1' }).length).toBeGreaterThan(0);
      expect(screen.queryByRole('button', { name: 'Track order SO-2' })).toBeNull();
      expect(screen.getAllByText(MSG.trackingUnavailable).length).toBeGreaterThan(0);
    });

    it("says 'Tracking unavailable' when there are none, and 'Unable to get tracking information' on failure", async () => {
      // Flagged as tracked, yet the lookup finds none (or fails).
      ordersAre(orders.map((o) => ({ ...o, isTrackingAvailable: true })));
      server.use(
        http.get(pathOf(routes.trackOrder, { orderNumber: 'SO-2' }), () => HttpResponse.json({ trackingId: [] })),
        http.get(pathOf(routes.trackOrder, { orderNumber: 'SO-3' }), () =>
          HttpResponse.json({ statusCode: 500, error: 'x', message: 'x' }, { status: 500 }),
        ),
      );
      const { user } = renderApp('/open-orders', { session: loggedInSession });
      await table();
      await user.click(screen.getAllByRole('button', { name: 'Track order SO-2' })[0]!);
      expect(await within(await screen.findByRole('dialog')).findByText(MSG.trackingUnavailable)).toBeInTheDocument();
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await user.click(screen.getAllByRole('button', { name: 'Track order SO-3' })[0]!);
      expect(await within(await screen.findByRole('dialog')).findByText(MSG.trackingFailed)).toBeInTheDocument();
    });
  });

  describe('an approved order of a card-paying account', () => {
    const buyer = { ...loggedInSession, user: { ...demoUser, isProforma: true, role: 'buyer' as const } };
    const awaiting = (extra: Partial<OpenOrder> = {}) =>
      openOrder('SO-9', '01/01/25', { status: APPROVED_AWAITING_PAYMENT, placedByMe: true, ...extra });

    it('offers its buyer Pay now, which starts the payment and goes to the payment page', async () => {
      ordersAre([awaiting(), openOrder('SO-8', '01/01/25', { placedByMe: true })]);
      const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => {});
      let asked = '';
      server.use(
        on(routes.payApprovedOrder, ({ request }) => {
          asked = new URL(request.url).pathname;
          return HttpResponse.json({ payment_Checkout_Url: 'http://localhost/pay/abc' });
        }),
      );
      const { user } = renderApp('/open-orders', { session: buyer });
      const row = within(await table()).getAllByRole('row')[1]!;
      expect(within(row).getAllByRole('cell')[5]).toHaveTextContent(APPROVED_AWAITING_PAYMENT);
      // Only the order awaiting payment offers it.
      expect(
        screen.getAllByRole('button', { name: /^Pay now for order/ }).map((b) => b.getAttribute('aria-label')),
      ).toEqual(expect.arrayContaining([TEAM_MSG.payNowFor('SO-9')]));
      expect(screen.queryAllByRole('button', { name: TEAM_MSG.payNowFor('SO-8') })).toEqual([]);
      await user.click(within(row).getByRole('button', { name: TEAM_MSG.payNowFor('SO-9') }));
      await waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost/pay/abc'));
      expect(asked).toBe(pathOf(routes.payApprovedOrder, { orderNumber: 'SO-9' }));
      go.mockRestore();
    });

    it("does not offer another buyer's order to a buyer", async () => {
      ordersAre([awaiting({ placedByMe: false })]);
      const { user } = renderApp('/open-orders', { session: buyer });
      await user.selectOptions(await screen.findByLabelText('Show'), TEAM_MSG.accountOrders);
      await table();
      expect(screen.queryAllByRole('button', { name: TEAM_MSG.payNowFor('SO-9') })).toEqual([]);
    });

    it("offers it to finance, and shows the server's refusal", async () => {
      ordersAre([awaiting({ placedByMe: false })]);
      server.use(
        on(routes.payApprovedOrder, () =>
          HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'Paid already' }, { status: 409 }),
        ),
      );
      const finance = { ...buyer, user: { ...buyer.user, role: 'finance' as const } };
      const { user } = renderApp('/open-orders', { session: finance });
      const row = within(await table()).getAllByRole('row')[1]!;
      await user.click(within(row).getByRole('button', { name: TEAM_MSG.payNowFor('SO-9') }));
      expect(await screen.findByText('Paid already')).toBeInTheDocument();
    });

    it.each([
      ['paid', TEAM_MSG.orderPaid('SO-9')],
      ['declined', TEAM_MSG.orderPaymentDeclined('SO-9')],
      ['cancelled', TEAM_MSG.orderPaymentCancelled('SO-9')],
    ])('says how paying went when back from the payment page (%s)', async (outcome, text) => {
      ordersAre([awaiting()]);
      renderApp(`/open-orders?payment=${outcome}&order=SO-9`, { session: buyer });
      expect(await screen.findByText(text)).toBeInTheDocument();
    });
  });
});
