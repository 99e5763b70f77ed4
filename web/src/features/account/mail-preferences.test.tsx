import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PREFS_MSG, routes } from '@wholesale/contract';
import { demoUser, loggedInSession } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { on, server } from '../../test/server';

configure({ asyncUtilTimeout: 5000 });

describe('My Details: email preferences', () => {
  it('turns despatch emails off and keeps cancellation emails on, saying so', async () => {
    const saved: unknown[] = [];
    server.use(
      on(routes.getCurrentUser, () => HttpResponse.json(demoUser)),
      on(routes.updateMailPreferences, async ({ request }) => {
        const body = await request.json();
        saved.push(body);
        return HttpResponse.json(body as object);
      }),
    );
    const user = userEvent.setup();
    renderApp('/details', { session: loggedInSession });
    const card = within(await screen.findByRole('region', { name: PREFS_MSG.title }));
    const despatch = await card.findByRole('checkbox', { name: PREFS_MSG.despatch });
    expect(despatch).toBeChecked();
    await user.click(despatch);
    expect(await screen.findByText(PREFS_MSG.saved)).toBeInTheDocument();
    expect(saved).toEqual([{ despatch: false, cancellation: true }]);
    expect(card.getByRole('checkbox', { name: PREFS_MSG.despatch })).not.toBeChecked();
    expect(card.getByRole('checkbox', { name: PREFS_MSG.cancellation })).toBeChecked();
  });

  it("says 'Unable to save email preferences' when the save fails, and the box stays as it was", async () => {
    server.use(
      on(routes.getCurrentUser, () => HttpResponse.json(demoUser)),
      on(routes.updateMailPreferences, () => HttpResponse.json({ message: 'down' }, { status: 500 })),
    );
    const user = userEvent.setup();
    renderApp('/details', { session: loggedInSession });
    const card = within(await screen.findByRole('region', { name: PREFS_MSG.title }));
    await user.click(await card.findByRole('checkbox', { name: PREFS_MSG.cancellation }));
    expect(await screen.findByText(PREFS_MSG.failed)).toBeInTheDocument();
    await waitFor(() => expect(card.getByRole('checkbox', { name: PREFS_MSG.cancellation })).toBeChecked());
  });
});
