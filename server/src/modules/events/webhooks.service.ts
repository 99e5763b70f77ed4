import {
  INTEGRATION_MSG,
  type CreateWebhookEndpointRequest,
  type CreateWebhookEndpointResponse,
  type EventType,
  type ListWebhookEndpointsResponse,
  type UpdateWebhookEndpointRequest,
  type WebhookEndpoint,
} from '@wholesale/contract';
import { conflict, notFound } from '../../lib/http-errors.js';
import { PROBLEM_TYPES, ProblemError } from '../integration/problem.js';
import { nowIso } from '../../lib/time.js';
import type { EventsRepository } from './events.repository.js';
import type { Repos } from '../../db/repos.js';
import { newSigningSecret, type SecretBox } from '../../lib/secret-box.js';
import { checkWebhookUrl } from './url-guard.js';

/** The API client a call is for (the integration guard's `ApiCaller` is one). */
export interface ApiClientRef {
  clientId: number;
}
type EndpointId = { id: number };

type EndpointRow = Awaited<ReturnType<EventsRepository['listEndpoints']>>[number];

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
export function webhooksService(events: Repos<EventsRepository>, opts: { box: SecretBox; allowPrivate: boolean }) {
  const repo = events.base;

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
      const secret = newSigningSecret();
      // The count and the insert in one transaction that first locks the client's row: concurrent
      // creates (several servers too) count one after another, so the cap holds.
      const id = await events.transaction(async (r) => {
        await r.lockClient(clientId);
        if ((await r.countEndpoints(clientId)) >= MAX_ENDPOINTS_PER_CLIENT)
          throw conflict(INTEGRATION_MSG.tooManyWebhookEndpoints(MAX_ENDPOINTS_PER_CLIENT));
        return r.insertEndpoint({
          clientId,
          url: body.url,
          eventTypes: JSON.stringify([...new Set(body.eventTypes)]),
          secretEnc: opts.box.seal(secret),
          enabled: body.enabled,
          now: nowIso(),
        });
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

/**
 * The operator's hand on every client's webhook endpoints (the admin CLI's `webhook` commands):
 * list them (optionally one client's), disable one, delete one.
 */
export function webhookOperatorService(repo: EventsRepository) {
  return {
    async list(clientName?: string) {
      return (await repo.allEndpoints(clientName)).map((r) => ({
        id: r.id,
        client: r.client_name,
        clientRevoked: r.client_revoked_at !== null,
        url: r.url,
        eventTypes: JSON.parse(r.event_types) as EventType[],
        enabled: r.enabled === 1,
        disabledReason: r.disabled_reason,
        failingSince: r.failing_since,
        pending: Number(r.pending),
      }));
    },
    /** False if there is no such endpoint. The dispatcher sends it nothing more, queued deliveries included. */
    disable: (id: number): Promise<boolean> =>
      repo.disableEndpoint(id, INTEGRATION_MSG.webhookDisabled.byOperator, nowIso()),
    /** False if there is no such endpoint; its deliveries go with it. */
    delete: (id: number): Promise<boolean> => repo.deleteEndpointById(id),
    /** Whether the endpoint exists and is enabled; undefined when there is none. */
    endpoint: (id: number) => repo.endpointById(id),
    /** An endpoint's delivery log (the staff back office): status, attempts, last response, next retry. */
    async deliveries(
      endpointId: number,
      q: {
        status?: 'pending' | 'delivered' | 'failed' | undefined;
        /** Only this delivery. */
        id?: number | undefined;
        sort: 'createdAt' | 'nextAttemptAt' | 'attempts';
        direction: 'asc' | 'desc';
        page: number;
        pageSize: number;
      },
    ) {
      const { total, rows } = await repo.deliveryLog(endpointId, {
        ...q,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return { total, rows: rows.map(toDeliveryView) };
    },
    /**
     * Queues one delivery again now, its attempts starting over (the same event id, so a receiver that
     * had it already can tell). Undefined when the endpoint has no such delivery.
     */
    async redeliver(endpointId: number, deliveryId: number) {
      const d = await repo.deliveryOfEndpoint(endpointId, deliveryId);
      if (!d) return undefined;
      await repo.requeueDeliveries(Number(d.event_seq), [endpointId], nowIso());
      const { rows } = await repo.deliveryLog(endpointId, {
        id: deliveryId,
        sort: 'createdAt',
        direction: 'desc',
        limit: 1,
        offset: 0,
      });
      return rows[0] ? toDeliveryView(rows[0]) : undefined;
    },
  };
}

type DeliveryLogRow = Awaited<ReturnType<EventsRepository['deliveryLog']>>['rows'][number];
const toDeliveryView = (r: DeliveryLogRow) => ({
  id: Number(r.id),
  eventId: r.event_id,
  eventType: r.type,
  status: r.status,
  attempts: Number(r.attempts),
  lastStatus: r.last_status === null ? null : Number(r.last_status),
  lastError: r.last_error,
  nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
  deliveredAt: r.delivered_at,
  createdAt: r.created_at,
});
export type WebhookOperatorService = ReturnType<typeof webhookOperatorService>;
