import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEAM_MSG, routes, type TeamUser } from '@wholesale/contract';
import { loggedInSession } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { on, server } from '../../test/server';

configure({ asyncUtilTimeout: 5000 });

const users: TeamUser[] = [
  {
    id: 1,
    username: 'demo',
    name: 'Sarah Whitfield',
    email: 'sarah@example.test',
    role: 'admin',
    orderLimit: null,
    monthlyBudget: null,
    lastLoginAt: '2026-11-27T14:02:00Z',
    status: 'Active',
    isYou: true,
  },
  {
    id: 3,
    username: 'demo3',
    name: 'Priya Shah',
    email: 'priya@example.test',
    role: 'buyer',
    orderLimit: 250,
    monthlyBudget: 1000,
    lastLoginAt: null,
    status: 'Invited',
    isYou: false,
  },
];

describe('Team', () => {
  it('lists each user with role, limits, last sign-in and status', async () => {
    server.use(on(routes.listTeamUsers, () => HttpResponse.json({ users, currencyCode: 'GBP' })));
    renderApp('/account/team', { session: loggedInSession });
    const priya = within((await screen.findByRole('heading', { name: /Priya Shah/ })).closest('li')!);
    expect(priya.getByText('£250.00')).toBeInTheDocument();
    expect(priya.getByText('£1,000.00')).toBeInTheDocument();
    expect(priya.getByText(TEAM_MSG.neverSignedIn)).toBeInTheDocument();
    expect(priya.getByText(TEAM_MSG.statusInvited)).toBeInTheDocument();
    const sarah = within(screen.getByRole('heading', { name: /Sarah Whitfield/ }).closest('li')!);
    expect(sarah.getByText('27/11/26 14:02')).toBeInTheDocument();
  });

  it("saves a role and limits, and shows the server's refusal beside the user", async () => {
    const patches: unknown[] = [];
    server.use(
      on(routes.listTeamUsers, () => HttpResponse.json({ users, currencyCode: 'GBP' })),
      on(routes.updateTeamUser, async ({ request, params }) => {
        const body = (await request.json()) as Record<string, unknown>;
        patches.push({ userId: params.userId, ...body });
        if (params.userId === '1')
          return HttpResponse.json(
            { statusCode: 409, error: 'Conflict', message: TEAM_MSG.lastAdmin },
            { status: 409 },
          );
        return HttpResponse.json({ ...users[1], role: 'approver', orderLimit: null });
      }),
    );
    const user = userEvent.setup();
    renderApp('/account/team', { session: loggedInSession });
    const priya = within((await screen.findByRole('heading', { name: /Priya Shah/ })).closest('li')!);
    await user.selectOptions(priya.getByLabelText('Role'), 'approver');
    await user.clear(priya.getByLabelText(/Per-order limit/));
    await user.click(priya.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TEAM_MSG.saved('demo3'))).toBeInTheDocument();
    expect(patches).toEqual([{ userId: '3', role: 'approver', orderLimit: '', monthlyBudget: '1000.00' }]);

    const sarah = within(screen.getByRole('heading', { name: /Sarah Whitfield/ }).closest('li')!);
    await user.click(sarah.getByRole('button', { name: TEAM_MSG.disable }));
    expect(await sarah.findByRole('alert')).toHaveTextContent(TEAM_MSG.lastAdmin);
  });
});
