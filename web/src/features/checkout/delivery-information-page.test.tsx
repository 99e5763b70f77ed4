import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { NEW_ADDRESS_REFERENCE, type BasketHeader, type User, routes } from '@wholesale/contract';
import { demoUser, loggedInSession } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server, on } from '../../test/server';
import { countries, invoiceHeader, savedAddress } from './checkout-test-data';

const user: User = { ...demoUser, deliveryAddresses: [savedAddress] };

function setup(header: BasketHeader = invoiceHeader, who: User = user) {
  const posted: unknown[] = [];
  server.use(
    on(routes.getBasketHeader, () => HttpResponse.json(header)),
    on(routes.getCountries, () => HttpResponse.json(countries)),
    on(routes.submitBasketHeader, async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      posted.push(body);
      return HttpResponse.json({
        ...header,
        saved: true,
        purchaseOrder: body.externalDocNo,
        addressReference: body.deliveryCode,
      });
    }),
    on(routes.getBasket, () =>
      HttpResponse.json({ basketLines: [], carriageLine: null, totalBasketPrice: 0, revision: 1 }),
    ),
    on(routes.getBasketAmount, () => HttpResponse.json({ amount: 0, totalVAT: 0, totalAmount: 0 })),
  );
  const view = renderApp('/checkout/deliveryinformation', { session: { ...loggedInSession, user: who } });
  return { ...view, posted };
}

const steps = () => screen.getByRole('navigation', { name: 'Checkout steps' });
const select = () => screen.getByRole('combobox', { name: 'Delivery Address' });

describe('Checkout - Delivery Information', () => {
  it('shows the steps, customer details and the INVOICE address read-only', async () => {
    setup();
    expect(await screen.findByLabelText('Address Line 1')).toHaveValue('1 Mill Lane');
    expect(
      within(steps())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Step 1: Delivery Information', '2Step 2: Review Order']);
    expect(within(steps()).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');
    expect(select()).toHaveValue('INVOICE');
    expect(
      within(select())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['INVOICE', 'WAREHOUSE', NEW_ADDRESS_REFERENCE]);
    expect(screen.getByLabelText('Name')).toHaveValue('Jane Smith Blinds Ltd');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    const details = screen.getByRole('region', { name: 'Customer Details' });
    for (const text of ['Jane Smith', 'C10042', '01130000000'])
      expect(within(details).getAllByText(text).length).toBeGreaterThan(0);
  });

  it('shows the Payment step to proforma customers', async () => {
    setup(invoiceHeader, { ...user, isProforma: true });
    await screen.findByLabelText('Address Line 1');
    expect(within(steps()).getByText('Payment')).toBeInTheDocument();
  });

  it("needs a purchase order of at most 20 characters: 'Required', 'Max 20 Characters'", async () => {
    const { user: u, posted } = setup();
    await u.click(await screen.findByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByLabelText('Purchase Order')).toHaveAccessibleDescription('Required');
    await u.type(screen.getByLabelText('Purchase Order'), 'P'.repeat(21));
    await u.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('Max 20 Characters')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('fills a saved address read-only and sends the spec payload, then goes to Review Order', async () => {
    const { user: u, posted, location } = setup();
    await u.selectOptions(await screen.findByRole('combobox', { name: 'Delivery Address' }), 'WAREHOUSE');
    expect(screen.getByLabelText('Address Line 1')).toHaveValue('Unit 7 Avonmouth Way');
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('readonly');
    await u.type(screen.getByLabelText('Purchase Order'), 'PO-123');
    await u.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(location()).toBe('/checkout/review-order'));
    expect(posted).toEqual([
      {
        externalDocNo: 'PO-123',
        deliveryCode: 'WAREHOUSE',
        name: 'Warehouse',
        address: 'Unit 7 Avonmouth Way',
        address2: 'Avonmouth',
        city: 'Bristol',
        postCode: 'BS11 8DD',
        country: 'United Kingdom (Mainland)',
        county: 'Avon',
        phoneNo: '01170000150',
        contact: 'Jane Smith',
      },
    ]);
  });

  it('checks a new delivery address with the section 5 messages', async () => {
    const { user: u, posted } = setup();
    await u.selectOptions(await screen.findByRole('combobox', { name: 'Delivery Address' }), NEW_ADDRESS_REFERENCE);
    expect(screen.getByLabelText('Address Line 1')).toHaveValue('');
    expect(screen.getByLabelText('Address Line 1')).not.toHaveAttribute('readonly');
    await u.type(screen.getByLabelText('Purchase Order'), 'PO-9');
    await u.type(screen.getByLabelText('Name'), 'N'.repeat(51));
    await u.type(screen.getByLabelText('City'), 'C'.repeat(31));
    await u.type(screen.getByLabelText('Phone Number'), '01-23');
    await u.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('Max 50 Characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Max 50 Characters');
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('Max 30 Characters');
    expect(screen.getByLabelText('Phone Number')).toHaveAccessibleDescription('Must be number');
    for (const label of ['Address Line 1', 'County', 'Postcode', 'Country'])
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Address Line 2')).not.toHaveAttribute('aria-invalid');
    expect(posted).toEqual([]);

    await u.clear(screen.getByLabelText('Name'));
    await u.type(screen.getByLabelText('Name'), 'Site Office');
    await u.type(screen.getByLabelText('Address Line 1'), '9 Harbour Road');
    await u.clear(screen.getByLabelText('City'));
    await u.type(screen.getByLabelText('City'), 'Plymouth');
    await u.type(screen.getByLabelText('County'), 'Devon');
    await u.selectOptions(screen.getByLabelText('Country'), 'Northern Ireland');
    await u.type(screen.getByLabelText('Postcode'), 'PL1 2AB');
    await u.clear(screen.getByLabelText('Phone Number'));
    await u.type(screen.getByLabelText('Phone Number'), '+441752000000');
    await u.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      deliveryCode: NEW_ADDRESS_REFERENCE,
      name: 'Site Office',
      address: '9 Harbour Road',
      country: 'Northern Ireland',
      phoneNo: '+441752000000',
    });
  });

  it('keeps the step-1 data stored on the server (a reload or a Change link comes back to it)', async () => {
    setup({
      ...invoiceHeader,
      saved: true,
      purchaseOrder: 'PO-KEPT',
      addressReference: NEW_ADDRESS_REFERENCE,
      name: 'Kept Name',
      address1: 'Kept Street',
      country: 'UK Islands',
    });
    expect(await screen.findByLabelText('Purchase Order')).toHaveValue('PO-KEPT');
    expect(select()).toHaveValue(NEW_ADDRESS_REFERENCE);
    expect(screen.getByLabelText('Address Line 1')).toHaveValue('Kept Street');
    expect(screen.getByLabelText('Country')).toHaveValue('UK Islands');
  });

  it("shows the server's field messages", async () => {
    const { user: u } = setup();
    server.use(
      on(routes.submitBasketHeader, () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'externalDocNo: x',
            issues: [{ path: 'externalDocNo', message: 'Purchase order cannot be greater than 20 characters' }],
          },
          { status: 400 },
        ),
      ),
    );
    await u.type(await screen.findByLabelText('Purchase Order'), 'PO');
    await u.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('Purchase order cannot be greater than 20 characters')).toBeInTheDocument();
  });
});
