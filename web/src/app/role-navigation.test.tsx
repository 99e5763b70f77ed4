import { configure, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEAM_MSG, TEAM_PERMISSIONS, routes, type TeamRole } from '@wholesale/contract';
import { demoUser, loggedInSession } from '../test/fixtures';
import { renderApp } from '../test/render';
import { answerOtherApiCallsWith404, on, server } from '../test/server';

// Screens load as lazy chunks; on a busy machine the first render can take a few seconds.
configure({ asyncUtilTimeout: 5000 });

const as = (role: TeamRole) => ({ session: { ...loggedInSession, user: { ...demoUser, role } } });
const mainNav = () => screen.findByRole('navigation', { name: 'Main' });

describe('navigation by team role', () => {
  let basketReads = 0;
  beforeEach(() => {
    answerOtherApiCallsWith404();
    basketReads = 0;
    server.use(
      on(routes.getBasket, () => {
        basketReads++;
        return HttpResponse.json({ basketLines: [], carriageLine: null, totalBasketPrice: 0, revision: 1 });
      }),
    );
  });

  it('shows the ordering roles Quick Order, the basket and the basket tile', async () => {
    for (const role of ['admin', 'approver', 'buyer'] as const) {
      const view = renderApp('/', as(role));
      const nav = await mainNav();
      expect(within(nav).getByRole('link', { name: 'Quick Order' })).toBeInTheDocument();
      expect(await within(screen.getByRole('banner')).findByRole('link', { name: /My Basket/ })).toBeInTheDocument();
      expect(
        within(await screen.findByRole('navigation', { name: 'Portal areas' })).getByText('View Basket'),
      ).toBeTruthy();
      view.unmount();
    }
  });

  it('hides Quick Order, the basket and its tile from finance and viewers, everywhere', async () => {
    for (const role of ['finance', 'viewer'] as const) {
      const view = renderApp('/', as(role));
      const nav = await mainNav();
      expect(within(nav).getByRole('link', { name: 'Order Products' })).toBeInTheDocument();
      expect(within(nav).queryByRole('link', { name: 'Quick Order' })).not.toBeInTheDocument();
      expect(
        within(screen.getByRole('navigation', { name: 'Footer' })).queryByRole('link', { name: 'Quick Order' }),
      ).toBeNull();
      expect(within(screen.getByRole('banner')).queryByRole('link', { name: /My Basket/ })).not.toBeInTheDocument();
      const areas = await screen.findByRole('navigation', { name: 'Portal areas' });
      expect(within(areas).getByText('Open Orders')).toBeInTheDocument();
      expect(within(areas).queryByText('View Basket')).not.toBeInTheDocument();
      view.unmount();
    }
    // The basket is not even read for them.
    expect(basketReads).toBe(0);
  });

  it.each([
    ['/quick-order', 'finance', 'order'],
    ['/basket', 'viewer', 'order'],
    ['/checkout/deliveryinformation', 'finance', 'order'],
    ['/checkout/review-order', 'viewer', 'order'],
    ['/account/team', 'buyer', 'manageTeam'],
    ['/approvals', 'buyer', 'approve'],
  ] as const)('at %s a %s is told their role does not allow it', async (path, role, what) => {
    renderApp(path, as(role));
    expect(
      await screen.findByRole('heading', { level: 1, name: TEAM_MSG.screenNotAllowedHeading }),
    ).toBeInTheDocument();
    expect(screen.getByText(TEAM_MSG.screenNotAllowed(role, what, TEAM_PERMISSIONS[what]))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEAM_MSG.screenNotAllowedHome })).toHaveAttribute('href', '/');
    // The screen itself never ran: a role that may not order never reads the basket.
    if (what === 'order') expect(basketReads).toBe(0);
  });

  it('words the refusal with the role and who may', () => {
    expect(TEAM_MSG.screenNotAllowed('finance', 'order', TEAM_PERMISSIONS.order)).toBe(
      'Your role (Finance) does not allow ordering: the basket, checkout and Quick Order. These roles may: Account admin, Approver, Buyer. Ask an account admin of your account if you need it.',
    );
    expect(TEAM_MSG.screenNotAllowed('buyer', 'manageTeam', TEAM_PERMISSIONS.manageTeam)).toContain(
      'Only this role may: Account admin.',
    );
  });
});
