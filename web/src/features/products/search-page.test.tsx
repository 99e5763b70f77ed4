import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, RESULTS_TRUNCATED_HEADER, type Product, routes } from '@wholesale/contract';
import { demoUser, emptyBasket, loggedInSession } from '../../test/fixtures';
import { connectionWorked } from '../../lib/connection';
import { renderApp } from '../../test/render';
import { server, on, partialPath } from '../../test/server';
import { categories, product } from './products-test-data';
import { productsCsv } from './export-csv';

const many = Array.from({ length: 45 }, (_, i) => product(`RB-${String(i + 1).padStart(3, '0')}`));
const blackout = [
  product('RB-BLK-1', {
    description: 'Blackout Charcoal',
    stock: 5,
    quantityDue: 40,
    dueDate: '01/02/30',
    hasMultiBuyDiscount: true,
    price: 12.5,
    discountPrice: 9.375,
  }),
  product('RB-BLK-2', { description: 'Blackout Ivory', isFavourite: true, discountPrice: 0.11111, price: 0.12345 }),
];

/** The CSV the screen last handed to the browser to save. */
async function downloaded(): Promise<string> {
  const spy = vi.mocked(URL.createObjectURL);
  await waitFor(() =>
    expect(spy.mock.calls.some(([b]) => b instanceof Blob && b.type.startsWith('text/csv'))).toBe(true),
  );
  const blob = spy.mock.calls
    .map(([b]) => b)
    .find((b): b is Blob => b instanceof Blob && b.type.startsWith('text/csv'))!;
  spy.mockClear();
  return blob.text();
}

/** Every search request the screen made, as its query parameters. */
let searches: Record<string, string>[] = [];
let basketPosts: unknown[] = [];

function respondSearch(rows: (q: Record<string, string>) => Product[] | Response) {
  server.use(
    on(routes.searchProducts, ({ request }) => {
      const q = Object.fromEntries(new URL(request.url).searchParams);
      searches.push(q);
      const r = rows(q);
      return r instanceof Response ? r : HttpResponse.json(r);
    }),
  );
}

const failure = (status = 500) => HttpResponse.json({ statusCode: status, error: 'x', message: 'x' }, { status });

beforeEach(() => {
  searches = [];
  basketPosts = [];
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:test/${++n}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  server.use(
    on(routes.listCategories, () => HttpResponse.json(categories)),
    on(routes.getProductImage, () => new HttpResponse('<svg/>', { headers: { 'content-type': 'image/svg+xml' } })),
    on(routes.addBasketLine, async ({ request }) => {
      basketPosts.push(await request.json());
      return HttpResponse.json(emptyBasket);
    }),
  );
  respondSearch((q) => (q.searchValue === 'blackout' || q.secondaryCategory === 'Blackout Fabrics' ? blackout : many));
});

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

async function openPage() {
  const view = renderApp('/products/search', { session: loggedInSession });
  await screen.findByRole('heading', { name: 'Create Orders' });
  await within(screen.getByLabelText('Product type')).findByRole('option', { name: 'Roller Blinds' });
  return view;
}

const table = () => screen.findByRole('table', { name: 'Products' });
const itemCodes = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]!.firstElementChild!.textContent);
const row = async (item: string) =>
  within(await table())
    .getByText(item)
    .closest('tr')!;

