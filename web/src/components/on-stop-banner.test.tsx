import { configure, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CREDIT_MSG, HOME_MSG, MSG, routes } from '@wholesale/contract';
import { creditSummaryFixture, invoicesFixture } from '../features/account/account-test-data';
import { demoUser, loggedInSession, settings } from '../test/fixtures';
import { renderApp } from '../test/render';
import { server, on } from '../test/server';

configure({ asyncUtilTimeout: 5000 });

const onStopSession = { ...loggedInSession, user: { ...demoUser, onStop: 'True' as const } };
const onStopCredit = {
  ...creditSummaryFixture,
  onStop: true,
  overdue: { total: 1234.5, documentNumbers: ['SI-100240', 'SI-100250'] },
};

describe('the on-stop notice', () => {
  it('says why on Home: the overdue invoices and their amount, with one action to pay them', async () => {
    server.use(
      on(routes.getCreditSummary, () => HttpResponse.json(onStopCredit)),
      on(routes.getInvoices, () => HttpResponse.json(invoicesFixture)),
      on(routes.getCurrentUser, () => HttpResponse.json(onStopSession.user)),
    );
    const { user, location } = renderApp('/', { session: onStopSession });
    const banner = within(await screen.findByTestId('on-stop-banner'));
    expect(banner.getByText(MSG.accountOnStop(settings.supportEmail))).toBeInTheDocument();
    expect(await banner.findByText(CREDIT_MSG.onStopReason(2, '£1,234.50'))).toBeInTheDocument();
    expect(banner.getByText('SI-100240, SI-100250')).toBeInTheDocument();
    const pay = banner.getByRole('link', { name: CREDIT_MSG.payOverdue });
    expect(pay).toHaveAttribute('href', '/account?pay=overdue');
    await user.click(pay);
    // My Account opens with the overdue invoices selected (its own tests cover the selection).
    await waitFor(() => expect(location()).toBe('/account'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
  });

  it('acknowledges the payment when nothing is overdue any more, and is not shown to an account not on stop', async () => {
    server.use(
      on(routes.getCreditSummary, () =>
        HttpResponse.json({ ...onStopCredit, overdue: { total: 0, documentNumbers: [] } }),
      ),
    );
    const first = renderApp('/', { session: onStopSession });
    expect(await screen.findByTestId('on-stop-banner')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('on-stop-reason')).not.toBeInTheDocument();
    expect(await screen.findByText(CREDIT_MSG.onStopPaid)).toBeInTheDocument();
    first.unmount();

    renderApp('/', { session: loggedInSession });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('on-stop-banner')).not.toBeInTheDocument();
  });

  it('offers paying only to the roles that pay invoices: a buyer is told why, without the way to pay', async () => {
    const buyer = { ...onStopSession, user: { ...onStopSession.user, role: 'buyer' as const } };
    server.use(
      on(routes.getCreditSummary, () => HttpResponse.json(onStopCredit)),
      on(routes.getCurrentUser, () => HttpResponse.json(buyer.user)),
    );
    renderApp('/', { session: buyer });
    const banner = within(await screen.findByTestId('on-stop-banner'));
    expect(await banner.findByText(CREDIT_MSG.onStopReason(2, '£1,234.50'))).toBeInTheDocument();
    // The account at a glance shows what is overdue, without its link to pay either.
    expect(await screen.findByTestId('credit-glance')).toHaveTextContent('£1,234.50');
    expect(screen.queryByRole('link', { name: CREDIT_MSG.payOverdue })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: HOME_MSG.payOverdue })).not.toBeInTheDocument();
  });

  it('shows the reason on the basket too', async () => {
    server.use(on(routes.getCreditSummary, () => HttpResponse.json(onStopCredit)));
    renderApp('/basket', { session: onStopSession });
    expect(await screen.findByRole('link', { name: CREDIT_MSG.payOverdue })).toBeInTheDocument();
  });
});
