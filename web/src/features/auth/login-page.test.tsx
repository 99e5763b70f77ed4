import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../lib/session';
import { authResponseFor, demoUser, loggedInSession } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server, on } from '../../test/server';
import { routes } from '@wholesale/contract';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('Login', () => {
  it('marks empty fields Required with a red outline and sends nothing', async () => {
    let calls = 0;
    server.use(on(routes.login, () => (calls++, HttpResponse.json(authResponseFor(1)))));
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Log In' }));

    expect(await screen.findAllByText('Required')).toHaveLength(2);
    for (const label of ['Username', 'Password']) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveClass('border-red-600');
      expect(input).toHaveAccessibleDescription('Required');
    }
    expect(calls).toBe(0);
  });

  it('logs in, stores the session and goes home; the button reads Logging In... while busy', async () => {
    const gate = deferred();
    let body: unknown;
    server.use(
      on(routes.login, async ({ request }) => {
        body = await request.json();
        await gate.promise;
        return HttpResponse.json(authResponseFor(1));
      }),
    );
    const { user, location, store } = renderApp('/login');

    await user.type(await screen.findByLabelText('Username'), 'jsmith');
    await user.type(screen.getByLabelText('Password'), 'correct horse 1');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    const busy = await screen.findByRole('button', { name: 'Logging In...' });
    expect(busy).toBeDisabled();
    gate.resolve();

    expect(await screen.findByRole('link', { name: 'View Basket' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(body).toEqual({ username: 'jsmith', password: 'correct horse 1' });
    expect(store.getState().session).toEqual({ token: 'access-1', refresh: 'refresh-1', user: demoUser });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({
      token: 'access-1',
      refresh: 'refresh-1',
      user: demoUser,
    });
  });

  it.each([
    [429, 'Too Many Requests', 'Too many attempts. Please wait a minute and try again.'],
    [503, 'Service Unavailable', 'The portal is busy. Please try again in a moment.'],
  ])('shows the server message when it answers %i (wait and retry)', async (status, error, message) => {
    server.use(on(routes.login, () => HttpResponse.json({ statusCode: status, error, message }, { status })));
    const { user, location } = renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), 'jsmith');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    // In the toast and beside the form.
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(screen.queryByText('Failed to log in')).not.toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it("shows 'Failed to log in' and stays on the login screen", async () => {
    server.use(
      on(routes.login, () =>
        HttpResponse.json({ statusCode: 401, error: 'Unauthorized', message: 'Invalid credentials' }, { status: 401 }),
      ),
    );
    const { user, location, store } = renderApp('/login');

    await user.type(await screen.findByLabelText('Username'), 'jsmith');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    // Beside the form (not only in a toast that goes), with focus on it.
    const said = await within(screen.getByRole('form', { name: 'Log in' })).findByRole('alert');
    expect(said).toHaveTextContent('Failed to log in');
    await waitFor(() => expect(said).toHaveFocus());
    expect(location()).toBe('/login');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('sends a logged-in user from /login to /', async () => {
    const { location } = renderApp('/login', { session: loggedInSession });
    expect(await screen.findByRole('link', { name: 'View Basket' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/'));
  });
});
