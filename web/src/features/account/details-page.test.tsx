import { configure, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, type User, routes } from '@wholesale/contract';
import { SESSION_STORAGE_KEY } from '../../lib/session';
import { demoUser, loggedInSession } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server, on } from '../../test/server';

// Screens load as lazy chunks; on a busy machine the first render can take a few seconds.
configure({ asyncUtilTimeout: 5000 });

const fresh: User = {
  ...demoUser,
  balance: 99.5,
  onStop: 'True',
  statements: [
    { name: 'Statement February 2026', filename: 'C10042-2026-02' },
    { name: 'Statement January 2026', filename: 'C10042-2026-01' },
  ],
};

function facts(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('My Details', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows account and balance details from the fresh user and stores it in the session', async () => {
    server.use(on(routes.getCurrentUser, () => HttpResponse.json(fresh)));
    const { store } = renderApp('/details', { session: loggedInSession });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Details' })).toBeInTheDocument();
    await waitFor(() => expect(facts('Balance Details').getByText('£99.50')).toBeInTheDocument());
    expect(facts('Balance Details').getByText('£5,000.00')).toBeInTheDocument();
    expect(facts('Balance Details').getByText('On Stop').nextElementSibling).toHaveTextContent('Yes');
    expect(facts('Account Details').getByText(demoUser.customerNumber)).toBeInTheDocument();
    expect(facts('Account Details').getByText(demoUser.postcode)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/change-password');
    expect(store.getState().session.user?.balance).toBe(99.5);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').user.balance).toBe(99.5);
  });

  it('shows on-stop as No and the stored user while the fresh one is not there', async () => {
    server.use(on(routes.getCurrentUser, () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    renderApp('/details', { session: loggedInSession });
    expect(await screen.findByText('£1,234.50')).toBeInTheDocument();
    expect(facts('Balance Details').getByText('On Stop').nextElementSibling).toHaveTextContent('No');
    expect(screen.getByText('No statements are available yet.')).toBeInTheDocument();
  });

  it('downloads a statement as {filename}.pdf, showing Downloading... meanwhile', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let requested = '';
    server.use(
      on(routes.getCurrentUser, () => HttpResponse.json(fresh)),
      on(routes.downloadStatement, async ({ params, request }) => {
        requested = `${String(params.filename)} ${request.headers.get('authorization')}`;
        await gate;
        return new HttpResponse('%PDF-1.3 test', { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:statement');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    const { user } = renderApp('/details', { session: loggedInSession });
    await user.click(await screen.findByRole('button', { name: 'Download Statement January 2026' }));
    expect(await screen.findByRole('button', { name: `${MSG.downloading} Statement January 2026` })).toHaveTextContent(
      MSG.downloading,
    );
    release();
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(requested).toBe('C10042-2026-01 Bearer access-1');
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('C10042-2026-01.pdf');
    expect(await screen.findByRole('button', { name: 'Download Statement January 2026' })).toBeEnabled();
  });

  it("says 'Unable to download statement' when the download fails", async () => {
    server.use(
      on(routes.getCurrentUser, () => HttpResponse.json(fresh)),
      on(routes.downloadStatement, () =>
        HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Statement not found' }, { status: 404 }),
      ),
    );
    const { user } = renderApp('/details', { session: loggedInSession });
    await user.click(await screen.findByRole('button', { name: 'Download Statement February 2026' }));
    expect(await screen.findByText(MSG.statementFailed)).toBeInTheDocument();
  });
});
