import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MSG as SERVER_STAFF_MSG, staffUserRoutes, type StaffUserRow } from '@wholesale/contract/staff';
import { createMemoryRouter, RouterProvider } from '../../lib/router';
import { on, server } from '../../test/server';
import { StaffMembersPage } from './staff-members-page';
import { STAFF_SESSION_KEY } from './staff-session';
import { STAFF_MSG } from './staff-messages';

const member = (over: Partial<StaffUserRow> & Pick<StaffUserRow, 'id' | 'username' | 'role'>): StaffUserRow => ({
  email: `${over.username}@staff.example`,
  canOrderOnBehalf: false,
  disabled: false,
  enrolled: true,
  lockedUntil: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  lastSignInAt: '2026-11-27T09:30:00.000Z',
  ...over,
});
const olga = member({ id: 1, username: 'olga', role: 'admin' });
const pete = member({ id: 2, username: 'pete', role: 'finance', enrolled: false, lastSignInAt: null });
const dora = member({ id: 3, username: 'dora', role: 'read_only', disabled: true });

function renderPage() {
  render(
    <RouterProvider router={createMemoryRouter(() => undefined, '/staff/staff-users')}>
      <StaffMembersPage />
    </RouterProvider>,
  );
}

describe('the Staff screen', () => {
  beforeAll(() => {
    // Signed in as olga, an admin (the staff store reads this tab's session when first made).
    sessionStorage.setItem(STAFF_SESSION_KEY, JSON.stringify({ token: 'wst_test', staff: olga }));
  });

  it('lists each member with role, authenticator, last sign-in and status; your own row has no controls', async () => {
    server.use(on(staffUserRoutes.listStaffUsers, () => HttpResponse.json([dora, olga, pete])));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Staff members' });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    expect(row('pete')).toHaveTextContent('Not set up yet');
    expect(row('pete')).toHaveTextContent('Never');
    expect(within(row('pete')).getByLabelText('Role of pete')).toHaveValue('finance');
    expect(row('dora')).toHaveTextContent('Disabled');
    expect(within(row('dora')).getByRole('button', { name: 'Enable dora again' })).toBeInTheDocument();
    expect(row('olga \\(you\\)')).toHaveTextContent(STAFF_MSG.ownAccount);
    expect(within(row('olga \\(you\\)')).queryByRole('button')).toBeNull();
    expect(within(row('olga \\(you\\)')).queryByRole('combobox')).toBeNull();
  });

  it('changes a role only with its button, and says so', async () => {
    let body: unknown;
    server.use(
      on(staffUserRoutes.listStaffUsers, () => HttpResponse.json([olga, pete])),
      on(staffUserRoutes.setStaffUserRole, async ({ request, params }) => {
        body = await request.json();
        return HttpResponse.json({ ...pete, username: String(params.username), role: 'customer_service' });
      }),
    );
    renderPage();
    const user = userEvent.setup();
    const role = await screen.findByLabelText('Role of pete');
    const change = screen.getByRole('button', { name: 'Change the role of pete' });
    expect(change).toBeDisabled();
    await user.selectOptions(role, 'customer_service');
    expect(body).toBeUndefined();
    await user.click(change);
    expect(await screen.findByRole('status')).toHaveTextContent(STAFF_MSG.staffRoleChanged('pete', 'Customer service'));
    expect(body).toEqual({ role: 'customer_service' });
  });

  it("disables after asking, and shows the server's refusal", async () => {
    server.use(
      on(staffUserRoutes.listStaffUsers, () => HttpResponse.json([olga, pete])),
      on(staffUserRoutes.disableStaffUser, () =>
        HttpResponse.json({ statusCode: 409, error: 'Conflict', message: SERVER_STAFF_MSG.lastAdmin }, { status: 409 }),
      ),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable pete' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(STAFF_MSG.staffDisableQuestion('pete'));
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_STAFF_MSG.lastAdmin);
  });

  it('adds a member and shows the set-up link once, saying whether it was emailed', async () => {
    let body: unknown;
    server.use(
      on(staffUserRoutes.listStaffUsers, () => HttpResponse.json([olga])),
      on(staffUserRoutes.createStaffUser, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          {
            staff: member({ id: 4, username: 'nina', role: 'customer_service', enrolled: false }),
            setupLink: 'http://portal.test/staff/set-up?token=abc',
            expiresAt: '2026-11-28T09:00:00.000Z',
            emailed: false,
          },
          { status: 201 },
        );
      }),
    );
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Add a staff member' });
    await user.type(within(form).getByLabelText('Username'), 'nina');
    await user.type(within(form).getByLabelText('Email'), 'nina@staff.example');
    await user.selectOptions(within(form).getByLabelText('Role'), 'customer_service');
    await user.click(within(form).getByRole('checkbox', { name: /May place and change orders/ }));
    await user.click(within(form).getByRole('button', { name: 'Create staff member' }));
    const said = await within(form).findByRole('status');
    expect(said).toHaveTextContent(STAFF_MSG.staffCreated('nina', 'Customer service'));
    expect(said).toHaveTextContent(STAFF_MSG.setupLinkNotEmailed);
    expect(within(said).getByText('http://portal.test/staff/set-up?token=abc')).toBeInTheDocument();
    expect(body).toEqual({
      username: 'nina',
      email: 'nina@staff.example',
      role: 'customer_service',
      canOrderOnBehalf: true,
    });
    expect(within(form).getByLabelText('Username')).toHaveValue('');
  });
});
