import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { loggedInSession, settings } from '../test/fixtures';
import { api } from '../lib/base-api';
import { basketApi } from '../features/basket/basket-api';
import { renderApp } from '../test/render';
import { answerOtherApiCallsWith404, server, on } from '../test/server';
import { MSG, routes } from '@wholesale/contract';
import { twoLineBasket } from '../features/basket/basket-test-data';

// The shell renders once the first screen's chunk is in (route `lazy`), so tests wait for it.
const mainNav = () => screen.findByRole('navigation', { name: 'Main' });

describe('header', () => {
  beforeEach(answerOtherApiCallsWith404);

  it('underlines the current page link and shows the user', async () => {
    renderApp('/open-orders', { session: loggedInSession });
    const nav = await mainNav();

    const current = within(nav).getByRole('link', { name: 'Open Orders' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).toHaveClass('underline');
    for (const name of ['My Account', 'My Details', 'Order Products']) {
      const link = within(nav).getByRole('link', { name });
      expect(link).not.toHaveAttribute('aria-current');
      expect(link).not.toHaveClass('underline');
    }
    expect(within(nav).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Jane Smith')).toBeInTheDocument();
  });

  it('marks My Basket as the current page on /basket', async () => {
    renderApp('/basket', { session: loggedInSession });
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'My Basket' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the basket marker while the basket query has not failed', async () => {
    let calls = 0;
    server.use(
      on(
        routes.getBasket,
        () => (calls++, HttpResponse.json({ basketLines: [], carriageLine: null, totalBasketPrice: 0, revision: 3 })),
      ),
    );
    renderApp('/', { session: loggedInSession });
    await waitFor(() => expect(calls).toBe(1));
    // Empty: no marker, and the name says no number.
    const basket = await within(await screen.findByRole('banner')).findByRole('link', { name: 'My Basket' });
    expect(within(basket).queryByTestId('basket-marker')).not.toBeInTheDocument();
  });

  it('counts the basket lines (not carriage) on the marker and in the link name', async () => {
    server.use(on(routes.getBasket, () => HttpResponse.json(twoLineBasket)));
    renderApp('/', { session: loggedInSession });
    const basket = await within(await screen.findByRole('banner')).findByRole('link', { name: 'My Basket, 2 lines' });
    expect(within(basket).getByTestId('basket-marker')).toHaveTextContent('2');
    expect(MSG.basketLinkName(1)).toBe('My Basket, 1 line');
  });

  it('hides the basket marker when the basket query fails (after its one retry)', async () => {
    let calls = 0;
    server.use(on(routes.getBasket, () => (calls++, new HttpResponse(null, { status: 500 }))));
    renderApp('/', { session: loggedInSession });
    const basket = await within(await screen.findByRole('banner')).findByRole('link', { name: /^My Basket/ });
    await waitFor(() => expect(calls).toBe(2), { timeout: 4000 });
    expect(within(basket).queryByTestId('basket-marker')).not.toBeInTheDocument();
  });

  it('keeps the basket marker when a refetch gets no answer (the connection dropped): the basket is still known', async () => {
    server.use(on(routes.getBasket, () => HttpResponse.json(twoLineBasket)));
    const { store } = renderApp('/', { session: loggedInSession });
    const basket = await within(await screen.findByRole('banner')).findByRole('link', { name: /^My Basket/ });
    await waitFor(() => expect(within(basket).getByTestId('basket-marker')).toBeInTheDocument());
    let calls = 0;
    server.use(on(routes.getBasket, () => (calls++, HttpResponse.error())));
    store.dispatch(api.util.invalidateTags(['Basket']));
    await waitFor(() => expect(calls).toBe(2), { timeout: 4000 }); // the refetch and its one retry
    await waitFor(() => expect(basketApi.endpoints.getBasket.select()(store.getState()).isError).toBe(true));
    expect(within(basket).getByTestId('basket-marker')).toBeInTheDocument();
  });

  it('logs out from the header and ends the session on the server', async () => {
    let serverLogoutAuth: string | null = null;
    server.use(
      on(routes.logout, ({ request }) => {
        serverLogoutAuth = request.headers.get('authorization');
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user, location, store } = renderApp('/', { session: loggedInSession });
    await user.click(within(await mainNav()).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(store.getState().session.token).toBeNull();
    await waitFor(() => expect(serverLogoutAuth).toBe(`Bearer ${loggedInSession.token}`));
  });

  it('shows only the company site and customer login links when logged out', async () => {
    renderApp('/login');
    const banner = await screen.findByRole('banner');
    const site = await within(banner).findByRole('link', { name: 'Example Blinds website' });
    expect(site).toHaveAttribute('href', settings.companySiteUrl);
    expect(within(banner).getByRole('link', { name: 'Customer Login' })).toHaveAttribute(
      'href',
      settings.customerLoginUrl,
    );
    expect(within(banner).queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'My Basket' })).not.toBeInTheDocument();
    // Logo plus the two external links, nothing else.
    expect(within(banner).getAllByRole('link')).toHaveLength(3);
  });

  it('opens a mobile menu with the real user, the links, the basket and a working Log Out', async () => {
    const { user, location } = renderApp('/', { session: loggedInSession });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));

    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByText('Jane Smith')).toBeInTheDocument();
    expect(within(menu).getByText('Purchasing Manager')).toBeInTheDocument();
    for (const name of ['My Account', 'My Details', 'Open Orders', 'Order Products', 'My Basket']) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument();
    }

    await user.click(within(menu).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(location()).toBe('/login');
  });
});

describe('footer', () => {
  it('shows contact details, the account links, social and group links', async () => {
    renderApp('/', { session: loggedInSession });
    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByText('0113 000 0000')).toBeInTheDocument();
    const links = within(footer).getByRole('navigation', { name: 'Footer' });
    for (const name of ['My Account', 'My Details', 'Open Orders', 'Order Products']) {
      expect(within(links).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(links).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: /LinkedIn/ })).toHaveAttribute(
      'href',
      'https://www.example.test/social/linkedin',
    );
    expect(within(footer).getByRole('link', { name: /parent group/ })).toHaveAttribute('href', settings.parentGroupUrl);
    expect(within(footer).getByRole('img', { name: 'ISO 9001 Quality' })).toBeInTheDocument();
  });
});
