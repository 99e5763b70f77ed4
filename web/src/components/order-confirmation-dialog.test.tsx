import { render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from '../lib/router';
import { describe, expect, it } from 'vitest';
import { MSG, routes } from '@wholesale/contract';
import { createAppStore } from '../app/store';
import { loggedInSession, settings } from '../test/fixtures';
import { server, on } from '../test/server';
import { OrderConfirmationDialog } from './order-confirmation-dialog';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

function renderAt(path: string) {
  const store = createAppStore(loggedInSession, null);
  // Every path is ready at once: the dialog and the location are all there is to render.
  const router = createMemoryRouter(() => undefined, path);
  return render(
    <Provider store={store}>
      <RouterProvider router={router}>
        <OrderConfirmationDialog />
        <Where />
      </RouterProvider>
    </Provider>,
  );
}

describe('Order confirmation dialog', () => {
  it('opens on ?confirmorder=success, removes the parameter, shows processing then placed', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      on(routes.getOrderConfirmation, async () => {
        await gate;
        return HttpResponse.json({ orderNumber: 'SO-300001', reference: 'PO-123', totalAmount: 55.54, status: 'Open' });
      }),
    );
    renderAt('/open-orders?confirmorder=success&x=1');
    const dialog = await screen.findByRole('dialog', { name: 'Order confirmation' });
    expect(within(dialog).getByText(MSG.processingOrder)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/open-orders?x=1'));
    release();
    expect(await within(dialog).findByText(MSG.orderPlaced)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.checkOpenOrders)).toBeInTheDocument();
    expect(within(dialog).getByText('SO-300001')).toBeInTheDocument();
  });

  it('shows the failure text with the support email when the confirmation cannot be had', async () => {
    server.use(on(routes.getOrderConfirmation, () => HttpResponse.json({ message: 'none' }, { status: 404 })));
    renderAt('/open-orders?confirmorder=success');
    const dialog = await screen.findByRole('dialog', { name: 'Order confirmation' });
    expect(await within(dialog).findByText(MSG.orderFailed(settings.supportEmail))).toBeInTheDocument();
  });

  it('stays closed without the parameter', async () => {
    renderAt('/open-orders');
    expect(screen.getByTestId('where')).toHaveTextContent('/open-orders');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
