import { configure, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INVOICE_PAY_MSG, MSG, type InvoicePaymentRequest, routes } from '@wholesale/contract';
import { demoUser, loggedInSession, settings } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server, on } from '../../test/server';
import { invoicesFixture } from './account-test-data';
import { paymentRedirect } from './account-page';
import { selectedTotal, toggleInvoice } from './invoice-selection';

// Screens load as lazy chunks; on a busy machine the first render can take a few seconds.
configure({ asyncUtilTimeout: 5000 });

function invoicesAnswer(body: unknown = invoicesFixture, status = 200) {
  server.use(
    on(routes.getInvoices, () => HttpResponse.json(body as object, { status })),
    on(routes.getCurrentUser, () => HttpResponse.json(demoUser)),
  );
}

/** The wide-screen table (jsdom applies no media queries, so the phone cards render too). */
const table = async () => within(await screen.findByRole('table', { name: 'Open invoices' }));
const selectedTotalText = () => screen.getByTestId('selected-total').textContent;

describe('invoice selection', () => {
  it('adds and removes, never adds twice', () => {
    expect(toggleInvoice([], 'A')).toEqual(['A']);
    expect(toggleInvoice(['A'], 'B')).toEqual(['A', 'B']);
    expect(toggleInvoice(['A', 'B'], 'A')).toEqual(['B']);
    expect(toggleInvoice(['A', 'A'], 'B')).toEqual(['A', 'B']);
  });

  it('sums the selected remaining amounts exactly', () => {
    // 100.10 + 0.20 in floating point would be 100.30000000000001
    expect(selectedTotal(invoicesFixture.invoices, ['SI-100240', 'SI-100241'])).toBe(100.3);
    expect(selectedTotal(invoicesFixture.invoices, ['SI-100240', 'SI-100240', 'gone'])).toBe(100.1);
  });
});

