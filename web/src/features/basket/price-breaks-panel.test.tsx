import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { QUICK_MSG, routes, type BasketPriceBreaks } from '@wholesale/contract';
import { loggedInSession } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { on, server } from '../../test/server';
import { twoLineBasket, twoLineSummary } from './basket-test-data';

const breaks: BasketPriceBreaks = {
  revision: 1,
  totalSavings: 3.1,
  freeCarriage: null,
  lines: [
    {
      lineNumber: 1,
      itemNumber: 'RB-100',
      nextBreak: { quantity: 10, addQuantity: 8, unitPrice: 1.2, saving: 3.1, extraCost: 8.4 },
      savingWon: 0,
      priceChange: { orderNumber: 'SO-1', oldUnitPrice: 17, newUnitPrice: 18 },
    },
    { lineNumber: 2, itemNumber: 'CS-7', nextBreak: null, savingWon: 3.1, priceChange: null },
  ],
};

describe('Price-break nudges on the basket', () => {
  it("shows the server's next break, price change and savings, and moves a line to the break in one action", async () => {
    const patched: unknown[] = [];
    server.use(
      on(routes.getBasket, () => HttpResponse.json(twoLineBasket)),
      on(routes.getBasketAmount, () => HttpResponse.json(twoLineSummary)),
      on(routes.getBasketPriceBreaks, () => HttpResponse.json(breaks)),
      on(routes.updateBasketLine, async ({ request }) => {
        patched.push(await request.json());
        return HttpResponse.json(twoLineBasket);
      }),
    );
    renderApp('/basket', { session: loggedInSession });
    const panel = await screen.findByRole('region', { name: 'Multi-buy offers' });
    expect(within(panel).getByText(QUICK_MSG.nextBreak(8, '£1.20', '£3.10', '£8.40'))).toBeInTheDocument();
    expect(within(panel).getByText(QUICK_MSG.priceChanged('SO-1', '£17.00', '£18.00'))).toBeInTheDocument();
    expect(within(panel).getByText(QUICK_MSG.savingsWon).nextSibling).toHaveTextContent('£3.10');
    // A line with only savings won offers no action.
    expect(within(panel).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(within(panel).getByRole('button', { name: QUICK_MSG.moveToBreak(10, 'RB-100') }));
    await waitFor(() => expect(patched).toEqual([{ lineNumber: 1, quantity: 10 }]));
    // Focus stays with the line acted on: its row's Edit button, not the top of the page.
    await waitFor(() => expect(document.activeElement?.closest('[data-basket-line="1"]')).not.toBeNull());
    expect(document.activeElement).toHaveAttribute('data-line-action', 'edit');
  });

  it('shows nothing when there is nothing to offer', async () => {
    server.use(
      on(routes.getBasket, () => HttpResponse.json(twoLineBasket)),
      on(routes.getBasketAmount, () => HttpResponse.json(twoLineSummary)),
    );
    renderApp('/basket', { session: loggedInSession });
    await screen.findByRole('table', { name: 'Basket lines' });
    expect(screen.queryByRole('region', { name: 'Multi-buy offers' })).not.toBeInTheDocument();
  });
});
