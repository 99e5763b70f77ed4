import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_LINK, RESET_MSG, routes } from '@wholesale/contract';
import { renderApp } from '../../test/render';
import { on, server } from '../../test/server';

describe('/forgot-password', () => {
  it('is linked from the login screen, asks for the username or email and shows the one answer', async () => {
    const posted: unknown[] = [];
    server.use(
      on(routes.requestPasswordReset, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ message: RESET_MSG.answer });
      }),
    );
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(await screen.findByRole('link', { name: FORGOT_PASSWORD_LINK }));
    expect(await screen.findByRole('heading', { name: RESET_MSG.title })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: RESET_MSG.button }));
    expect(await screen.findByText(RESET_MSG.required)).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.type(screen.getByLabelText(RESET_MSG.label), '  sarah@example.test ');
    await user.click(screen.getByRole('button', { name: RESET_MSG.button }));
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_MSG.answer);
    expect(posted).toEqual([{ usernameOrEmail: 'sarah@example.test' }]);
    expect(screen.getByRole('link', { name: RESET_MSG.backToLogin })).toHaveAttribute('href', '/login');
  });

  it("shows the server's words when it asks to wait (429)", async () => {
    server.use(
      on(routes.requestPasswordReset, () =>
        HttpResponse.json(
          { statusCode: 429, error: 'Too Many Requests', message: 'Too many attempts' },
          { status: 429 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText(RESET_MSG.label), 'demo');
    await user.click(screen.getByRole('button', { name: RESET_MSG.button }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
  });
});
