import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MSG, PASSWORD_RULE_MESSAGE, routes } from '@wholesale/contract';
import { renderApp } from '../../test/render';
import { on, server } from '../../test/server';

const TOKEN = 'set-password-token-123';
const gone = () =>
  HttpResponse.json({ statusCode: 410, error: 'Gone', message: MSG.setPasswordLinkExpired }, { status: 410 });

describe('/set-password', () => {
  it('sets a password with the spec rules and messages, then offers Log In', async () => {
    const posted: unknown[] = [];
    server.use(
      on(routes.describeSetPasswordLink, ({ params }) =>
        params.token === TOKEN
          ? HttpResponse.json({ username: 'erp.ann', expiresAt: '2030-01-01T00:00:00.000Z' })
          : gone(),
      ),
      on(routes.setPassword, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ ok: true, username: 'erp.ann' });
      }),
    );
    const user = userEvent.setup();
    renderApp(`/set-password?token=${TOKEN}`);
    expect(await screen.findByText(MSG.setPasswordIntro('erp.ann'))).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('erp.ann');

    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'other');
    await user.click(screen.getByRole('button', { name: MSG.setPasswordButton }));
    expect(await screen.findByText(PASSWORD_RULE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'Good-pass-123');
    await user.click(screen.getByRole('button', { name: MSG.setPasswordButton }));
    expect(await screen.findByText(MSG.passwordsMustMatch)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'Good-pass-123');
    await user.click(screen.getByRole('button', { name: MSG.setPasswordButton }));
    expect(await screen.findByText(MSG.passwordSet)).toBeInTheDocument();
    expect(posted).toEqual([{ token: TOKEN, newPassword: 'Good-pass-123', confirmPassword: 'Good-pass-123' }]);
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  it('says a used or expired link cannot be used, without a form', async () => {
    server.use(on(routes.describeSetPasswordLink, () => gone()));
    renderApp(`/set-password?token=${TOKEN}`);
    expect(await screen.findByText(MSG.setPasswordLinkExpired)).toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it('says so without asking the server when the link has no token', async () => {
    renderApp('/set-password');
    expect(await screen.findByText(MSG.setPasswordLinkExpired)).toBeInTheDocument();
  });
});
