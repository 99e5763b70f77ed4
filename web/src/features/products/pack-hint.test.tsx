import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { QUICK_MSG, routes } from '@wholesale/contract';
import { loggedInSession } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { on, server } from '../../test/server';
import { categories, product } from './products-test-data';

describe('pack quantity at Create Orders', () => {
  it('explains a quantity that is not whole packs and offers to round up, never refusing', async () => {
    server.use(
      on(routes.listCategories, () => HttpResponse.json(categories)),
      on(routes.searchProducts, () =>
        HttpResponse.json([product('RB-PACK', { packQuantity: 5 }), product('RB-ONE', { packQuantity: 1 })]),
      ),
    );
    const { user } = renderApp('/products/search', { session: loggedInSession });
    await user.type(await screen.findByLabelText('Look up product'), 'pack');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const qty = await screen.findByLabelText('Quantity of RB-PACK');
    await user.clear(qty);
    await user.type(qty, '7');
    expect(await screen.findByText(QUICK_MSG.soldInPacks(5))).toBeInTheDocument();
    // Not refused: 7 can still be added.
    expect(screen.getByRole('button', { name: 'Add RB-PACK to basket' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: QUICK_MSG.roundUpToPackLabel(10, 'RB-PACK') }));
    await waitFor(() => expect(qty).toHaveValue('10'));
    expect(screen.queryByText(QUICK_MSG.soldInPacks(5))).not.toBeInTheDocument();

    // An item sold singly says nothing.
    const one = screen.getByLabelText('Quantity of RB-ONE');
    await user.clear(one);
    await user.type(one, '7');
    expect(screen.queryAllByTestId('pack-hint')).toHaveLength(0);
  });
});
