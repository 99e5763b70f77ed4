import { configure, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CREDIT_MSG, routes } from '@wholesale/contract';
import { demoUser, loggedInSession } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server, on } from '../../test/server';
import { creditSummaryFixture, invoicesFixture } from './account-test-data';

configure({ asyncUtilTimeout: 5000 });

function answers() {
  server.use(
    on(routes.getInvoices, () => HttpResponse.json(invoicesFixture)),
    on(routes.getCurrentUser, () => HttpResponse.json(demoUser)),
    on(routes.getCreditSummary, () => HttpResponse.json(creditSummaryFixture)),
  );
}
const panel = async () => within(await screen.findByRole('region', { name: CREDIT_MSG.panelHeading }));
const selectedTotalText = () => screen.getByTestId('selected-total').textContent;
const bucketButton = (p: Awaited<ReturnType<typeof panel>>, label: string) =>
  p.findByRole('button', { name: new RegExp(`^Select for payment: ${label},`) });

describe('Credit and ageing on My Account', () => {
  it('shows the credit limit, balance, available credit, the five buckets and the unallocated credit', async () => {
    answers();
    renderApp('/account', { session: loggedInSession });
    const p = await panel();
    expect((await p.findByText(CREDIT_MSG.creditLimit)).nextSibling).toHaveTextContent('£5,000.00');
    expect(p.getByText(CREDIT_MSG.balance).nextSibling).toHaveTextContent('£236.44');
    // Available: the limit less the balance and the orders not yet invoiced.
    expect(p.getByText(CREDIT_MSG.uninvoicedOrders).nextSibling).toHaveTextContent('£1,000.00');
    expect(p.getByText(CREDIT_MSG.exposure).nextSibling).toHaveTextContent('£1,236.44');
    expect(p.getByText(CREDIT_MSG.availableCredit).nextSibling).toHaveTextContent('£3,763.56');
    expect(p.getByText(CREDIT_MSG.availableExplained)).toBeInTheDocument();
    const buckets = within(p.getByRole('list', { name: 'Ageing' })).getAllByRole('listitem');
    expect(buckets.map((b) => b.textContent)).toEqual([
      'Current £148.34 2 invoices',
      '1-30 days overdue £0.00 0 invoices',
      '31-60 days overdue £100.10 1 invoice',
      '61-90 days overdue £0.00 0 invoices',
      'Over 90 days overdue £0.00 0 invoices',
    ]);
    // Only a bucket with invoices is a button.
    expect(p.getAllByRole('button')).toHaveLength(2);
  });

  it("names each bucket button with its visible text, in order (label in name, WCAG 2.5.3; axe's check)", async () => {
    answers();
    renderApp('/account', { session: loggedInSession });
    const p = await panel();
    await bucketButton(p, 'Current');
    // axe's label-content-name-mismatch: the visible text's words are a contiguous run of the name's.
    const words = (text: string) =>
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
    for (const button of p.getAllByRole('button')) {
      const name = words(button.getAttribute('aria-label') ?? button.textContent ?? '').join(' ');
      const visible = words(button.textContent ?? '').join(' ');
      expect(` ${name} `, `the name of "${button.textContent}"`).toContain(` ${visible} `);
    }
    expect(p.getByText(CREDIT_MSG.unallocatedCredit)).toHaveTextContent('-£12.00');
  });

  it('selects exactly the invoices of the bucket activated, and moves focus to the pay form', async () => {
    answers();
    const { user } = renderApp('/account', { session: loggedInSession });
    const p = await panel();
    await screen.findByRole('table', { name: 'Open invoices' });

    await user.click(await bucketButton(p, 'Current'));
    await waitFor(() => expect(selectedTotalText()).toBe('£148.34'));
    expect(screen.getByText('2 invoices selected')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Reference' })).toHaveFocus());

    // Another bucket replaces the selection, by keyboard too.
    (await bucketButton(p, '31-60 days overdue')).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(selectedTotalText()).toBe('£100.10'));
    expect(screen.getByText('1 invoice selected')).toBeInTheDocument();
    const table = within(screen.getByRole('table', { name: 'Open invoices' }));
    expect(within(table.getByRole('row', { name: /SI-100240/ })).getByRole('checkbox')).toBeChecked();
    expect(within(table.getByRole('row', { name: /SI-100234/ })).getByRole('checkbox')).not.toBeChecked();
  });

  it('selects the overdue invoices when opened from the on-stop notice (?pay=overdue), then drops the parameter', async () => {
    answers();
    const { location } = renderApp('/account?pay=overdue', { session: loggedInSession });
    await waitFor(() => expect(selectedTotalText()).toBe('£100.10'));
    await waitFor(() => expect(location()).toBe('/account'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Reference' })).toHaveFocus());
  });

  it('says None set for the available credit when no credit limit is set', async () => {
    answers();
    server.use(
      on(routes.getCreditSummary, () =>
        HttpResponse.json({ ...creditSummaryFixture, creditLimit: 0, availableCredit: null }),
      ),
    );
    renderApp('/account', { session: loggedInSession });
    const p = await panel();
    expect((await p.findByText(CREDIT_MSG.availableCredit)).nextSibling).toHaveTextContent(CREDIT_MSG.noCreditLimit);
  });

  it('says the figures could not be loaded', async () => {
    answers();
    server.use(on(routes.getCreditSummary, () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderApp('/account', { session: loggedInSession });
    expect(await (await panel()).findByText(CREDIT_MSG.creditFailed)).toBeInTheDocument();
  });

  it('is not shown to a proforma account (it pays each order up front)', async () => {
    answers();
    const proformaUser = { ...demoUser, isProforma: true, creditLimit: 0 };
    server.use(on(routes.getCurrentUser, () => HttpResponse.json(proformaUser)));
    renderApp('/account', { session: { ...loggedInSession, user: proformaUser } });
    expect(await screen.findByRole('heading', { name: 'Pay Invoices' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: CREDIT_MSG.panelHeading })).not.toBeInTheDocument();
  });
});
