import { configure, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MSG, routes } from '@wholesale/contract';
import { demoUser, loggedInSession } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server, on } from '../../test/server';

// Screens load as lazy chunks; on a busy machine the first render can take a few seconds.
configure({ asyncUtilTimeout: 5000 });

async function fill(
  user: ReturnType<typeof renderApp>['user'],
  oldPassword: string,
  newPassword: string,
  confirmPassword: string,
) {
  if (oldPassword) await user.type(await screen.findByLabelText('Old Password'), oldPassword);
  if (newPassword) await user.type(screen.getByLabelText('New Password'), newPassword);
  if (confirmPassword) await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('Change password', () => {
  it("requires the old and new password and says 'Passwords must match'", async () => {
    let calls = 0;
    server.use(on(routes.changePassword, () => (calls++, HttpResponse.json({ ok: true }))));
    const { user } = renderApp('/change-password', { session: loggedInSession });
    await user.click(await screen.findByRole('button', { name: 'Change Password' }));
    expect(await screen.findAllByText(MSG.required)).toHaveLength(2);
    expect(screen.getByLabelText('Old Password')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Old Password'), 'Portal-demo-1');
    await user.type(screen.getByLabelText('New Password'), 'Better-pass-22');
    await user.type(screen.getByLabelText('Confirm Password'), 'Better-pass-23');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(MSG.passwordsMustMatch)).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(MSG.passwordsMustMatch);
    expect(calls).toBe(0);
  });

  it("says 'Password changed' and returns to My Details", async () => {
    let body: unknown;
    server.use(
      on(routes.changePassword, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ok: true });
      }),
      on(routes.getCurrentUser, () => HttpResponse.json(demoUser)),
    );
    const { user, location } = renderApp('/change-password', { session: loggedInSession });
    await fill(user, 'Portal-demo-1', 'Better-pass-22', 'Better-pass-22');
    expect(await screen.findByText(MSG.passwordChanged)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/details'));
    expect(body).toEqual({
      oldPassword: 'Portal-demo-1',
      newPassword: 'Better-pass-22',
      confirmPassword: 'Better-pass-22',
    });
  });

  it("says 'Failed to change password' and stays when the server refuses", async () => {
    server.use(
      on(routes.changePassword, () =>
        HttpResponse.json(
          { statusCode: 400, error: 'Bad Request', message: 'The current password is not correct' },
          { status: 400 },
        ),
      ),
    );
    const { user, location } = renderApp('/change-password', { session: loggedInSession });
    await fill(user, 'wrong-one', 'Better-pass-22', 'Better-pass-22');
    // The toast, and the server's reason under the form.
    expect(await screen.findByText(MSG.changePasswordFailed)).toBeInTheDocument();
    const said = screen.getByText(`${MSG.changePasswordFailed}: The current password is not correct`);
    // Focus on it, not left on the page.
    await waitFor(() => expect(said).toHaveFocus());
    expect(location()).toBe('/change-password');
  });
});
