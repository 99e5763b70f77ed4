import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { authResponseFor, loggedInSession } from '../test/fixtures';
import { renderApp } from '../test/render';
import { answerOtherApiCallsWith404, server, on } from '../test/server';
import { returnPath } from './route-guards';
import { routes } from '@wholesale/contract';

describe('protected routes', () => {
  beforeEach(answerOtherApiCallsWith404);

  it.each([
    '/',
    '/account',
    '/view-transaction',
    '/open-orders',
    '/open-order-enquiry',
    '/details',
    '/change-password',
    '/basket',
    '/checkout/deliveryinformation',
    '/checkout/review-order',
    '/products/search',
  ])('sends a visitor without a session from %s to /login', async (path) => {
    const { location } = renderApp(path);
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it('returns to the requested location after logging in', async () => {
    server.use(on(routes.login, () => HttpResponse.json(authResponseFor(1))));
    const { user, location, router } = renderApp('/change-password?from=test#top');

    await user.type(await screen.findByLabelText('Username'), 'jsmith');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    await waitFor(() => expect(location()).toBe('/change-password?from=test'));
    expect(router.state.location.hash).toBe('#top');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Log In' })).not.toBeInTheDocument());
  });

  it('starts at Home when logging in again after Log Out', async () => {
    server.use(on(routes.login, () => HttpResponse.json(authResponseFor(1))));
    const { user, location } = renderApp('/details', { session: loggedInSession });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(location()).toBe('/login'));

    await user.type(await screen.findByLabelText('Username'), 'jsmith');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('shows each screen to a logged-in user', async () => {
    const { location } = renderApp('/products/search', { session: loggedInSession });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Orders' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/products/search'));
  });

  it('treats a token without a user as logged out', async () => {
    const { location } = renderApp('/basket', { session: { ...loggedInSession, user: null } });
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(location()).toBe('/login');
  });
});

describe('returnPath', () => {
  it('keeps our own paths and refuses anything else', () => {
    expect(returnPath({ from: { pathname: '/basket', search: '?a=1', hash: '' } })).toBe('/basket?a=1');
    expect(returnPath(null)).toBe('/');
    expect(returnPath({ from: { pathname: '//evil.example', search: '', hash: '' } })).toBe('/');
    expect(returnPath({ from: { pathname: '/login', search: '', hash: '' } })).toBe('/');
  });
});
