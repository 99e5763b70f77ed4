import {
  INTEGRATION_MSG,
  type CreateWebhookEndpointRequest,
  type CreateWebhookEndpointResponse,
  type EventType,
  type ListWebhookEndpointsResponse,
  type UpdateWebhookEndpointRequest,
  type WebhookEndpoint,
} from '@wholesale/contract';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/http-errors.js';
import { PROBLEM_TYPES, ProblemError } from '../integration/problem.js';
import { nowIso } from '../../lib/time.js';
import { eventsRepository } from './events.repository.js';
import { newSigningSecret, type SecretBox } from './secret-box.js';
import { checkWebhookUrl } from './url-guard.js';

/** The API client a call is for (the integration guard's `ApiCaller` is one). */
export interface ApiClientRef {
  clientId: number;
}
type EndpointId = { id: number };

type EndpointRow = Awaited<ReturnType<ReturnType<typeof eventsRepository>['listEndpoints']>>[number];

const toEndpoint = (r: EndpointRow): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  eventTypes: JSON.parse(r.event_types) as EventType[],
  enabled: r.enabled === 1,
  disabledReason: r.disabled_reason,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Each event is sent to every subscribed endpoint: a client may keep this many. */
export const MAX_ENDPOINTS_PER_CLIENT = 20;

/** An API client's webhook endpoints; every call names the client, and another's answer 404. */
export function webhooksService(db: Db, opts: { box: SecretBox; allowPrivate: boolean }) {
  const repo = eventsRepository(db);

  async function requireSafeUrl(url: string): Promise<void> {
    const problem = await checkWebhookUrl(url, opts.allowPrivate);
    if (problem) throw new ProblemError(400, problem, { type: PROBLEM_TYPES.webhookUrl });
  }

  async function find(clientId: number, id: number): Promise<EndpointRow> {
    const row = await repo.findEndpoint(clientId, id);
    if (!row) throw notFound(INTEGRATION_MSG.webhookEndpointNotFound);
    return row;
  }

  return {
    /** POST /webhook-endpoints: the signing secret is answered this once and stored encrypted. */
    async createWebhookEndpoint(
      { clientId }: ApiClientRef,
      body: CreateWebhookEndpointRequest,
    ): Promise<CreateWebhookEndpointResponse> {
      await requireSafeUrl(body.url);
      if ((await repo.listEndpoints(clientId)).length >= MAX_ENDPOINTS_PER_CLIENT)
        throw conflict(INTEGRATION_MSG.tooManyWebhookEndpoints(MAX_ENDPOINTS_PER_CLIENT));
      const secret = newSigningSecret();
      const id = await repo.insertEndpoint({
        clientId,
        url: body.url,
        eventTypes: JSON.stringify([...new Set(body.eventTypes)]),
        secretEnc: opts.box.seal(secret),
        enabled: body.enabled,
        now: nowIso(),
      });
      return { ...toEndpoint(await find(clientId, id)), secret };
    },

    async listWebhookEndpoints({ clientId }: ApiClientRef): Promise<ListWebhookEndpointsResponse> {
      return { endpoints: (await repo.listEndpoints(clientId)).map(toEndpoint) };
    },

    async getWebhookEndpoint({ clientId }: ApiClientRef, { id }: EndpointId): Promise<WebhookEndpoint> {
      return toEndpoint(await find(clientId, id));
    },

    /** PATCH /webhook-endpoints/{id}: URL, event types, enabled (enabling clears why it was disabled). */
    async updateWebhookEndpoint(
      { clientId }: ApiClientRef,
      { id, ...body }: UpdateWebhookEndpointRequest & EndpointId,
    ): Promise<WebhookEndpoint> {
      await find(clientId, id);
      if (body.url !== undefined) await requireSafeUrl(body.url);
      await repo.updateEndpoint(
        clientId,
        id,
        {
          url: body.url,
          eventTypes: body.eventTypes ? JSON.stringify([...new Set(body.eventTypes)]) : undefined,
          enabled: body.enabled,
        },
        nowIso(),
      );
      return toEndpoint(await find(clientId, id));
    },

    /** DELETE /webhook-endpoints/{id}: its pending deliveries go with it. */
    async deleteWebhookEndpoint({ clientId }: ApiClientRef, { id }: EndpointId): Promise<void> {
      if (!(await repo.deleteEndpoint(clientId, id))) throw notFound(INTEGRATION_MSG.webhookEndpointNotFound);
    },
  };
}
export type WebhooksService = ReturnType<typeof webhooksService>;
