import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { endpoints, SERVER_MSG } from '@wholesale/contract';
import { route } from '../../plugins/routes.js';
import { shortId } from '../../lib/redact.js';
import { isExpired } from './sandbox.js';
import { receivePaymentCallback } from './payment-callback.js';
import { checkCard, type CardForm } from './sandbox-card.js';
import {
  notFoundPage,
  paymentFormPage,
  paymentNoticePage,
  paymentOutcomePage,
  tooManyAttemptsPage,
  type PageInfo,
} from './sandbox-page.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(body);
}

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');

/**
 * The built-in sandbox gateway's hosted page, outside /api (registered in publicModules):
 * GET /pay/{paymentId} shows the card form (or the outcome of a completed payment);
 * POST /pay/{paymentId} takes the card, confirms through the signed callback, then sends the
 * browser (303) to the purpose's return URL. The payment id is a random UUID: the link is the key.
 */
export const sandboxRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { sandbox } = ctx.services;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  async function load(id: string): Promise<PageInfo | undefined> {
    if (!UUID.test(id)) return undefined;
    const payment = await sandbox.findPayment(id.toLowerCase());
    if (!payment) return undefined;
    return { payment, merchant: await ctx.services.settings.get('company.name') };
  }

  const cancelUrl = (info: PageInfo) => sandbox.cancelUrl(info.payment);

  /** The page of a link that takes no card (unknown, completed or cancelled, expired); undefined when it can. */
  function notPayable(reply: FastifyReply, info: PageInfo | undefined) {
    if (!info) return html(reply, 404, notFoundPage());
    if (info.payment.status !== 'pending')
      return html(reply, 200, paymentOutcomePage(info, sandbox.returnUrlFor(info.payment)));
    if (isExpired(info.payment))
      return html(
        reply,
        410,
        paymentNoticePage(
          info,
          SERVER_MSG.sandboxPage.linkExpiredTitle,
          SERVER_MSG.paymentLinkExpired,
          cancelUrl(info),
        ),
      );
    return undefined;
  }

  route(app, endpoints.showPaymentPage, async (req, reply) => {
    const info = await load(req.params.id);
    const closed = notPayable(reply, info);
    if (closed || !info) return closed;
    return html(reply, 200, paymentFormPage(info, { cancelUrl: cancelUrl(info) }));
  });

  route(app, endpoints.payByCard, async (req, reply) => {
    // Card testing protection: a handful of attempts per payment, and per client address.
    const verdict = await ctx.throttle.consume(
      [ctx.limits.payFormIp, req.ip],
      [ctx.limits.payFormPayment, req.params.id.slice(0, 64).toLowerCase()],
    );
    if (!verdict.ok)
      return html(reply.header('retry-after', String(verdict.retryAfterSeconds)), 429, tooManyAttemptsPage());
    const info = await load(req.params.id);
    const closed = notPayable(reply, info);
    if (closed || !info) return closed;

    // The form post, parsed above (no body schema: each field is read and cut to size here).
    const body = (req.body ?? {}) as Record<string, unknown>;
    const form: CardForm = {
      cardNumber: text(body.cardNumber, 40),
      expiry: text(body.expiry, 20),
      cvc: text(body.cvc, 10),
      name: text(body.name, 200),
    };
    const check = checkCard(form);
    if (!check.ok)
      return html(
        reply,
        422,
        paymentFormPage(info, { values: form, errors: check.errors, cancelUrl: cancelUrl(info) }),
      );

    // Asked again just before charging: the basket, the account or the invoices may have changed.
    const refusal = await sandbox.recheck(info.payment);
    if (refusal !== undefined) {
      await sandbox.cancelPayment(info.payment.id);
      return html(
        reply,
        409,
        paymentNoticePage(
          info,
          SERVER_MSG.sandboxPage.notTakenTitle,
          SERVER_MSG.paymentNoLongerPossible(refusal),
          cancelUrl(info),
        ),
      );
    }

    await sandbox.noteCard(info.payment.id, check.last4);
    try {
      // Confirm server-side exactly as an external gateway would: a signed callback.
      const result = await receivePaymentCallback(sandbox, sandbox.signCallback(info.payment.id, check.outcome));
      const done = await sandbox.findPayment(info.payment.id);
      const target = done && sandbox.returnUrlFor(done);
      if (result.status === 'pending' || !target) throw new Error('payment still pending after its callback');
      return reply.header('cache-control', 'no-store').redirect(target, 303);
    } catch (err) {
      req.log.error({ err, paymentId: shortId(info.payment.id) }, 'sandbox payment could not be completed');
      return html(
        reply,
        502,
        paymentFormPage(info, {
          values: form,
          message: SERVER_MSG.paymentNotCompleted,
          cancelUrl: cancelUrl(info),
        }),
      );
    }
  });
};
