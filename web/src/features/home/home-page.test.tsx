import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { loggedInSession, settings } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server, on } from '../../test/server';
import { HOME_MSG, routes } from '@wholesale/contract';
import { demoUser, quietCreditSummary } from '../../test/fixtures';
import { openOrder } from '../orders/orders-test-data';

const openOrders = [
  openOrder('SO-204', '20/11/26'),
  openOrder('SO-203', '12/11/26'),
  openOrder('SO-202', '02/11/26'),
  openOrder('SO-201', '28/10/26'),
];

function notificationIs(body: { showNotification: boolean; notificationText: string | null }) {
  let calls = 0;
  server.use(on(routes.getNotification, () => (calls++, HttpResponse.json(body))));
  return () => calls;
}

describe('home', () => {
  it('shows the heading and the five tiles', async () => {
    renderApp('/', { session: loggedInSession });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wholesale Portal' })).toBeInTheDocument();
    const tiles = screen.getByRole('navigation', { name: 'Portal areas' });
    const expected = [
      ['My Account', '/account'],
      ['My Details', '/details'],
      ['Open Orders', '/open-orders'],
      ['Order Products', '/products/search'],
      ['View Basket', '/basket'],
    ];
    for (const [name, href] of expected) {
      expect(
        screen.getAllByRole('link', { name }).some((a) => tiles.contains(a) && a.getAttribute('href') === href),
      ).toBe(true);
    }
  });

  it("shows the banner prefixed 'Notification:' when it is switched on with text", async () => {
    notificationIs({ showNotification: true, notificationText: 'Closed on Monday for the bank holiday' });
    renderApp('/', { session: loggedInSession });
    const banner = await screen.findByRole('region', { name: 'Notification' });
    expect(banner).toHaveTextContent('Notification: Closed on Monday for the bank holiday');
  });

  it.each([
    { showNotification: false, notificationText: 'Old news' },
    { showNotification: true, notificationText: null },
    { showNotification: true, notificationText: '' },
  ])('shows no banner for %o', async (body) => {
    const calls = notificationIs(body);
    renderApp('/', { session: loggedInSession });
    await screen.findByRole('heading', { level: 1, name: 'Wholesale Portal' });
    await waitFor(() => expect(calls()).toBe(1));
    // Let the response render.
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('region', { name: 'Notification' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Notification:/)).not.toBeInTheDocument();
  });

  it('shows customer-service hours, the support email and the Friday cut-off', async () => {
    renderApp('/', { session: loggedInSession });
    expect(await screen.findByText('Mon-Thurs 08.30-17.00')).toBeInTheDocument();
    expect(screen.getByText('Fri 08.30-14.00')).toBeInTheDocument();
    expect(await within(screen.getByRole('main')).findByRole('link', { name: settings.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${settings.supportEmail}`,
    );
    expect(screen.getByText(/Friday wholesale order cut-off is 14\.00.*following Monday/)).toBeInTheDocument();
  });

  it('opens the Out of Stock page in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderApp('/', { session: loggedInSession });
    const button = await screen.findByRole('button', { name: /Download Out of Stock List/ });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(open).toHaveBeenCalledWith(settings.outOfStockUrl, '_blank', expect.stringContaining('noopener'));
  });

  it("shows a credit account's balance, overdue and newest orders at a glance", async () => {
    server.use(
      on(routes.getCreditSummary, () =>
        HttpResponse.json({
          ...quietCreditSummary,
          creditLimit: 10000,
          balance: 5115.27,
          availableCredit: 2714.87,
          overdue: { total: 812.4, documentNumbers: ['SI-1'] },
        }),
      ),
      on(routes.listOpenOrders, () => HttpResponse.json(openOrders)),
    );
    renderApp('/', { session: loggedInSession });
    const glance = await screen.findByRole('region', { name: HOME_MSG.glanceTitle });
    expect(await within(glance).findByText('£5,115.27')).toBeInTheDocument();
    expect(within(glance).getByText('£812.40')).toBeInTheDocument();
    expect(within(glance).getByText('£2,714.87')).toBeInTheDocument();
    expect(within(glance).getByRole('link', { name: HOME_MSG.payOverdue })).toHaveAttribute(
      'href',
      '/account?pay=overdue',
    );
    const recent = await within(glance).findByRole('list', { name: HOME_MSG.recentOrders });
    const shown = within(recent).getAllByRole('listitem');
    expect(shown).toHaveLength(Math.min(3, openOrders.length));
    expect(within(shown[0]!).getByRole('link', { name: openOrders[0]!.orderNumber })).toBeInTheDocument();
  });

  it('shows a proforma account its orders but no credit figures', async () => {
    let creditAsked = 0;
    server.use(on(routes.getCreditSummary, () => (creditAsked++, HttpResponse.json(quietCreditSummary))));
    renderApp('/', { session: { ...loggedInSession, user: { ...demoUser, isProforma: true } } });
    const glance = await screen.findByRole('region', { name: HOME_MSG.glanceTitle });
    expect(await within(glance).findByText(HOME_MSG.noOrders)).toBeInTheDocument();
    expect(within(glance).queryByText(HOME_MSG.balance)).not.toBeInTheDocument();
    expect(within(glance).queryByText(HOME_MSG.overdue)).not.toBeInTheDocument();
    expect(creditAsked).toBe(0);
  });
});
