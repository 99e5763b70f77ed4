import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DELIVERY_MSG, routes, type DeliveryPromise } from '@wholesale/contract';
import { loggedInSession } from '../test/fixtures';
import { renderApp } from '../test/render';
import { on, server } from '../test/server';
import { twoLineBasket, twoLineSummary } from '../features/basket/basket-test-data';
import { savedHeader } from '../features/checkout/checkout-test-data';
import { openOrder } from '../features/orders/orders-test-data';

/** What the server answers for the two-line basket: one line in stock, one part now and part due. */
const promise: DeliveryPromise = {
  revision: 7,
  lines: [
    {
      lineNumber: 1,
      itemNumber: 'RB-100',
      quantity: 2,
      status: 'inStock',
      now: 2,
      rest: 0,
      dueDate: null,
      text: 'In stock',
    },
    {
      lineNumber: 2,
      itemNumber: 'CS-7',
      quantity: 10,
      status: 'part',
      now: 6,
      rest: 4,
      dueDate: '2026-12-12',
      text: '6 now, 4 due 12 Dec',
    },
  ],
  cutOff: { time: '14:00', shipsToday: true, shipDate: '2026-12-10', text: 'Order by 14:00 to ship today' },
  options: [
    {
      preference: 'partial',
      label: DELIVERY_MSG.preference.partial,
      date: '2026-12-10',
      dateText: 'First delivery ships today, the rest by 12 Dec',
    },
    {
      preference: 'complete',
      label: DELIVERY_MSG.preference.complete,
      date: '2026-12-12',
      dateText: 'Ships Saturday 12 Dec',
    },
  ],
  defaultPreference: 'partial',
};

const promiseList = () => screen.findByRole('list', { name: DELIVERY_MSG.linesLabel });
const items = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('Delivery promise (issue 27)', () => {
  it("shows the basket lines' promises and the day's cut-off as the server words them", async () => {
    server.use(
      on(routes.getBasket, () => HttpResponse.json(twoLineBasket)),
      on(routes.getBasketAmount, () => HttpResponse.json(twoLineSummary)),
      on(routes.getDeliveryPromise, () => HttpResponse.json(promise)),
    );
    renderApp('/basket', { session: loggedInSession });
    const panel = await screen.findByRole('region', { name: DELIVERY_MSG.heading });
    expect(within(panel).getByText('Order by 14:00 to ship today')).toBeInTheDocument();
    expect(items(await promiseList())).toEqual(['RB-100 × 2In stock', 'CS-7 × 106 now, 4 due 12 Dec']);
  });

  it('says so when the promise cannot be loaded, and the basket stays', async () => {
    server.use(
      on(routes.getBasket, () => HttpResponse.json(twoLineBasket)),
      on(routes.getBasketAmount, () => HttpResponse.json(twoLineSummary)),
      on(routes.getDeliveryPromise, () => HttpResponse.json({ statusCode: 500, message: 'x' }, { status: 500 })),
    );
    renderApp('/basket', { session: loggedInSession });
    expect(await screen.findByText(DELIVERY_MSG.promiseUnavailable)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shopping Basket' })).toBeInTheDocument();
  });

  it('at review offers both ways to send with their dates, moves with the arrow keys and sends the choice', async () => {
    const sent: unknown[] = [];
    server.use(
      on(routes.getBasket, () => HttpResponse.json(twoLineBasket)),
      on(routes.getBasketAmount, () => HttpResponse.json(twoLineSummary)),
      on(routes.getBasketHeader, () => HttpResponse.json(savedHeader)),
      on(routes.submitBasketHeader, () => HttpResponse.json(savedHeader)),
      on(routes.getDeliveryPromise, () => HttpResponse.json(promise)),
      on(routes.submitBasket, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ orderNumber: 'SO-300001' });
      }),
      on(routes.listOpenOrders, () => HttpResponse.json([])),
    );
    const { user } = renderApp('/checkout/review-order', { session: loggedInSession });
    const group = await screen.findByRole('group', { name: DELIVERY_MSG.choiceLegend });
    const partial = within(group).getByRole('radio', { name: DELIVERY_MSG.preference.partial });
    const complete = within(group).getByRole('radio', { name: DELIVERY_MSG.preference.complete });
    expect(partial).toBeChecked();
    expect(partial).toHaveAccessibleDescription('First delivery ships today, the rest by 12 Dec');
    expect(complete).toHaveAccessibleDescription('Ships Saturday 12 Dec');
    expect(items(await promiseList())).toHaveLength(2);

    await user.click(partial);
    await user.keyboard('{ArrowDown}');
    expect(complete).toBeChecked();
    expect(complete).toHaveFocus();

    const place = screen.getByRole('button', { name: 'Place Order' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    await waitFor(() => expect(sent).toEqual([{ amount: twoLineSummary.totalAmount, shipmentPreference: 'complete' }]));
  });

  it("shows an order's stored choice and its lines still to send on Open Order Enquiry", async () => {
    server.use(
      on(routes.listOpenOrders, () =>
        HttpResponse.json([{ ...openOrder('SO-7', '01/02/25'), shipmentPreference: 'complete' }]),
      ),
      on(routes.getOrderDeliveryPromise, ({ params }) =>
        HttpResponse.json({
          orderNumber: params.orderNumber,
          shipmentPreference: 'complete',
          preferenceText: DELIVERY_MSG.preference.complete,
          lines: [promise.lines[1]],
        }),
      ),
    );
    renderApp(`/open-order-enquiry?order=SO-7`, { session: loggedInSession });
    const block = await screen.findByRole('region', { name: DELIVERY_MSG.heading });
    expect(block).toHaveTextContent(`${DELIVERY_MSG.choiceLabel}: ${DELIVERY_MSG.preference.complete}`);
    const list = await within(block).findByRole('list', { name: DELIVERY_MSG.orderLinesLabel });
    expect(items(list)).toEqual(['CS-7 × 106 now, 4 due 12 Dec']);
  });
});
