import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STAFF_MSG } from '@wholesale/contract/staff';
import { forbidden, unauthorized } from '../../lib/http-errors.js';
import type { ViewAsService, ViewAsState } from './view-as.service.js';

/**
 * What a staff member viewing as a customer may do on the customer routes. Reads are allowed.
 * Everything else is refused unless listed here: a new customer endpoint that writes is refused
 * while viewing as until someone decides otherwise.
 */

/** Never while viewing as: card payments, password changes, My Details (mail preferences). */
const VIEW_AS_NEVER: ReadonlySet<string> = new Set([
  'requestOrderPayment',
  'requestInvoicePayment',
  'changePassword',
  'getMailPreferences',
  'updateMailPreferences',
]);

/** POSTs that only read (a PDF, a check of pasted lines): allowed like GETs. */
const VIEW_AS_READS: ReadonlySet<string> = new Set([
  'downloadOrderStatement',
  'downloadInvoiceStatement',
  'checkQuickOrder',
]);

/** Ends the view-as session itself (the End on the buyer's banner). */
const ENDS_VIEW_AS = 'logout';

/** Placing and changing orders: only when the staff member holds the order-on-behalf permission. */
const VIEW_AS_ORDER_WRITES: ReadonlySet<string> = new Set([
  'addBasketLine',
  'updateBasketLine',
  'deleteBasketLine',
  'clearBasket',
  'undoClearBasket',
  'addQuickOrder',
  'submitBasketHeader',
  'submitBasket',
  'copyOrder',
  'cancelOrder',
]);

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the caller is a staff member viewing as this customer (the customer guard). */
    viewAs?: ViewAsState;
  }
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * Called by the customer guard for a view-as token: refuses what the session may not do (audited),
 * and leaves the session on the request so the write is audited when answered.
 */
export function viewAsGate(viewAs: ViewAsService) {
  return async function check(request: FastifyRequest, viewAsId: string): Promise<void> {
    const state = await viewAs.current(viewAsId);
    if (!state) throw unauthorized(STAFF_MSG.viewAsEnded, true);
    const endpoint = request.routeOptions.config.endpoint ?? request.routeOptions.url ?? request.url;
    if (endpoint === ENDS_VIEW_AS) {
      await viewAs.endFromCustomerTab(state, request.ip);
      return;
    }
    const refusal = VIEW_AS_NEVER.has(endpoint)
      ? STAFF_MSG.viewAsNeverAllowed
      : isRead(request.method) || VIEW_AS_READS.has(endpoint)
        ? undefined
        : VIEW_AS_ORDER_WRITES.has(endpoint) && state.canOrder
          ? undefined
          : STAFF_MSG.viewAsReadOnly;
    if (refusal) {
      // Reads of My Details are refused too, but only writes are worth an audit line each.
      if (!isRead(request.method))
        await viewAs.recordWrite(state, request.ip, {
          endpoint,
          method: request.method,
          url: request.url,
          status: 403,
          refused: refusal,
        });
      throw forbidden(refusal);
    }
    request.viewAs = state;
  };
}

/**
 * Audits every write answered while viewing as (after the answer, with its status). An order placed
 * records "placed by {staff} for {user}".
 */
export function auditViewAsWrites(app: FastifyInstance, viewAs: ViewAsService): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const state = request.viewAs;
    if (!state || isRead(request.method)) return payload;
    const endpoint = request.routeOptions.config.endpoint ?? request.url;
    if (VIEW_AS_READS.has(endpoint)) return payload;
    let after: unknown;
    if (endpoint === 'submitBasket' && reply.statusCode < 300 && typeof payload === 'string') {
      const orderNumber = orderNumberOf(payload);
      if (orderNumber) after = { orderNumber, note: await viewAs.markPlacedOnBehalf(state, orderNumber) };
    }
    await viewAs.recordWrite(state, request.ip, {
      endpoint,
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      after,
    });
    return payload;
  });
}

function orderNumberOf(payload: string): string | undefined {
  try {
    const body = JSON.parse(payload) as { orderNumber?: unknown };
    return typeof body.orderNumber === 'string' ? body.orderNumber : undefined;
  } catch {
    return undefined;
  }
}
