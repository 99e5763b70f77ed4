import { configure, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { MSG, routes } from '@wholesale/contract';
import { demoUser, loggedInSession } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server, on } from '../../test/server';
import { invoiceFixture } from './account-test-data';

// Screens load as lazy chunks; on a busy machine the first render can take a few seconds.
configure({ asyncUtilTimeout: 5000 });

function invoiceAnswer(invoice = invoiceFixture()) {
  server.use(
    on(routes.getInvoice, ({ params }) =>
      params.documentNumber === invoice.documentNumber
        ? HttpResponse.json(invoice)
        : HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Invoice not found' }, { status: 404 }),
    ),
  );
}

describe('View Transaction', () => {
  it('shows the breadcrumb, the summary block and the lines with item count and the named totals', async () => {
    invoiceAnswer();
    renderApp('/view-transaction?invoice=SI-100234', { session: loggedInSession });
    const summary = await screen.findByRole('region', { name: 'Invoice SI-100234' });
    // After the invoice is in: the loading view's heading is replaced by the loaded screen's.
    expect(screen.getByRole('heading', { level: 1, name: 'View Transaction' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account');
    expect(within(crumbs).getByText('SI-100234')).toHaveAttribute('aria-current', 'page');

    const fields: [string, string][] = [
      ['Order No', 'SO-9001'],
      ['Order Date', '05/01/26'],
      ['Dispatch Date', '08/01/26'],
      ['Customer Ref', 'PO-7781'],
      ['Amount', '£123.45'],
      ['VAT', '£24.69'],
      ['Invoice Total', '£148.14'],
    ];
    for (const [label, value] of fields)
      expect(within(summary).getByText(label).nextElementSibling).toHaveTextContent(value);
    expect(within(summary).getByText('Remaining £148.14')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Invoice lines' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Item',
      'No.',
      'Description',
      'Qty',
      'Qty Shipped',
      'Location',
      'Unit',
      'Unit Price',
      'Disc %',
      'Total',
    ]);
    const row = within(table).getByRole('row', { name: /RB-001/ });
    expect(row).toHaveTextContent('Roller blind white');
    expect(row).toHaveTextContent('£30.00');
    expect(row).toHaveTextContent('12.50');
    expect(row).toHaveTextContent('£78.75');
    expect(screen.getByText('2 items')).toBeInTheDocument();
    // Under lines that add up to the amount before VAT: that amount, the VAT and the invoice total, named.
    const totals = screen.getByText(MSG.totalExclVat).closest('dl')!;
    expect(within(totals).getByText(MSG.totalExclVat).nextElementSibling).toHaveTextContent('£123.45');
    expect(within(totals).getByText('VAT').nextElementSibling).toHaveTextContent('£24.69');
    expect(within(totals).getByText(MSG.totalInclVat).nextElementSibling).toHaveTextContent('£148.14');
  });

  it("says 'Unable to select invoice' for an invoice that cannot be loaded", async () => {
    invoiceAnswer();
    renderApp('/view-transaction?invoice=SI-OTHER', { session: loggedInSession });
    await waitFor(() => expect(screen.getAllByText(MSG.selectInvoiceFailed)).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Back to My Account' })).toHaveAttribute('href', '/account');
  });

  it('downloads the invoice under its number, posting it merged with the user', async () => {
    invoiceAnswer();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let body: Record<string, unknown> = {};
    server.use(
      on(routes.downloadInvoiceStatement, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        await gate;
        return new HttpResponse('%PDF-1.3 test', { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderApp('/view-transaction?invoice=SI-100234', { session: loggedInSession });
    await user.click(await screen.findByRole('button', { name: 'Order Summary' }));
    expect(await screen.findByRole('button', { name: MSG.downloading })).toBeDisabled();
    release();
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('SI-100234.pdf'); // named after the invoice;
    expect(body).toMatchObject({ documentNumber: 'SI-100234', customerNumber: demoUser.customerNumber });
    vi.unstubAllGlobals();
  });

  it('copies the order after confirmation, then goes to the basket', async () => {
    invoiceAnswer();
    let copied = '';
    server.use(
      on(routes.copyOrder, ({ params }) => {
        copied = String(params.orderNumber);
        return HttpResponse.json({ orderNumber: copied, copiedLines: 1, skippedItems: [] });
      }),
    );
    const { user, location } = renderApp('/view-transaction?invoice=SI-100234', { session: loggedInSession });
    await user.click(await screen.findByRole('button', { name: 'Copy Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Order' });
    expect(dialog).toHaveTextContent(MSG.copyOrderQuestion);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(copied).toBe('');

    await user.click(screen.getByRole('button', { name: 'Copy Order' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Copy Order' })).getByRole('button', { name: 'Confirm' }),
    );
    expect(await screen.findByText(MSG.orderCopied('SO-9001'))).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/basket'));
    expect(copied).toBe('SO-9001');
  });

  it("says 'Unable to copy order' when copying fails, and has no Copy Order without an order", async () => {
    invoiceAnswer();
    server.use(on(routes.copyOrder, () => HttpResponse.json({ message: 'x' }, { status: 409 })));
    const { user, location } = renderApp('/view-transaction?invoice=SI-100234', { session: loggedInSession });
    await user.click(await screen.findByRole('button', { name: 'Copy Order' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(MSG.copyOrderFailed)).toBeInTheDocument();
    expect(location()).toBe('/view-transaction?invoice=SI-100234');
  });

  it('has no Copy Order for an invoice without an order', async () => {
    invoiceAnswer(invoiceFixture({ orderNumber: '', orderedDate: null, despatchDate: null, remainingAmount: 0 }));
    renderApp('/view-transaction?invoice=SI-100234', { session: loggedInSession });
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy Order' })).not.toBeInTheDocument();
  });
});
