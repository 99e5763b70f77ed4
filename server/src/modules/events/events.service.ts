import {
  INTEGRATION_MSG,
  type IntegrationEvent,
  type ListEventsQuery,
  type ListEventsResponse,
  type RedeliverEventResponse,
} from '@wholesale/contract';
import { notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import type { EventsRepository } from './events.repository.js';
import type { Repos } from '../../db/repos.js';
import type { ApiClientRef } from './webhooks.service.js';

/** How long the outbox keeps an event (the feed's history). */
export const EVENT_RETENTION_DAYS = 30;

type EventRow = NonNullable<Awaited<ReturnType<EventsRepository['eventById']>>>;

/** One event as the feed lists it and a webhook carries it. */
export function toIntegrationEvent(row: Pick<EventRow, 'seq' | 'event_id' | 'type' | 'payload' | 'created_at'>) {
  return {
    id: row.event_id,
    sequence: Number(row.seq),
    type: row.type as IntegrationEvent['type'],
    timestamp: row.created_at,
    data: JSON.parse(row.payload) as Record<string, unknown>,
  } satisfies IntegrationEvent;
}

export function eventsService(events: Repos<EventsRepository>) {
  const repo = events.base;
  return {
    /**
     * GET /events: events after a sequence, oldest first; `next` is the cursor for the page after.
     * Events about another API client (its endpoints) are not the caller's to see (with no caller:
     * the portal's events only).
     */
    async listEvents(client: ApiClientRef | undefined, q: ListEventsQuery): Promise<ListEventsResponse> {
      const rows = await repo.eventsAfter(q.after, q.limit, client?.clientId ?? null);
      const events = rows.map(toIntegrationEvent);
      return { events, next: events.at(-1)?.sequence ?? q.after };
    },

    /**
     * POST /events/{id}/redeliver: queues the event again for each of the caller's enabled
     * endpoints subscribed to its type, with the same event id (webhook-id).
     */
    async redeliverEvent({ clientId }: ApiClientRef, { id: eventId }: { id: string }): Promise<RedeliverEventResponse> {
      return events.transaction(async (r) => {
        const event = await r.eventById(eventId);
        if (!event) throw notFound(INTEGRATION_MSG.eventNotFound(eventId, EVENT_RETENTION_DAYS));
        const endpoints = (await r.listEndpoints(clientId)).filter(
          (e) => e.enabled === 1 && (JSON.parse(e.event_types) as string[]).includes(event.type),
        );
        await r.requeueDeliveries(
          Number(event.seq),
          endpoints.map((e) => e.id),
          nowIso(),
        );
        return { eventId, deliveries: endpoints.length };
      });
    },

    /**
     * Deletes events (and their deliveries) older than the retention. Safe to run on every server
     * at once; the periodic housekeeping job `old-events` calls it hourly (modules/periodic/housekeeping.ts).
     */
    async purgeOldEvents(now: Date): Promise<number> {
      const cutoff = new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000).toISOString();
      return repo.purgeBefore(cutoff);
    },
  };
}
export type EventsService = ReturnType<typeof eventsService>;
