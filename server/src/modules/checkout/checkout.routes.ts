import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  basketHeader,
  errorResponse,
  getOrderConfirmationResponse,
  requestOrderPayment,
  requestOrderPaymentResponse,
  submitBasketHeader,
  submitBasketParams,
  submitBasketRequest,
  submitBasketResponse,
} from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { requireAuth } from '../../plugins/authenticate.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export const checkoutRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = ctx.services.checkout;
  app.addHook('preHandler', requireAuth(ctx.auth));

  app.get(
    '/basket/header',
    {
      schema: {
        tags: ['checkout'],
        summary: 'The delivery information stored on the basket (INVOICE defaults until one is stored)',
        response: { 200: basketHeader, ...errors },
      },
    },
    (req) => service.getBasketHeader(req.auth),
  );

  app.post(
    '/basket/header',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Store the purchase order and delivery address on the basket (checkout step 1)',
        description:
          'deliveryCode is INVOICE, a saved address reference or "New Delivery Address". For INVOICE and saved references the address comes from the account, not the payload.',
        body: submitBasketHeader,
        response: { 200: basketHeader, ...errors },
      },
    },
    (req) => service.submitBasketHeader(req.auth, req.body),
  );

  app.post(
    '/basket/submit/:id',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Place a credit order from the reviewed basket revision {id}',
        description:
          'One transaction; idempotent per basket revision. 409 when the basket changed since review or the amount differs from the server total.',
        params: submitBasketParams,
        body: submitBasketRequest,
        response: { 200: submitBasketResponse, ...errors },
      },
    },
    (req) => service.submitBasket(req.auth, req.params.id, req.body.amount),
  );

  app.get(
    '/basket/confirmation',
    {
      schema: {
        tags: ['checkout'],
        summary: "The caller's last placed order (for the order-placed dialog)",
        response: { 200: getOrderConfirmationResponse, ...errors },
      },
    },
    (req) => service.getOrderConfirmation(req.auth),
  );

  app.post(
    '/payment/request',
    {
      preHandler: async (req) => ctx.throttle.enforce([ctx.limits.orderPaymentUser, String(req.auth.userId)]),
      schema: {
        tags: ['checkout'],
        summary: 'Proforma: start a card payment for the basket; the order is placed when the payment is confirmed',
        body: requestOrderPayment,
        response: { 200: requestOrderPaymentResponse, ...errors, 429: errorResponse },
      },
    },
    (req) => service.requestOrderPayment(req.auth, req.body.amount, req.body.description),
  );
};