describe('My Account', () => {
  beforeEach(() => {
    vi.spyOn(paymentRedirect, 'go').mockImplementation(() => {});
  });

  it('offers paying invoices to account admins and finance only; buyers and viewers see the invoices', async () => {
    invoicesAnswer();
    // The screen reads the user again (the balance): they keep their role.
    const as = (role: 'buyer' | 'viewer' | 'finance') => {
      server.use(on(routes.getCurrentUser, () => HttpResponse.json({ ...demoUser, role })));
      return renderApp('/account', { session: { ...loggedInSession, user: { ...demoUser, role } } });
    };
    for (const role of ['buyer', 'viewer'] as const) {
      const view = as(role);
      const t = await table();
      expect(t.getByRole('row', { name: /SI-100240/ })).toHaveTextContent('£100.10');
      expect(screen.queryAllByRole('checkbox')).toEqual([]);
      expect(screen.queryByRole('button', { name: 'Select all' })).not.toBeInTheDocument();
      expect(screen.queryByRole('complementary', { name: 'Payment' })).not.toBeInTheDocument();
      view.unmount();
    }
    as('finance');
    const t = await table();
    expect(t.getByRole('checkbox', { name: /SI-100240/ })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Payment' })).toBeInTheDocument();
  });

  it('lists the open invoices with their amounts and the total remaining', async () => {
    invoicesAnswer();
    renderApp('/account', { session: loggedInSession });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
    const t = await table();
    expect(t.getAllByRole('row')).toHaveLength(5);
    const row = t.getByRole('row', { name: /SI-100240/ });
    expect(row).toHaveTextContent('£240.00');
    expect(row).toHaveTextContent('£100.10');
    expect(row).toHaveTextContent('Overdue');
    expect(t.getByRole('link', { name: 'SI-100234' })).toHaveAttribute('href', '/view-transaction?invoice=SI-100234');
    // A credit note cannot be selected for payment.
    expect(within(t.getByRole('row', { name: /CN-5001/ })).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByText('Total remaining').parentElement).toHaveTextContent('£236.44');
  });

  it('recalculates the total as invoices are selected and unselected', async () => {
    invoicesAnswer();
    const { user } = renderApp('/account', { session: loggedInSession });
    const t = await table();
    const pay = screen.getByRole('button', { name: /^Pay / });
    expect(pay).toBeDisabled();
    expect(selectedTotalText()).toBe('£0.00');

    await user.click(t.getByRole('checkbox', { name: 'Select Invoice SI-100240' }));
    await user.click(t.getByRole('checkbox', { name: 'Select Invoice SI-100241' }));
    expect(selectedTotalText()).toBe('£100.30');
    expect(screen.getByText('2 invoices selected')).toBeInTheDocument();
    expect(pay).toBeEnabled();

    // The phone card for the same invoice shares the selection.
    const cards = within(screen.getByRole('list', { name: 'Open invoices' }));
    expect(cards.getByRole('checkbox', { name: 'Select Invoice SI-100240' })).toBeChecked();

    await user.click(t.getByRole('checkbox', { name: 'Select Invoice SI-100240' }));
    expect(selectedTotalText()).toBe('£0.20');
    expect(screen.getByText('1 invoice selected')).toBeInTheDocument();

    // On narrow screens a bar under the list leads to the pay form.
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByLabelText('Reference')).toHaveFocus();
    await user.click(t.getByRole('checkbox', { name: 'Select Invoice SI-100241' }));
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();
  });

  it('requires a reference, then requests a payment for the selection and leaves for the payment page', async () => {
    invoicesAnswer();
    let body: InvoicePaymentRequest | undefined;
    server.use(
      on(routes.requestInvoicePayment, async ({ request }) => {
        body = (await request.json()) as InvoicePaymentRequest;
        return HttpResponse.json({ payment_Checkout_Url: 'http://localhost/payments/sandbox/abc' });
      }),
    );
    const { user } = renderApp('/account', { session: loggedInSession });
    const t = await table();
    await user.click(t.getByRole('checkbox', { name: 'Select Invoice SI-100234' }));
    await user.click(t.getByRole('checkbox', { name: 'Select Invoice SI-100240' }));
    expect(screen.getByLabelText('Payment Method')).toHaveValue('PAY ONLINE');

    await user.click(screen.getByRole('button', { name: 'Pay £248.24' }));
    expect(await screen.findByText(MSG.required)).toBeInTheDocument();
    expect(body).toBeUndefined();

    await user.type(screen.getByLabelText('Reference'), 'REMIT-42');
    await user.type(screen.getByLabelText(/Notes/), 'January invoices');
    await user.click(screen.getByRole('button', { name: 'Pay £248.24' }));

    await waitFor(() => expect(paymentRedirect.go).toHaveBeenCalledWith('http://localhost/payments/sandbox/abc'));
    expect(body).toEqual({
      amount: 248.24,
      account_code: demoUser.customerNumber,
      currency: 'GBP',
      description: 'January invoices',
      reference: 'REMIT-42',
      billing_address: {
        first_name: 'Jane',
        last_name: 'Smith',
        line_1: demoUser.address1,
        city: demoUser.city,
        post_code: demoUser.postcode,
        country: demoUser.country,
        county: demoUser.county,
        phone: demoUser.phoneNumber,
      },
      meta: [
        { documentNo: 'SI-100234', remainingAmount: '148.14', paymentMethod: 'PAY ONLINE' },
        { documentNo: 'SI-100240', remainingAmount: '100.10', paymentMethod: 'PAY ONLINE' },
      ],
    });
  });

  it("says 'Cannot pay invoices' when the payment cannot be requested", async () => {
    invoicesAnswer();
    server.use(
      on(routes.requestInvoicePayment, () =>
        HttpResponse.json(
          { statusCode: 409, error: 'Conflict', message: 'Invoice SI-100234 is not open' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp('/account', { session: loggedInSession });
    const t = await table();
    await user.click(t.getByRole('checkbox', { name: 'Select Invoice SI-100234' }));
    await user.type(screen.getByLabelText('Reference'), 'REMIT-42');
    await user.click(screen.getByRole('button', { name: 'Pay £148.14' }));
    expect(await screen.findByText(MSG.payInvoicesFailed)).toBeInTheDocument();
    expect(paymentRedirect.go).not.toHaveBeenCalled();
  });

  it("says 'Unable to retrieve invoices' when the list cannot be loaded", async () => {
    invoicesAnswer({ statusCode: 500, error: 'Internal Server Error', message: 'x' }, 500);
    renderApp('/account', { session: loggedInSession });
    // A toast and the text in place of the list.
    await waitFor(() => expect(screen.getAllByText(MSG.invoicesFailed)).toHaveLength(2));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("opens 'Thank You!' for confirminvoice=success and removes the parameter", async () => {
    invoicesAnswer();
    const { user, location } = renderApp('/account?confirminvoice=success', { session: loggedInSession });
    const dialog = await screen.findByRole('dialog', { name: MSG.thankYou });
    expect(dialog).toHaveTextContent(MSG.invoicePaid);
    await waitFor(() => expect(location()).toBe('/account'));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the failure text with the support email for confirminvoice=failure', async () => {
    invoicesAnswer();
    const { location } = renderApp('/account?confirminvoice=failure', { session: loggedInSession });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toHaveTextContent(MSG.paymentFailed(settings.supportEmail)));
    await waitFor(() => expect(location()).toBe('/account'));
  });

  it('says a payment of two invoices paid them both', async () => {
    invoicesAnswer();
    const { location } = renderApp('/account?confirminvoice=success&invoices=2', { session: loggedInSession });
    const dialog = await screen.findByRole('dialog', { name: MSG.thankYou });
    expect(dialog).toHaveTextContent(INVOICE_PAY_MSG.invoicesPaid(2));
    await waitFor(() => expect(location()).toBe('/account'));
  });

  it.each([
    ['declined', INVOICE_PAY_MSG.declinedTitle, INVOICE_PAY_MSG.declined],
    ['cancelled', INVOICE_PAY_MSG.cancelledTitle, INVOICE_PAY_MSG.cancelled],
  ] as const)(
    'after a %s payment says so, keeps the invoices and reference, and pays again',
    async (why, title, text) => {
      invoicesAnswer();
      const bodies: InvoicePaymentRequest[] = [];
      server.use(
        on(routes.requestInvoicePayment, async ({ request }) => {
          bodies.push((await request.json()) as InvoicePaymentRequest);
          return HttpResponse.json({ payment_Checkout_Url: 'http://localhost/payments/sandbox/abc' });
        }),
      );
      // What the buyer chose before leaving for the hosted page.
      sessionStorage.setItem(
        'wholesale.invoicePayment',
        JSON.stringify({ documentNumbers: ['SI-100234', 'SI-100240'], reference: 'REMIT-42', notes: '' }),
      );
      const { user, location } = renderApp(`/account?confirminvoice=failure&payment=${why}`, {
        session: loggedInSession,
      });
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(dialog).toHaveTextContent(text);
      expect(dialog).not.toHaveTextContent(/Contact/);
      await waitFor(() => expect(location()).toBe('/account'));
      await waitFor(() => expect(screen.getByTestId('selected-total')).toHaveTextContent('£248.24'));
      expect(screen.getByLabelText('Reference')).toHaveValue('REMIT-42');
      await user.click(within(dialog).getByRole('button', { name: INVOICE_PAY_MSG.payAgain }));
      await waitFor(() => expect(paymentRedirect.go).toHaveBeenCalledWith('http://localhost/payments/sandbox/abc'));
      expect(bodies).toHaveLength(1);
      expect(bodies[0]!.reference).toBe('REMIT-42');
      expect(bodies[0]!.meta.map((m) => m.documentNo)).toEqual(['SI-100234', 'SI-100240']);
    },
  );

  it('ignores an unknown confirminvoice value but still removes it', async () => {
    invoicesAnswer();
    const { location } = renderApp('/account?confirminvoice=maybe&x=1', { session: loggedInSession });
    await table();
    await waitFor(() => expect(location()).toBe('/account?x=1'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
