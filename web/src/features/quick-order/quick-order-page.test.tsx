import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { QUICK_MSG, routes, type QuickOrderLineResult, type QuickOrderRequest } from '@wholesale/contract';
import { loggedInSession } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { on, server } from '../../test/server';

const result = (
  r: Partial<QuickOrderLineResult> & Pick<QuickOrderLineResult, 'itemNumber' | 'quantity' | 'status'>,
) => ({
  rows: [0],
  message: r.status === 'ready' ? QUICK_MSG.ready : 'Problem',
  description: null,
  stock: null,
  unitPrice: null,
  dueDate: null,
  suggestions: [],
  ...r,
});

describe('Quick Order', () => {
  it('checks pasted lines in one request, lets the buyer fix one in place, and adds the lines in one request', async () => {
    const checks: QuickOrderRequest[] = [];
    const adds: QuickOrderRequest[] = [];
    server.use(
      on(routes.checkQuickOrder, async ({ request }) => {
        checks.push((await request.json()) as QuickOrderRequest);
        return HttpResponse.json({
          ready: 1,
          invalid: 1,
          lines: [
            result({
              itemNumber: 'RB-BLK-0001',
              quantity: '4',
              status: 'ready',
              unitPrice: 1.8,
              description: 'Roller',
            }),
            result({
              rows: [1],
              itemNumber: 'RB-BLK-0003',
              quantity: '2',
              status: 'unknown',
              message: QUICK_MSG.unknownCode('RB-BLK-0003'),
              suggestions: ['RB-BLK-0002'],
            }),
          ],
        });
      }),
      on(routes.addQuickOrder, async ({ request }) => {
        adds.push((await request.json()) as QuickOrderRequest);
        return HttpResponse.json({ added: 2, revision: 5, notAdded: [] });
      }),
    );
    renderApp('/quick-order', { session: loggedInSession });
    const box = await screen.findByLabelText('Paste lines');
    await userEvent.click(box);
    await userEvent.paste('Item\tQty\nRB-BLK-0001\t4\n\nRB-BLK-0003, 2');
    await userEvent.click(screen.getByRole('button', { name: 'Check lines' }));
    expect(await screen.findByText(QUICK_MSG.unknownCode('RB-BLK-0003'))).toBeInTheDocument();
    expect(checks).toEqual([
      {
        lines: [
          { itemNumber: 'RB-BLK-0001', quantity: '4' },
          { itemNumber: 'RB-BLK-0003', quantity: '2' },
        ],
      },
    ]);
    const summary = screen.getByRole('status', { name: '' });
    expect(summary).toHaveTextContent('1 ready, 0 short of stock, 1 to fix');
    // Focus goes to the result's summary, not the top of the page.
    await waitFor(() => expect(summary).toHaveFocus());
    const problems = screen.getByRole('list', { name: 'Lines to look at' });
    await userEvent.click(within(problems).getByRole('button', { name: 'Use RB-BLK-0002' }));
    // Numbered as the pasted rows are: the header and the blank line count.
    const code = within(problems).getByLabelText('Item code, line 4');
    expect(code).toHaveValue('RB-BLK-0002');
    expect(code).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Add ready lines to basket' }));
    expect(await screen.findByText(QUICK_MSG.added(2, 0))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status', { name: '' })).toHaveFocus());
    await waitFor(() =>
      expect(adds).toEqual([
        {
          lines: [
            { itemNumber: 'RB-BLK-0001', quantity: '4' },
            { itemNumber: 'RB-BLK-0002', quantity: '2' },
          ],
        },
      ]),
    );
  });

  it('after Remove, focus goes to the next line to look at, then to the summary', async () => {
    server.use(
      on(routes.checkQuickOrder, () =>
        HttpResponse.json({
          ready: 0,
          invalid: 2,
          lines: [
            result({ rows: [0], itemNumber: 'XX-1', quantity: '1', status: 'unknown' }),
            result({ rows: [1], itemNumber: 'XX-2', quantity: '1', status: 'unknown' }),
          ],
        }),
      ),
    );
    renderApp('/quick-order', { session: loggedInSession });
    await userEvent.click(await screen.findByLabelText('Paste lines'));
    await userEvent.paste('XX-1 1\nXX-2 1');
    await userEvent.click(screen.getByRole('button', { name: 'Check lines' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove line 1' }));
    await waitFor(() => expect(screen.getByLabelText('Item code, line 2')).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Remove line 2' }));
    await waitFor(() => expect(screen.getByRole('status', { name: '' })).toHaveFocus());
  });

  it('says what is wrong when nothing was pasted, without asking the server', async () => {
    renderApp('/quick-order', { session: loggedInSession });
    await userEvent.click(await screen.findByRole('button', { name: 'Check lines' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(QUICK_MSG.noLines);
  });
});
