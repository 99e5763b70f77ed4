import { configure, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CREDIT_MSG, MSG, routes } from '@wholesale/contract';
import { creditSummaryFixture } from '../features/account/account-test-data';
import { twoLineBasket, twoLineSummary } from '../features/basket/basket-test-data';
import { demoUser, loggedInSession, settings } from '../test/fixtures';
import { renderApp } from '../test/render';
import { server, on } from '../test/server';

configure({ asyncUtilTimeout: 5000 });

/** The basket totals £55.54 (twoLineSummary). */
function answers(credit: object = creditSummaryFixture) {
  server.use(
    on(routes.getBasket, () => HttpResponse.json(twoLineBasket)),
    on(routes.getBasketAmount, () => HttpResponse.json(twoLineSummary)),
    on(routes.getCreditSummary, () => HttpResponse.json(credit)),
  );
}
const basketShown = () => screen.findByRole('table', { name: 'Basket lines' });

describe('credit usage at the basket', () => {
  it('says how much of the available credit the order uses', async () => {
    answers();
    renderApp('/basket', { session: loggedInSession });
    // Limit 5,000 less the balance (236.44) and the orders not yet invoiced (1,000).
    const status = await screen.findByText(CREDIT_MSG.creditUsage('£55.54', '£3,763.56'));
    expect(status).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('credit-exposure')).toHaveTextContent(CREDIT_MSG.exposureNote('£236.44', '£1,000.00'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: MSG.proceedToCheckout })).toBeInTheDocument();
  });

  it('stops the buyer at the basket when the order is more than the available credit, with the ways out', async () => {
    // Limit 5,000, balance 3,950 and 1,000 of orders not yet invoiced: 50.00 available, the order is 55.54.
    answers({ ...creditSummaryFixture, balance: 3950, exposure: 4950, availableCredit: 50 });
    renderApp('/basket', { session: loggedInSession });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CREDIT_MSG.overCredit('£55.54', '£50.00'));
    expect(screen.queryByText(/This order uses/)).not.toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: CREDIT_MSG.wayPayInvoices })).toHaveAttribute('href', '/account');
    expect(within(alert).getByRole('link', { name: CREDIT_MSG.wayRemoveLines })).toHaveAttribute(
      'href',
      '#basket-lines',
    );
    expect(within(alert).getByRole('link', { name: CREDIT_MSG.wayContact(settings.supportEmail) })).toHaveAttribute(
      'href',
      `mailto:${settings.supportEmail}`,
    );
    // No way on to checkout: the reason where Proceed to checkout stood.
    expect(screen.getByTestId('checkout-blocked')).toHaveTextContent(CREDIT_MSG.checkoutBlocked.overCredit);
    expect(screen.queryByRole('link', { name: MSG.proceedToCheckout })).not.toBeInTheDocument();
  });

  it('warns when the balance is over the limit (no credit available)', async () => {
    answers({ ...creditSummaryFixture, balance: 6200, exposure: 7200, availableCredit: 0 });
    renderApp('/basket', { session: loggedInSession });
    expect(await screen.findByRole('alert')).toHaveTextContent(CREDIT_MSG.overCredit('£55.54', '£0.00'));
  });

  it('is not shown to a proforma buyer, nor when no credit limit is set', async () => {
    answers();
    const proforma = renderApp('/basket', {
      session: { ...loggedInSession, user: { ...demoUser, isProforma: true } },
    });
    await basketShown();
    expect(screen.queryByTestId('credit-usage')).not.toBeInTheDocument();
    proforma.unmount();

    answers({ ...creditSummaryFixture, creditLimit: 0, availableCredit: null });
    renderApp('/basket', { session: loggedInSession });
    await basketShown();
    expect(screen.queryByTestId('credit-usage')).not.toBeInTheDocument();
  });

  it('gives way to the on-stop notice for an account on stop', async () => {
    answers({
      ...creditSummaryFixture,
      balance: 6200,
      exposure: 7200,
      availableCredit: 0,
      onStop: true,
      overdue: { total: 120, documentNumbers: ['SI-1'] },
    });
    renderApp('/basket', { session: { ...loggedInSession, user: { ...demoUser, onStop: 'True' } } });
    // Both answers it would read are in: the credit position (the notice's reason) and the total.
    expect(await screen.findByTestId('on-stop-reason')).toBeInTheDocument();
    await basketShown();
    expect((await screen.findAllByText('£55.54')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('credit-usage')).not.toBeInTheDocument();
    expect(screen.queryByText(CREDIT_MSG.overCredit('£55.54', '£0.00'))).not.toBeInTheDocument();
    // Stopped here too, and nothing offered as if ordering were possible: no promise, no upsell.
    expect(screen.getByTestId('checkout-blocked')).toHaveTextContent(CREDIT_MSG.checkoutBlocked.onStop);
    expect(screen.queryByRole('link', { name: MSG.proceedToCheckout })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Multi-buy offers' })).not.toBeInTheDocument();
    expect(screen.queryByText(/to ship/)).not.toBeInTheDocument();
  });

  it('is shown at Review Order too, with Place Order disabled and the reason beside it', async () => {
    answers({ ...creditSummaryFixture, balance: 3950, exposure: 4950, availableCredit: 50 });
    renderApp('/checkout/review-order', { session: loggedInSession });
    expect(await screen.findByText(CREDIT_MSG.overCredit('£55.54', '£50.00'))).toBeInTheDocument();
    const place = await screen.findByRole('button', { name: 'Place Order' });
    await waitFor(() => expect(place).toBeDisabled());
    expect(place).toHaveAccessibleDescription(CREDIT_MSG.placeOrderBlocked.overCredit);
  });
});
