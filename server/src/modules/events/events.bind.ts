import { integrationEndpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { bindings } from '../../plugins/bind.js';

/** ERP integration, outbound: the events feed, redelivery and the caller's webhook endpoints. */
export const eventsBindings = (ctx: AppContext) => {
  const events = { service: ctx.services.events };
  const webhooks = { service: ctx.services.webhooks };
  return bindings('events', integrationEndpoints, {
    listEvents: events,
    redeliverEvent: events,
    createWebhookEndpoint: webhooks,
    listWebhookEndpoints: webhooks,
    getWebhookEndpoint: webhooks,
    updateWebhookEndpoint: webhooks,
    deleteWebhookEndpoint: webhooks,
  });
};
