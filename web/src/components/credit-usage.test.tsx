import { configure, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CREDIT_MSG, routes } from '@wholesale/contract';
import { creditSummaryFixture } from '../features/account/account-test-data';
import { twoLineBasket, twoLineSummary } from '../features/basket/basket-test-data';
import { demoUser, loggedInSession } from '../test/fixtures';
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
    const status = await screen.findByText(CREDIT_MSG.creditUsage('£55.54', '£4,763.56'));
    expect(status).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns, as an alert, when the order is more than the available credit', async () => {
    // Limit 5,000, balance 4,950: 50.00 available, the order is 55.54.
    answers({ ...creditSummaryFixture, balance: 4950, availableCredit: 50 });
    renderApp('/basket', { session: loggedInSession });
    expect(await screen.findByRole('alert')).toHaveTextContent(CREDIT_MSG.overCredit('£55.54', '£50.00'));
    expect(screen.queryByText(/This order uses/)).not.toBeInTheDocument();
  });

  it('warns when the balance is over the limit (no credit available)', async () => {
    answers({ ...creditSummaryFixture, balance: 6200, availableCredit: 0 });
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
  });

  it('is shown at Review Order too', async () => {
    answers({ ...creditSummaryFixture, balance: 4950, availableCredit: 50 });
    renderApp('/checkout/review-order', { session: loggedInSession });
    expect(await screen.findByText(CREDIT_MSG.overCredit('£55.54', '£50.00'))).toBeInTheDocument();
  });
});