describe('Order Products (/products/search)', () => {
  it('shows a role that may not order the range without quantities, Add or the Quick Order link', async () => {
    const finance = { ...loggedInSession, user: { ...demoUser, role: 'finance' as const } };
    const { user } = renderApp('/products/search', { session: finance });
    await screen.findByRole('heading', { name: 'Create Orders' });
    expect(screen.queryByRole('link', { name: /Quick Order: paste/ })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Look up product'), 'blackout{Enter}');
    const first = await row('RB-BLK-1');
    expect(within(first).getByText('£9.375')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /to basket/ })).not.toBeInTheDocument();
    expect(within(first).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(
      within(await table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).not.toContain('Quantity');
    // The phone cards (rendered too: jsdom applies no media queries) have no Add either.
    expect(screen.queryAllByRole('button', { name: /to basket/ })).toEqual([]);
  });

  it('shows the ordering roles Add and the Quick Order link', async () => {
    const { user } = await openPage();
    expect(screen.getByRole('link', { name: /Quick Order: paste/ })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Look up product'), 'blackout{Enter}');
    expect(within(await row('RB-BLK-1')).getByRole('button', { name: 'Add RB-BLK-1 to basket' })).toBeInTheDocument();
  });

  it('asks for product details and keeps Range disabled until a type is chosen; a new type clears the range', async () => {
    const { user } = await openPage();
    expect(screen.getByText(MSG.enterProductDetails)).toBeInTheDocument();
    const range = screen.getByLabelText('Range');
    expect(range).toBeDisabled();
    expect(within(range).getByRole('option', { name: 'Choose Range...' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Product type'), 'Roller Blinds');
    expect(range).toBeEnabled();
    await user.selectOptions(range, 'Dim-out Fabrics');
    expect(range).toHaveValue('Dim-out Fabrics');
    await user.selectOptions(screen.getByLabelText('Product type'), 'Components');
    expect(range).toHaveValue('');
    expect(
      within(range)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose Range...', 'Chains']);
  });

  it('browses by type and range, reading Searching... with the controls disabled meanwhile', async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    respondSearch(() => blackout);
    server.use(
      on(routes.searchProducts, async ({ request }) => {
        searches.push(Object.fromEntries(new URL(request.url).searchParams));
        await gate;
        return HttpResponse.json(blackout);
      }),
    );
    const { user } = await openPage();
    await user.selectOptions(screen.getByLabelText('Product type'), 'Roller Blinds');
    await user.selectOptions(screen.getByLabelText('Range'), 'Blackout Fabrics');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('button', { name: MSG.searchingButton })).toBeDisabled();
    for (const name of ['Product type', 'Range', 'Look up product']) expect(screen.getByLabelText(name)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Favorites' })).toBeDisabled();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(MSG.searching);
    release();
    expect(await itemCodes()).toEqual(['RB-BLK-1', 'RB-BLK-2']);
    expect(searches).toEqual([
      {
        primaryCategory: 'Roller Blinds',
        secondaryCategory: 'Blackout Fabrics',
        isSearching: 'false',
        page: '1',
        pageSize: '20',
      },
    ]);
    expect(screen.getByText(MSG.displayingResults(2, 'Roller Blinds - Blackout Fabrics'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
  });

  it('shows every column: schedule icon only with quantity due, offer only with multi-buy, prices with the currency', async () => {
    const { user } = await openPage();
    await user.type(screen.getByLabelText('Look up product'), 'blackout{Enter}');
    const first = await row('RB-BLK-1');
    const cells = within(first)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(3, 8)).toEqual(['5', '40', '1', '01/02/30', 'EACH']);
    expect(cells.slice(10, 12)).toEqual(['£12.50', '£9.375']);
    expect(within(first).getByRole('button', { name: 'Delivery schedule of RB-BLK-1' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Multi Buy offer for RB-BLK-1' })).toHaveTextContent('Offer');
    const second = await row('RB-BLK-2');
    expect(within(second).queryByRole('button', { name: /Delivery schedule/ })).not.toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: /Multi Buy offer/ })).not.toBeInTheDocument();
    expect(
      within(second)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(10, 12),
    ).toEqual(['£0.12345', '£0.11111']);
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Image',
      'Item',
      'Favorite',
      'Stock',
      'Qty Due',
      'Pack Qty',
      'Due Date',
      'Unit',
      'Delivery schedule',
      'Multi Buy',
      'List Price',
      'Discount Price',
      'Quantity',
    ]);
  });

  it('searches by text alone, clearing type and range', async () => {
    const { user } = await openPage();
    await user.selectOptions(screen.getByLabelText('Product type'), 'Roller Blinds');
    await user.type(screen.getByLabelText('Look up product'), 'blackout');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await itemCodes()).toEqual(['RB-BLK-1', 'RB-BLK-2']);
    expect(searches).toEqual([{ searchValue: 'blackout', isSearching: 'true', page: '1', pageSize: '20' }]);
    expect(screen.getByLabelText('Product type')).toHaveValue('');
    expect(screen.getByLabelText('Range')).toBeDisabled();
    expect(screen.getByText(MSG.displayingResults(2, 'blackout'))).toBeInTheDocument();
  });

  it('pages through results 20 at a time', async () => {
    const { user } = await openPage();
    await user.selectOptions(screen.getByLabelText('Product type'), 'Roller Blinds');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await itemCodes()).toHaveLength(20);
    expect(screen.getByText('1 of 3 pages')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect((await itemCodes())[0]).toBe('RB-021');
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await itemCodes()).toHaveLength(5);
    expect(screen.getByText('3 of 3 pages')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(screen.getByText('1 of 3 pages')).toBeInTheDocument();
  });

  it("says 'No results', 'Unable to find products', and when the list was cut", async () => {
    const { user } = await openPage();
    respondSearch(() => []);
    await user.type(screen.getByLabelText('Look up product'), 'zzz{Enter}');
    expect(await screen.findByText(MSG.noResults)).toBeInTheDocument();
    expect(screen.getByText(MSG.displayingResults(0, 'zzz'))).toBeInTheDocument();
    respondSearch(() => failure());
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(MSG.searchFailed)).toBeInTheDocument();
    expect(screen.getByText(MSG.noResults)).toBeInTheDocument();
    respondSearch(() => HttpResponse.json(many, { headers: { [RESULTS_TRUNCATED_HEADER]: 'true' } }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/Only the first 2,000 matches are listed/)).toBeInTheDocument();
  });

  it('keeps the results when a search gets no answer, and runs it again when the connection is back', async () => {
    const { user } = await openPage();
    respondSearch(() => many);
    await user.type(screen.getByLabelText('Look up product'), 'blind{Enter}');
    expect(await screen.findByText(MSG.displayingResults(45, 'blind'))).toBeInTheDocument();
    respondSearch(() => HttpResponse.error());
    await user.clear(screen.getByLabelText('Look up product'));
    await user.type(screen.getByLabelText('Look up product'), 'chain{Enter}');
    expect(await screen.findByText(MSG.searchFailed)).toBeInTheDocument();
    expect(await screen.findByText(MSG.connectionDropped)).toBeInTheDocument();
    expect(screen.getByText(MSG.displayingResults(45, 'blind'))).toBeInTheDocument();
    expect((await itemCodes())[0]).toBe('RB-001');
    respondSearch((q) => (q.searchValue === 'chain' ? blackout : many));
    connectionWorked(); // what the probe does when the server answers again
    expect(await screen.findByText(MSG.displayingResults(blackout.length, 'chain'))).toBeInTheDocument();
    expect(screen.queryByText(MSG.connectionDropped)).not.toBeInTheDocument();
  });

  it('toggles a favourite in place, and reports a failure', async () => {
    const posted: unknown[] = [];
    server.use(
      on(routes.addFavourite, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ ok: true });
      }),
      on(routes.removeFavourite, () => failure()),
    );
    const { user } = await openPage();
    await user.type(screen.getByLabelText('Look up product'), 'blackout{Enter}');
    const star = within(await row('RB-BLK-1')).getByRole('button', { name: 'Favorite RB-BLK-1' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    expect(posted).toEqual([{ itemNumber: 'RB-BLK-1' }]);
    expect(searches).toHaveLength(1);
    const other = within(await row('RB-BLK-2')).getByRole('button', { name: 'Favorite RB-BLK-2' });
    await user.click(other);
    expect(await screen.findByText(MSG.removeFavouriteFailed)).toBeInTheDocument();
    expect(other).toHaveAttribute('aria-pressed', 'true');
  });

  it('enters and leaves Favorites and Usual Orders; entering empties the search box, leaving reruns what it holds', async () => {
    server.use(
      on(routes.listFavourites, () => HttpResponse.json([blackout[1]])),
      on(routes.listUsuals, () => HttpResponse.json([blackout[0], many[0]])),
    );
    const { user } = await openPage();
    const favourites = screen.getByRole('button', { name: 'Favorites' });
    const usuals = screen.getByRole('button', { name: 'Usual Orders' });

    await user.click(favourites);
    expect(await itemCodes()).toEqual(['RB-BLK-2']);
    expect(favourites).toHaveAttribute('aria-pressed', 'true');
    // One result, one page: singular.
    expect(screen.getByText('Displaying 1 result for Favorites')).toBeInTheDocument();
    expect(screen.getByText('1 of 1 page')).toBeInTheDocument();
    // Leaving with nothing to search by: the list is cleared.
    await user.click(favourites);
    await waitFor(() => expect(favourites).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByText(MSG.enterProductDetails)).toBeInTheDocument();
    expect(searches).toHaveLength(0);

    await user.type(screen.getByLabelText('Look up product'), 'chain');
    await user.click(usuals);
    expect(await itemCodes()).toEqual(['RB-BLK-1', 'RB-001']);
    expect(usuals).toHaveAttribute('aria-pressed', 'true');
    // No old text beside the usual orders.
    expect(screen.getByLabelText('Look up product')).toHaveValue('');
    await user.type(screen.getByLabelText('Look up product'), 'blackout');
    await user.click(usuals);
    await waitFor(() =>
      expect(searches).toEqual([{ searchValue: 'blackout', isSearching: 'true', page: '1', pageSize: '20' }]),
    );
    expect(await itemCodes()).toEqual(['RB-BLK-1', 'RB-BLK-2']);
    expect(usuals).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps the search in the URL: Back restores the list from the cache, and a link opens it', async () => {
    const { user, router } = await openPage();
    await user.type(screen.getByLabelText('Look up product'), 'blind{Enter}');
    expect(await screen.findByText(MSG.displayingResults(45, 'blind'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=blind&page=2'));
    expect((await itemCodes())[0]).toBe('RB-021');
    const fetched = searches.length;
    // Away and back to the same URL (the browser's Back is the e2e journey's): the screen remounts.
    await router.navigate('/basket');
    await screen.findByRole('heading', { name: /basket/i });
    await router.navigate('/products/search?q=blind&page=2');
    await screen.findByRole('heading', { name: 'Create Orders' });
    // From the cache: no request, no 'Searching' in between.
    expect(screen.queryByText(MSG.searching)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Look up product')).toHaveValue('blind');
    expect((await itemCodes())[0]).toBe('RB-021');
    expect(searches).toHaveLength(fetched);
  });

  it('opens a shared link with type, range and page', async () => {
    renderApp('/products/search?type=Roller+Blinds&range=Blackout+Fabrics', { session: loggedInSession });
    expect(await screen.findByText(MSG.displayingResults(2, 'Roller Blinds - Blackout Fabrics'))).toBeInTheDocument();
    expect(screen.getByLabelText('Product type')).toHaveValue('Roller Blinds');
    expect(screen.getByLabelText('Range')).toHaveValue('Blackout Fabrics');
    expect(await itemCodes()).toEqual(['RB-BLK-1', 'RB-BLK-2']);
  });

  it('says when favourites or usuals cannot be loaded', async () => {
    server.use(
      on(routes.listFavourites, () => failure()),
      on(routes.listUsuals, () => failure()),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Favorites' }));
    expect(await screen.findByText(MSG.favouritesFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Usual Orders' }));
    expect(await screen.findByText(MSG.usualsFailed)).toBeInTheDocument();
  });

  it('clears parameters, filters and the list', async () => {
    const { user } = await openPage();
    await user.selectOptions(screen.getByLabelText('Product type'), 'Roller Blinds');
    await user.type(screen.getByLabelText('Look up product'), 'blackout{Enter}');
    await table();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByLabelText('Look up product')).toHaveValue('');
    expect(screen.getByLabelText('Product type')).toHaveValue('');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText(MSG.enterProductDetails)).toBeInTheDocument();
  });

  describe('adding to the basket', () => {
    it('adds with Enter and with Add, toasts, and resets the quantity to 0', async () => {
      const { user } = await openPage();
      await user.type(screen.getByLabelText('Look up product'), 'blackout{Enter}');
      const r = await row('RB-BLK-2');
      const qty = within(r).getByRole('textbox', { name: 'Quantity of RB-BLK-2' });
      const add = within(r).getByRole('button', { name: 'Add RB-BLK-2 to basket' });
      expect(add).toBeDisabled();
      await user.clear(qty);
      await user.type(qty, '3{Enter}');
      expect(await screen.findByText(MSG.addedToBasket('RB-BLK-2'))).toBeInTheDocument();
      expect(qty).toHaveValue('0');
      expect(add).toBeDisabled();
      await user.click(within(r).getByRole('button', { name: 'Increase Quantity of RB-BLK-2' }));
      await user.click(add);
      await waitFor(() =>
        expect(basketPosts).toEqual([
          { itemNumber: 'RB-BLK-2', quantity: 3 },
          { itemNumber: 'RB-BLK-2', quantity: 1 },
        ]),
      );
      await waitFor(() => expect(qty).toHaveValue('0'));
    });

    it('warns when the quantity is above stock, and says when the add fails', async () => {
      const { user } = await openPage();
      await user.type(screen.getByLabelText('Look up product'), 'blackout{Enter}');
      const r = await row('RB-BLK-1');
      const qty = within(r).getByRole('textbox', { name: 'Quantity of RB-BLK-1' });
      await user.clear(qty);
      await user.type(qty, '6{Enter}');
      expect(await screen.findByText(MSG.addedToBasketLowStock('RB-BLK-1'))).toBeInTheDocument();
      server.use(on(routes.addBasketLine, () => failure(404)));
      await user.clear(qty);
      await user.type(qty, '2');
      await user.click(within(r).getByRole('button', { name: 'Add RB-BLK-1 to basket' }));
      expect(await screen.findByText(MSG.addToBasketFailed)).toBeInTheDocument();
      expect(qty).toHaveValue('0');
    });

    it('refreshes the basket after an add', async () => {
      let basketGets = 0;
      server.use(
        on(routes.getBasket, () => {
          basketGets += 1;
          return HttpResponse.json(emptyBasket);
        }),
      );
      const { user } = await openPage();
      await waitFor(() => expect(basketGets).toBe(1));
      await user.type(screen.getByLabelText('Look up product'), 'blackout{Enter}');
      const qty = within(await row('RB-BLK-2')).getByRole('textbox', { name: 'Quantity of RB-BLK-2' });
      await user.type(qty, '1{Enter}');
      await waitFor(() => expect(basketGets).toBe(2));
    });
  });

  describe('modals', () => {
    // The screen loads its modals' chunk when the first one opens. Under a loaded machine (three
    // test runs at once) transforming it and the dialog library took longer than a find's wait, so
    // the chunk is loaded once here, before any assertion; the screen's own import then resolves it.
    beforeAll(() => import('./product-modals'), 60_000);

    it('opens Multi Buy, Delivery schedule and Product Image, each with Close', async () => {
      server.use(
        on(routes.listMultiBuyDiscounts, () => HttpResponse.json([{ minimumQuantity: 10, price: 8.12345 }])),
        on(routes.listDeliverySchedule, () => HttpResponse.json([{ quantity: 40, date: '01/02/30' }])),
      );
      const { user } = await openPage();
      await user.type(screen.getByLabelText('Look up product'), 'blackout{Enter}');
      const r = await row('RB-BLK-1');

      await user.click(within(r).getByRole('button', { name: 'Multi Buy offer for RB-BLK-1' }));
      let dialog = await screen.findByRole('dialog', { name: 'Multi Buy' });
      // The table comes once the offer has loaded (a spinner shows meanwhile).
      expect((await within(dialog).findAllByRole('columnheader')).map((c) => c.textContent)).toEqual([
        'Min Qty',
        'Price',
      ]);
      expect(await within(dialog).findByRole('cell', { name: '£8.12345' })).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await user.click(within(r).getByRole('button', { name: 'Delivery schedule of RB-BLK-1' }));
      dialog = await screen.findByRole('dialog', { name: 'Delivery schedule' });
      expect((await within(dialog).findAllByRole('columnheader')).map((c) => c.textContent)).toEqual(['Qty', 'Date']);
      expect(await within(dialog).findByRole('cell', { name: '01/02/30' })).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await user.click(within(r).getByRole('button', { name: 'View image of RB-BLK-1' }));
      dialog = await screen.findByRole('dialog', { name: 'Product Image' });
      expect(await within(dialog).findByRole('img', { name: 'Blackout Charcoal' })).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:/),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('shows a placeholder, silently, when a thumbnail fails', async () => {
      server.use(on(routes.getProductImage, () => failure(404)));
      const { user } = await openPage();
      await user.type(screen.getByLabelText('Look up product'), 'blackout{Enter}');
      const thumbnail = within(await row('RB-BLK-1')).getByRole('button', { name: 'View image of RB-BLK-1' });
      await waitFor(() => expect(thumbnail.querySelector('svg')).not.toBeNull());
      expect(thumbnail.querySelector('img')).toBeNull();
      expect(screen.queryByText(MSG.imageFailed)).not.toBeInTheDocument();
    });

    it.each([
      ['Multi Buy offer for RB-BLK-1', routes.listMultiBuyDiscounts.path, MSG.multiBuyFailed],
      ['Delivery schedule of RB-BLK-1', routes.listDeliverySchedule.path, MSG.scheduleFailed],
      ['View image of RB-BLK-1', partialPath(routes.getProductImage, { imageType: 1 }), MSG.imageFailed],
    ])('closes %s with a message when it fails to load', async (button, url, message) => {
      server.use(http.get(url, () => failure()));
      const { user } = await openPage();
      await user.type(screen.getByLabelText('Look up product'), 'blackout{Enter}');
      await user.click(within(await row('RB-BLK-1')).getByRole('button', { name: button }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('loads each thumbnail once and shows it', async () => {
      let imageGets = 0;
      server.use(
        on(routes.getProductImage, async () => {
          imageGets += 1;
          await delay(10);
          return new HttpResponse('<svg/>', { headers: { 'content-type': 'image/svg+xml' } });
        }),
      );
      const { user } = await openPage();
      await user.type(screen.getByLabelText('Look up product'), 'blackout{Enter}');
      const r = await row('RB-BLK-1');
      await waitFor(() =>
        expect(within(r).getByRole('button', { name: 'View image of RB-BLK-1' }).querySelector('img')).not.toBeNull(),
      );
      expect(imageGets).toBe(2);
    });
  });

  describe('Download All', () => {
    it("says 'Unable to download products' with no products", async () => {
      const { user } = await openPage();
      await user.click(screen.getByRole('button', { name: 'Download All' }));
      expect(await screen.findByText(MSG.downloadProductsFailed)).toBeInTheDocument();
    });

    it('writes every listed product, leaving out the multi-buy flag while a filter is active', async () => {
      server.use(on(routes.listFavourites, () => HttpResponse.json([blackout[1]])));
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const { user } = await openPage();
      await user.type(screen.getByLabelText('Look up product'), 'blackout{Enter}');
      await table();
      await user.click(screen.getByRole('button', { name: 'Download All' }));
      const csv = (await downloaded()).split('\r\n');
      expect(csv[0]).toBe(
        'Item,Description,Stock,Qty Due,Pack Qty,Due Date,Unit,List Price (GBP),Discount Price (GBP),Favourite,Multi Buy',
      );
      expect(csv[1]).toBe('RB-BLK-1,Blackout Charcoal,5,40,1,01/02/30,EACH,12.5,9.375,false,true');
      expect(csv).toHaveLength(3);
      expect(click.mock.contexts.at(-1)).toHaveProperty('download', 'export.csv');

      await user.click(screen.getByRole('button', { name: 'Favorites' }));
      await waitFor(async () => expect(await itemCodes()).toEqual(['RB-BLK-2']));
      await user.click(screen.getByRole('button', { name: 'Download All' }));
      const filtered = (await downloaded()).split('\r\n');
      expect(filtered[0]).toBe(
        'Item,Description,Stock,Qty Due,Pack Qty,Due Date,Unit,List Price (GBP),Discount Price (GBP),Favourite',
      );
      expect(filtered[1]).toBe('RB-BLK-2,Blackout Ivory,100,0,1,,EACH,0.12345,0.11111,true');
    });
  });

  describe('a paged search (the server answers one page and the total)', () => {
    const many = Array.from({ length: 45 }, (_, i) => product(`PG-${String(i + 1).padStart(2, '0')}`));

    function respondPaged() {
      respondSearch((q) => {
        if (!q.page) return many;
        const size = Number(q.pageSize);
        const rows = many.slice((Number(q.page) - 1) * size, Number(q.page) * size);
        return HttpResponse.json(rows, { headers: { 'x-total-count': String(many.length) } });
      });
    }

    it('counts the whole list, fetches each page as it is opened, and downloads every row', async () => {
      respondPaged();
      const exports: Record<string, string>[] = [];
      server.use(
        on(routes.exportSearch, ({ request }) => {
          exports.push(Object.fromEntries(new URL(request.url).searchParams));
          return new HttpResponse(productsCsv(many, false, 'GBP'), {
            headers: { 'content-type': 'text/csv; charset=utf-8' },
          });
        }),
      );
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const { user } = await openPage();
      await user.type(screen.getByLabelText('Look up product'), 'pg{Enter}');
      await waitFor(async () => expect((await itemCodes())[0]).toBe('PG-01'));
      expect(await itemCodes()).toHaveLength(20);
      expect(screen.getByText(MSG.displayingResults(45, 'pg'))).toBeInTheDocument();

      await user.click(
        within(screen.getByRole('navigation', { name: 'Product pages' })).getByRole('button', { name: 'Last page' }),
      );
      await waitFor(async () => expect(await itemCodes()).toEqual(['PG-41', 'PG-42', 'PG-43', 'PG-44', 'PG-45']));
      expect(searches.map((q) => q.page)).toEqual(['1', '3']);

      await user.click(screen.getByRole('button', { name: 'Download All' }));
      const csv = (await downloaded()).split('\r\n');
      expect(csv).toHaveLength(46);
      expect(csv[45]).toMatch(/^PG-45,/);
      // The file comes from the server's export of the same search; no whole list is fetched.
      expect(exports).toEqual([{ searchValue: 'pg', isSearching: 'true' }]);
      expect(searches.map((q) => q.page)).toEqual(['1', '3']);
      expect(click).toHaveBeenCalled();
    });

    it("says 'Unable to download products' when the server cannot write the file", async () => {
      respondPaged();
      server.use(on(routes.exportSearch, () => failure()));
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const { user } = await openPage();
      await user.type(screen.getByLabelText('Look up product'), 'pg{Enter}');
      await waitFor(async () => expect((await itemCodes())[0]).toBe('PG-01'));
      click.mockClear();
      await user.click(screen.getByRole('button', { name: 'Download All' }));
      expect(await screen.findByText(MSG.downloadProductsFailed)).toBeInTheDocument();
      expect(click).not.toHaveBeenCalled();
    });

    it("keeps the page when another page cannot be fetched, and says 'Unable to find products'", async () => {
      respondPaged();
      const { user } = await openPage();
      await user.type(screen.getByLabelText('Look up product'), 'pg{Enter}');
      await waitFor(async () => expect((await itemCodes())[0]).toBe('PG-01'));
      respondSearch(() => failure());
      await user.click(
        within(screen.getByRole('navigation', { name: 'Product pages' })).getByRole('button', { name: 'Next page' }),
      );
      expect(await screen.findByText(MSG.searchFailed)).toBeInTheDocument();
      expect((await itemCodes())[0]).toBe('PG-01');
    });
  });

  it('shows compact cards on narrow screens', async () => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }),
    });
    const { user } = await openPage();
    await user.type(screen.getByLabelText('Look up product'), 'blackout{Enter}');
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Discount Price').nextSibling).toHaveTextContent('£9.375');
    expect(within(cards[0]!).getByRole('button', { name: 'Add RB-BLK-1 to basket' })).toBeDisabled();
  });
});
