import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASKET_MSG, MSG, type Basket, routes } from '@wholesale/contract';
import { checkoutErrorState } from '../../components/checkout-error-dialog';
import { loggedInSession } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server, on } from '../../test/server';
import { twoLineBasket, twoLineSummary } from './basket-test-data';

function basketIs(b: Basket = twoLineBasket) {
  server.use(
    on(routes.getBasket, () => HttpResponse.json(b)),
    on(routes.getBasketAmount, () => HttpResponse.json(twoLineSummary)),
  );
}
const open = () => renderApp('/basket', { session: loggedInSession });
const table = () => screen.findByRole('table', { name: 'Basket lines' });
const rowOf = async (text: string) =>
  within(await table())
    .getByRole('cell', { name: text })
    .closest('tr')!;

describe('Shopping Basket', () => {
  it("shows 'Loading basket...', then the lines, the carriage line, the total and the Order Summary", async () => {
    basketIs();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.use(on(routes.getBasket, async () => (await gate, HttpResponse.json(twoLineBasket))));
    open();
    expect(await screen.findByText(MSG.loadingBasket)).toBeInTheDocument();
    release();
    const rows = within(await table()).getAllByRole('row');
    expect(
      rows.map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [],
      ['RB-100', 'Roller blind Blackout Charcoal', '1,250', 'EACH', '2', '10.00', '£18.00', '£36.00', ''],
      ['CS-7', 'Bead chain connector', '5', 'EACH', '3', '12.50', '£0.11111', '£0.33', ''],
      ['', 'Carriage', '', '', '1', '', '£9.95', '£9.95', ''],
      ['£46.28', ''],
    ]);
    // Only goods lines can be edited or removed; the carriage line (additionalCharge 'True') cannot.
    expect(screen.getAllByRole('button', { name: /^Edit quantity of/ })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^Remove .* from basket$/ })).toHaveLength(2);
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(await within(summary).findByText('£55.54')).toBeInTheDocument();
    expect(within(summary).getByText('£9.26')).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: MSG.proceedToCheckout })).toHaveAttribute(
      'href',
      '/checkout/deliveryinformation',
    );
  });

  it("says 'The shopping basket is empty' when there are no lines or the fetch fails", async () => {
    basketIs({ basketLines: [], carriageLine: null, totalBasketPrice: 0, revision: 1 });
    const first = open();
    expect(await screen.findByText(MSG.basketEmpty)).toBeInTheDocument();
    first.unmount();
    server.use(on(routes.getBasket, () => HttpResponse.json({ message: 'nope' }, { status: 404 })));
    open();
    expect(await screen.findByText(MSG.basketEmpty)).toBeInTheDocument();
  });

  it('edits a quantity: minus stops at 1, cancel restores, confirm saves and says so', async () => {
    basketIs();
    let patched: unknown;
    server.use(
      on(routes.updateBasketLine, async ({ request }) => {
        patched = await request.json();
        return HttpResponse.json(twoLineBasket);
      }),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit quantity of RB-100' }));
    const input = screen.getByRole('textbox', { name: 'Quantity of RB-100' });
    expect(input).toHaveValue('2');
    await user.click(screen.getByRole('button', { name: 'Decrease Quantity of RB-100' }));
    expect(input).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Decrease Quantity of RB-100' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel editing RB-100' }));
    expect(within(await rowOf('RB-100')).getByText('2')).toBeInTheDocument();
    expect(patched).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Edit quantity of RB-100' }));
    await user.clear(screen.getByRole('textbox', { name: 'Quantity of RB-100' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity of RB-100' }), '12a3456789');
    expect(screen.getByRole('textbox', { name: 'Quantity of RB-100' })).toHaveValue('123456'); // digits only, 6 at most
    await user.clear(screen.getByRole('textbox', { name: 'Quantity of RB-100' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity of RB-100' }), '40');
    await user.click(screen.getByRole('button', { name: 'Confirm quantity of RB-100' }));
    expect(await screen.findByText(MSG.updatedLine('RB-100'))).toBeInTheDocument();
    expect(patched).toEqual({ lineNumber: 1, quantity: 40 });
  });

  it('warns when the new quantity is above stock, and Enter confirms', async () => {
    basketIs();
    server.use(on(routes.updateBasketLine, () => HttpResponse.json(twoLineBasket)));
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit quantity of CS-7' }));
    const input = screen.getByRole('textbox', { name: 'Quantity of CS-7' });
    await user.clear(input);
    await user.type(input, '6{Enter}');
    expect(await screen.findByText(MSG.updatedLineLowStock('CS-7'))).toBeInTheDocument();
  });

  it('does not confirm 0 with Enter, and says when an update or a removal fails', async () => {
    basketIs();
    let calls = 0;
    server.use(
      on(routes.updateBasketLine, () => (calls++, HttpResponse.json({ message: 'no' }, { status: 400 }))),
      on(routes.deleteBasketLine, () => HttpResponse.json({ message: 'no' }, { status: 404 })),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit quantity of RB-100' }));
    const input = screen.getByRole('textbox', { name: 'Quantity of RB-100' });
    await user.clear(input);
    await user.type(input, '0{Enter}');
    expect(calls).toBe(0);
    expect(screen.getByRole('button', { name: 'Confirm quantity of RB-100' })).toBeDisabled();
    await user.type(input, '{Backspace}5{Enter}');
    expect(await screen.findByText(MSG.updateLineFailed('RB-100'))).toBeInTheDocument();
    expect(calls).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Remove CS-7 from basket' }));
    expect(await screen.findByText(MSG.removeLineFailed('CS-7'))).toBeInTheDocument();
  });

  it('removes a line and says so', async () => {
    basketIs();
    let removed = '';
    server.use(
      on(routes.deleteBasketLine, ({ params }) => {
        removed = String(params.id);
        return HttpResponse.json({ ...twoLineBasket, basketLines: twoLineBasket.basketLines.slice(0, 1) });
      }),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Remove CS-7 from basket' }));
    expect(await screen.findByText(MSG.removedLine('CS-7'))).toBeInTheDocument();
    expect(removed).toBe('2');
  });

  it('clears the basket after asking, offers Undo with focus on it, and puts the lines back', async () => {
    let current: Basket = twoLineBasket;
    const calls: string[] = [];
    server.use(
      on(routes.getBasket, () => HttpResponse.json(current)),
      on(routes.getBasketAmount, () => HttpResponse.json(twoLineSummary)),
      on(routes.clearBasket, () => {
        calls.push('clear');
        current = { ...twoLineBasket, basketLines: [], carriageLine: null, totalBasketPrice: 0 };
        return HttpResponse.json(current);
      }),
      on(routes.undoClearBasket, () => {
        calls.push('undo');
        current = twoLineBasket;
        return HttpResponse.json(current);
      }),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: BASKET_MSG.clearBasket }));
    const dialog = await screen.findByRole('dialog', { name: BASKET_MSG.clearBasketTitle });
    expect(within(dialog).getByText(BASKET_MSG.clearBasketQuestion(2))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: BASKET_MSG.clearBasket }));
    await user.click(
      within(await screen.findByRole('dialog', { name: BASKET_MSG.clearBasketTitle })).getByRole('button', {
        name: BASKET_MSG.clearBasket,
      }),
    );
    expect(await screen.findByText(BASKET_MSG.basketCleared(2))).toBeInTheDocument();
    expect(await screen.findByText(MSG.basketEmpty)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: BASKET_MSG.undo })).toHaveFocus());

    await user.keyboard('{Enter}');
    expect(await screen.findByText(BASKET_MSG.basketRestored)).toBeInTheDocument();
    expect(await rowOf('CS-7')).toBeInTheDocument();
    expect(screen.queryByText(BASKET_MSG.basketCleared(2))).not.toBeInTheDocument();
    expect(calls).toEqual(['clear', 'undo']);
  });

  it('says when the cleared lines can no longer be put back', async () => {
    let current: Basket = twoLineBasket;
    server.use(
      on(routes.getBasket, () => HttpResponse.json(current)),
      on(routes.getBasketAmount, () => HttpResponse.json(twoLineSummary)),
      on(routes.clearBasket, () => {
        current = { ...twoLineBasket, basketLines: [], carriageLine: null, totalBasketPrice: 0 };
        return HttpResponse.json(current);
      }),
      on(routes.undoClearBasket, () => HttpResponse.json({ message: BASKET_MSG.cannotUndoClear }, { status: 409 })),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: BASKET_MSG.clearBasket }));
    await user.click(
      within(await screen.findByRole('dialog', { name: BASKET_MSG.clearBasketTitle })).getByRole('button', {
        name: BASKET_MSG.clearBasket,
      }),
    );
    await user.click(await screen.findByRole('button', { name: BASKET_MSG.undo }));
    expect(await screen.findByText(BASKET_MSG.cannotUndoClear)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: BASKET_MSG.undo })).not.toBeInTheDocument();
  });

  it('says how much more ships free when the server says so, and nothing otherwise', async () => {
    basketIs();
    let freeCarriage: { spendMore: number; freeOver: number } | null = { spendMore: 214, freeOver: 250 };
    server.use(
      on(routes.getBasketPriceBreaks, () =>
        HttpResponse.json({ revision: 1, lines: [], totalSavings: 0, freeCarriage }),
      ),
    );
    const first = open();
    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    expect(await within(summary).findByText(BASKET_MSG.freeCarriageNudge('£214.00'))).toBeInTheDocument();
    first.unmount();

    freeCarriage = null;
    open();
    await rowOf('CS-7');
    await waitFor(() => expect(screen.queryByTestId('free-carriage-nudge')).not.toBeInTheDocument());
    expect(screen.queryByText(/for free delivery/)).not.toBeInTheDocument();
  });

  it('opens the checkout error dialog when checkout sent the customer back', async () => {
    basketIs();
    const { router, user } = open();
    await table();
    await act(() => router.navigate('/basket', { state: checkoutErrorState('updated') }));
    const dialog = await screen.findByRole('dialog', { name: MSG.checkoutIssueTitle });
    expect(within(dialog).getByText(MSG.basketUpdatedDuringCheckout)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await act(() =>
      router.navigate('/basket', {
        state: checkoutErrorState('failed', 'Cannot submit order. Missing delivery information'),
      }),
    );
    const again = await screen.findByRole('dialog', { name: MSG.checkoutIssueTitle });
    expect(within(again).getByText(MSG.orderCannotBeProcessed)).toBeInTheDocument();
    expect(within(again).getByText(MSG.missingDeliveryInformation)).toBeInTheDocument();
  });
});
