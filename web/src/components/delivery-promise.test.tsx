import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { DELIVERY_MSG, routes, type DeliveryPromise } from '@wholesale/contract';
import { loggedInSession } from '../test/fixtures';
import { renderApp } from '../test/render';
import { on, server } from '../test/server';
import { twoLineBasket, twoLineSummary } from '../features/basket/basket-test-data';
import { savedHeader } from '../features/checkout/checkout-test-data';
import { openOrder } from '../features/orders/orders-test-data';

/** What the server answers for the two-line basket: one line in stock, one part now and part due (3 = 2 + 1). */
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
      quantity: 3,
      status: 'part',
      now: 2,
      rest: 1,
      dueDate: '2026-12-12',
      text: '2 now, 1 due 12 Dec',
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

const items = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

/** jsdom applies no media queries: the phone cards render only when matchMedia says so. */
function phoneWidth() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }),
  });
}
afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

const row = (item: RegExp) => screen.getByRole('row', { name: item });
/** A card in the list named `listName` whose text has the item number. */
const card = (listName: string, item: string) =>
  within(screen.getByRole('list', { name: listName }))
    .getAllByRole('listitem')
    .find((li) => li.textContent.includes(item))!;

function basketWith(promiseAnswer: () => Response) {
  server.use(
    on(routes.getBasket, () => HttpResponse.json(twoLineBasket)),
    on(routes.getBasketAmount, () => HttpResponse.json(twoLineSummary)),
    on(routes.getBasketHeader, () => HttpResponse.json(savedHeader)),
    on(routes.getDeliveryPromise, promiseAnswer),
  );
}

describe('Delivery promise', () => {
  it("shows each basket line's promise in its row, and the day's cut-off once below", async () => {
    basketWith(() => HttpResponse.json(promise));
    renderApp('/basket', { session: loggedInSession });
    // The promise follows the description in the same cell, so a screen reader reads it with the line.
    await waitFor(() => expect(row(/RB-100/)).toHaveTextContent('Roller blind Blackout Charcoal Delivery: In stock'));
    expect(row(/CS-7/)).toHaveTextContent(`Bead chain connector ${DELIVERY_MSG.lineLabel}: 2 now, 1 due 12 Dec`);
    expect(row(/Carriage/)).not.toHaveTextContent(DELIVERY_MSG.lineLabel);
    const panel = screen.getByRole('region', { name: DELIVERY_MSG.heading });
    expect(within(panel).getByText('Order by 14:00 to ship today')).toBeInTheDocument();
    // Not a second list of the same promises.
    expect(within(panel).queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getAllByText('In stock')).toHaveLength(1);
  });

  it("shows each basket line's promise in its card on phones", async () => {
    phoneWidth();
    basketWith(() => HttpResponse.json(promise));
    renderApp('/basket', { session: loggedInSession });
    await waitFor(() => expect(card('Basket lines', 'RB-100')).toHaveTextContent('Delivery: In stock'));
    expect(card('Basket lines', 'CS-7')).toHaveTextContent('Delivery: 2 now, 1 due 12 Dec');
    expect(card('Basket lines', 'Carriage')).not.toHaveTextContent(DELIVERY_MSG.lineLabel);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows no promise on a line it was not worked out for (a quantity changed since)', async () => {
    basketWith(() =>
      HttpResponse.json({ ...promise, lines: [promise.lines[0]!, { ...promise.lines[1]!, quantity: 10 }] }),
    );
    renderApp('/basket', { session: loggedInSession });
    await waitFor(() => expect(row(/RB-100/)).toHaveTextContent('In stock'));
    expect(row(/CS-7/)).not.toHaveTextContent(DELIVERY_MSG.lineLabel);
  });

  it('says so once when the promise cannot be loaded, and the basket lines stay as they are', async () => {
    basketWith(() => HttpResponse.json({ statusCode: 500, message: 'x' }, { status: 500 }));
    renderApp('/basket', { session: loggedInSession });
    expect(await screen.findAllByText(DELIVERY_MSG.promiseUnavailable)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Shopping Basket' })).toBeInTheDocument();
    expect(row(/RB-100/)).not.toHaveTextContent(DELIVERY_MSG.lineLabel);
    expect(row(/CS-7/)).not.toHaveTextContent(DELIVERY_MSG.lineLabel);
  });

  it("at review shows each line's promise in its row, and in its card on phones", async () => {
    basketWith(() => HttpResponse.json(promise));
    const view = renderApp('/checkout/review-order', { session: loggedInSession });
    await waitFor(() => expect(row(/RB-100/)).toHaveTextContent('Roller blind Blackout Charcoal Delivery: In stock'));
    expect(row(/CS-7/)).toHaveTextContent('Bead chain connector Delivery: 2 now, 1 due 12 Dec');
    const section = screen.getByRole('region', { name: DELIVERY_MSG.heading });
    expect(within(section).getByText('Order by 14:00 to ship today')).toBeInTheDocument();
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
    view.unmount();

    phoneWidth();
    renderApp('/checkout/review-order', { session: loggedInSession });
    await waitFor(() => expect(card('Order lines', 'CS-7')).toHaveTextContent('Delivery: 2 now, 1 due 12 Dec'));
    expect(card('Order lines', 'RB-100')).toHaveTextContent('Delivery: In stock');
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

    await user.click(partial);
    await user.keyboard('{ArrowDown}');
    expect(complete).toBeChecked();
    expect(complete).toHaveFocus();

    const place = screen.getByRole('button', { name: 'Place Order' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    await waitFor(() => expect(sent).toEqual([{ amount: twoLineSummary.totalAmount, shipmentPreference: 'complete' }]));
  });

  it('at review offers no choice when everything ships the same day (all in stock)', async () => {
    const sameDay = {
      ...promise,
      options: promise.options.map((o) => ({ ...o, date: '2026-12-10', dateText: 'Ships today' })),
    };
    server.use(
      on(routes.getBasket, () => HttpResponse.json(twoLineBasket)),
      on(routes.getBasketAmount, () => HttpResponse.json(twoLineSummary)),
      on(routes.getBasketHeader, () => HttpResponse.json(savedHeader)),
      on(routes.getDeliveryPromise, () => HttpResponse.json(sameDay)),
    );
    renderApp('/checkout/review-order', { session: loggedInSession });
    const section = await screen.findByRole('region', { name: DELIVERY_MSG.heading });
    expect(await within(section).findByText(sameDay.cutOff.text)).toBeInTheDocument();
    expect(within(section).queryByRole('group', { name: DELIVERY_MSG.choiceLegend })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
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
    expect(items(list)).toEqual(['CS-7 × 32 now, 1 due 12 Dec']);
  });
});
