import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../lib/session';
import { authResponseFor } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server, on } from '../../test/server';
import { routes } from '@wholesale/contract';

describe('/redirect', () => {
  it('exchanges rt for a session (without an auth header) and goes home', async () => {
    const seen: { rt: string; auth: string | null }[] = [];
    server.use(
      on(routes.exchangeRedirectToken, ({ params, request }) => {
        seen.push({ rt: String(params.token), auth: request.headers.get('Authorization') });
        return HttpResponse.json(authResponseFor(7));
      }),
    );
    const { location, store } = renderApp('/redirect?rt=one-time-token-123');
    expect(await screen.findByRole('link', { name: 'View Basket' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(seen).toEqual([{ rt: 'one-time-token-123', auth: null }]);
    expect(store.getState().session.token).toBe('access-7');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toContain('refresh-7');
  });

  it('goes to /login without rt', async () => {
    const { location } = renderApp('/redirect');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it('goes to /login when the exchange fails', async () => {
    server.use(
      on(routes.exchangeRedirectToken, () =>
        HttpResponse.json({ statusCode: 401, error: 'Unauthorized', message: 'Expired' }, { status: 401 }),
      ),
    );
    const { location, store } = renderApp('/redirect?rt=used-token-123');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(store.getState().session.token).toBeNull();
  });
});
