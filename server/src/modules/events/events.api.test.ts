import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import {
  INTEGRATION_MSG,
  createWebhookEndpointResponse,
  integrationRoutes,
  listEventsResponse,
  pathOf,
} from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount } from '../../test/fixtures.js';
import { recordEvent } from './outbox.js';
import { eventsRepository } from './events.repository.js';
import { DEFAULT_BACKOFF_BASE_MS, DEFAULT_MAX_ATTEMPTS, retryDelayMs } from './webhook-dispatcher.js';
import { asClient, eventsTestApp, startReceiver, waitFor } from './events.test-support.js';
import { MAX_ENDPOINTS_PER_CLIENT } from './webhooks.service.js';

/** An error answer's text: `message` today, problem+json's `detail` once the integration errors land. */
const errorText = (body: { message?: string; detail?: string }) => body.detail ?? body.message;

describe('the retry schedule', () => {
  it('retries with growing delays for more than 24 hours before giving up', () => {
    const delays = Array.from({ length: DEFAULT_MAX_ATTEMPTS - 1 }, (_, i) =>
      retryDelayMs(i + 1, DEFAULT_BACKOFF_BASE_MS),
    );
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(delays[0]).toBe(10_000);
    const total = delays.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(24 * 3_600_000);
    expect(total).toBeLessThan(48 * 3_600_000);
  });
});

describe.each(testEngines())('integration events and webhooks on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance; // WEBHOOKS_ALLOW_PRIVATE=true: its receivers are on 127.0.0.1
  let strict: FastifyInstance; // the default: private addresses refused
  let accountId: number;

  beforeAll(async () => {
    handle = await engine.open();
    app = await eventsTestApp(handle, { WEBHOOKS_ALLOW_PRIVATE: true }, { backoffBaseMs: 30, leaseMs: 5_000 });
    strict = await eventsTestApp(handle, { WEBHOOK_DELIVERY: false });
    accountId = await insertAccount(handle.db);
  });
  afterAll(async () => {
    await app?.close();
    await strict?.close();
    await handle?.close();
  });

  const record = (type: 'order.placed' | 'order.cancelled', data: Record<string, unknown>) =>
    handle.db.transaction().execute((trx) => recordEvent(trx, type, accountId, data));

  async function createEndpoint(client: number, url: string, eventTypes = ['order.placed']) {
    const res = await app.inject({
      method: 'POST',
      url: pathOf(integrationRoutes.createWebhookEndpoint),
      headers: await asClient(client, 'webhooks:manage'),
      payload: { url, eventTypes },
    });
    expect(res.statusCode, res.body).toBe(201);
    return createWebhookEndpointResponse.parse(res.json());
  }

  /** The event's deliveries, to one endpoint when given (other tests' endpoints may be subscribed too). */
  const deliveryRows = async (eventId: string, endpointId?: number) => {
    const repo = eventsRepository(handle.db);
    const event = await repo.eventById(eventId);
    const rows = await repo.deliveriesOf(Number(event!.seq));
    return endpointId === undefined ? rows : rows.filter((r) => r.endpoint_id === endpointId);
  };

  describe('GET /events', () => {
    it('needs a client with events:read (401 without a key, 403 without the scope)', async () => {
      expect((await app.inject({ method: 'GET', url: pathOf(integrationRoutes.listEvents) })).statusCode).toBe(401);
      const wrong = await app.inject({
        method: 'GET',
        url: pathOf(integrationRoutes.listEvents),
        headers: await asClient(1, 'webhooks:manage'),
      });
      expect(wrong.statusCode).toBe(403);
    });

    it('pages events oldest first with a next cursor', async () => {
      const first = listEventsResponse.parse(
        (
          await app.inject({
            method: 'GET',
            url: `${pathOf(integrationRoutes.listEvents)}?after=0&limit=500`,
            headers: await asClient(1, 'events:read'),
          })
        ).json(),
      );
      const ids = [];
      for (let i = 0; i < 5; i++) ids.push(await record('order.cancelled', { orderNumber: `FEED-${i}` }));
      const seen: string[] = [];
      let after = first.next;
      for (;;) {
        const res = await app.inject({
          method: 'GET',
          url: `${pathOf(integrationRoutes.listEvents)}?after=${after}&limit=2`,
          headers: await asClient(1, 'events:read'),
        });
        expect(res.statusCode).toBe(200);
        const page = listEventsResponse.parse(res.json());
        expect(page.events.length).toBeLessThanOrEqual(2);
        if (page.events.length === 0) {
          expect(page.next).toBe(after);
          break;
        }
        expect(page.events.every((e) => e.sequence > after)).toBe(true);
        seen.push(...page.events.map((e) => e.id));
        after = page.next;
      }
      expect(seen).toEqual(ids);
    });

    it('refuses a bad cursor or limit with 400', async () => {
      for (const q of ['after=-1', 'limit=0', 'limit=501', 'after=abc']) {
        const res = await app.inject({
          method: 'GET',
          url: `${pathOf(integrationRoutes.listEvents)}?${q}`,
          headers: await asClient(1, 'events:read'),
        });
        expect(res.statusCode, q).toBe(400);
      }
    });
  });

  describe('/webhook-endpoints', () => {
    it('creates an endpoint, answering its whsec_ secret once and storing it encrypted', async () => {
      const ep = await createEndpoint(11, 'http://127.0.0.1:9/never', ['order.placed', 'order.cancelled']);
      expect(ep.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(ep).toMatchObject({
        enabled: true,
        disabledReason: null,
        eventTypes: ['order.placed', 'order.cancelled'],
      });
      const stored = await handle.db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('id', '=', ep.id)
        .executeTakeFirstOrThrow();
      expect(stored.secret_enc).not.toContain(ep.secret.slice(6, 20));
      const list = await app.inject({
        method: 'GET',
        url: pathOf(integrationRoutes.listWebhookEndpoints),
        headers: await asClient(11, 'webhooks:manage'),
      });
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(ep.secret);
      expect((list.json() as { endpoints: { id: number }[] }).endpoints.map((e) => e.id)).toEqual([ep.id]);
    });

    it('needs webhooks:manage', async () => {
      const res = await app.inject({
        method: 'GET',
        url: pathOf(integrationRoutes.listWebhookEndpoints),
        headers: await asClient(11, 'events:read'),
      });
      expect(res.statusCode).toBe(403);
      expect(
        (await app.inject({ method: 'GET', url: pathOf(integrationRoutes.listWebhookEndpoints) })).statusCode,
      ).toBe(401);
    });

    it("keeps each client to its own endpoints: another client's answer 404", async () => {
      const ep = await createEndpoint(21, 'http://127.0.0.1:9/mine');
      const other = await asClient(22, 'webhooks:manage');
      expect(
        (
          await app.inject({
            method: 'GET',
            url: pathOf(integrationRoutes.getWebhookEndpoint, { id: ep.id }),
            headers: other,
          })
        ).statusCode,
      ).toBe(404);
      const patch = await app.inject({
        method: 'PATCH',
        url: pathOf(integrationRoutes.updateWebhookEndpoint, { id: ep.id }),
        headers: other,
        payload: { enabled: false },
      });
      expect(patch.statusCode).toBe(404);
      expect(
        (
          await app.inject({
            method: 'DELETE',
            url: pathOf(integrationRoutes.deleteWebhookEndpoint, { id: ep.id }),
            headers: other,
          })
        ).statusCode,
      ).toBe(404);
      const list = await app.inject({
        method: 'GET',
        url: pathOf(integrationRoutes.listWebhookEndpoints),
        headers: other,
      });
      expect((list.json() as { endpoints: unknown[] }).endpoints).toEqual([]);
      const mine = await app.inject({
        method: 'GET',
        url: pathOf(integrationRoutes.getWebhookEndpoint, { id: ep.id }),
        headers: await asClient(21, 'webhooks:manage'),
      });
      expect(mine.json()).toMatchObject({ id: ep.id, enabled: true });
    });

    it('updates URL, event types and enabled, and deletes', async () => {
      const me = await asClient(31, 'webhooks:manage');
      const ep = await createEndpoint(31, 'http://127.0.0.1:9/a');
      const patched = await app.inject({
        method: 'PATCH',
        url: pathOf(integrationRoutes.updateWebhookEndpoint, { id: ep.id }),
        headers: me,
        payload: { url: 'http://127.0.0.1:9/b', eventTypes: ['payment.approved'], enabled: false },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json()).toMatchObject({
        url: 'http://127.0.0.1:9/b',
        eventTypes: ['payment.approved'],
        enabled: false,
      });
      const enabled = await app.inject({
        method: 'PATCH',
        url: pathOf(integrationRoutes.updateWebhookEndpoint, { id: ep.id }),
        headers: me,
        payload: { enabled: true },
      });
      expect(enabled.json()).toMatchObject({ enabled: true, disabledReason: null });
      expect(
        (
          await app.inject({
            method: 'DELETE',
            url: pathOf(integrationRoutes.deleteWebhookEndpoint, { id: ep.id }),
            headers: me,
          })
        ).statusCode,
      ).toBe(204);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: pathOf(integrationRoutes.getWebhookEndpoint, { id: ep.id }),
            headers: me,
          })
        ).statusCode,
      ).toBe(404);
    });

    it('keeps a client to 20 endpoints (409 beyond)', async () => {
      const me = await asClient(43, 'webhooks:manage');
      for (let i = 0; i < 20; i++) await createEndpoint(43, `http://127.0.0.1:9/n${i}`, ['payment.approved']);
      const res = await app.inject({
        method: 'POST',
        url: pathOf(integrationRoutes.createWebhookEndpoint),
        headers: me,
        payload: { url: 'http://127.0.0.1:9/n21', eventTypes: ['payment.approved'] },
      });
      expect(res.statusCode).toBe(409);
      expect(errorText(res.json())).toBe(INTEGRATION_MSG.tooManyWebhookEndpoints(MAX_ENDPOINTS_PER_CLIENT));
      // Another client is not affected.
      await createEndpoint(44, 'http://127.0.0.1:9/other', ['payment.approved']);
    });

    it('refuses bad input with 400', async () => {
      const me = await asClient(41, 'webhooks:manage');
      for (const payload of [
        { url: 'https://erp.example.com/hooks', eventTypes: [] },
        { url: 'https://erp.example.com/hooks', eventTypes: ['order.shipped'] },
        { url: 'not a url', eventTypes: ['order.placed'] },
        { eventTypes: ['order.placed'] },
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: pathOf(integrationRoutes.createWebhookEndpoint),
          headers: me,
          payload,
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect(
        (
          await app.inject({
            method: 'GET',
            url: pathOf(integrationRoutes.getWebhookEndpoint, { id: 'abc' }),
            headers: me,
          })
        ).statusCode,
      ).toBe(400);
    });

    it('refuses other schemes, credentials, and loopback, link-local and private addresses unless allowed', async () => {
      const me = await asClient(42, 'webhooks:manage');
      const refused = [
        'ftp://erp.example.com/hooks',
        'http://user:pw@erp.example.com/hooks',
        'http://127.0.0.1:8080/hooks',
        'http://localhost/hooks',
        'http://10.1.2.3/hooks',
        'http://192.168.1.20/hooks',
        'http://172.16.0.1/hooks',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/hooks',
        'http://[::ffff:127.0.0.1]/hooks',
        'http://[fe80::1]/hooks',
        'http://[fd00::1]/hooks',
        'http://0.0.0.0/hooks',
      ];
      for (const url of refused) {
        const res = await strict.inject({
          method: 'POST',
          url: pathOf(integrationRoutes.createWebhookEndpoint),
          headers: me,
          payload: { url, eventTypes: ['order.placed'] },
        });
        expect(res.statusCode, url).toBe(400);
        expect(errorText(res.json()), url).toMatch(/^url: /);
      }
      // A public address literal is accepted (no DNS needed), and so is loopback where the operator allows it.
      const ok = await strict.inject({
        method: 'POST',
        url: pathOf(integrationRoutes.createWebhookEndpoint),
        headers: me,
        payload: { url: 'https://93.184.215.14/hooks', eventTypes: ['order.placed'] },
      });
      expect(ok.statusCode, ok.body).toBe(201);
      const patch = await strict.inject({
        method: 'PATCH',
        url: pathOf(integrationRoutes.updateWebhookEndpoint, { id: (ok.json() as { id: number }).id }),
        headers: me,
        payload: { url: 'http://127.0.0.1/hooks' },
      });
      expect(patch.statusCode).toBe(400);
      const allowed = await app.inject({
        method: 'POST',
        url: pathOf(integrationRoutes.createWebhookEndpoint),
        headers: me,
        payload: { url: 'http://127.0.0.1:9/hooks', eventTypes: ['order.placed'] },
      });
      expect(allowed.statusCode).toBe(201);
      // Nothing of these is ever sent to: delete them so later events queue nothing for them.
      for (const id of [(ok.json() as { id: number }).id, (allowed.json() as { id: number }).id])
        await app.inject({
          method: 'DELETE',
          url: pathOf(integrationRoutes.deleteWebhookEndpoint, { id }),
          headers: me,
        });
    });
  });

  describe('deliveries', () => {
    it('delivers an event signed per Standard Webhooks, verified by the standardwebhooks package', async () => {
      const receiver = await startReceiver();
      try {
        const ep = await createEndpoint(51, receiver.url);
        const eventId = await record('order.placed', { orderNumber: 'SIGNED-1' });
        await waitFor(() => receiver.received.some((r) => r.headers['webhook-id'] === eventId), 10_000, 'the delivery');
        const got = receiver.received.find((r) => r.headers['webhook-id'] === eventId)!;
        const payload = new Webhook(ep.secret).verify(got.body, got.headers) as Record<string, unknown>;
        expect(payload).toMatchObject({ id: eventId, type: 'order.placed', data: { orderNumber: 'SIGNED-1' } });
        expect(got.headers['content-type']).toBe('application/json');
        // Another secret, or a changed body, does not verify.
        expect(() =>
          new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(got.body, got.headers),
        ).toThrow();
        expect(() => new Webhook(ep.secret).verify(got.body.replace('SIGNED-1', 'SIGNED-2'), got.headers)).toThrow();
        await waitFor(
          async () => (await deliveryRows(eventId, ep.id))[0]?.status === 'delivered',
          5_000,
          'delivered status',
        );
        // Only the endpoint subscribed to the type gets it: a cancelled event is not sent here.
        const other = await record('order.cancelled', { orderNumber: 'SIGNED-1' });
        expect(await deliveryRows(other, ep.id)).toEqual([]);
      } finally {
        await receiver.close();
      }
    });

    it('retries an endpoint that fails several times, with the same webhook-id, until it answers 2xx', async () => {
      const receiver = await startReceiver((n) => (n <= 3 ? 500 : 200));
      try {
        const ep = await createEndpoint(52, receiver.url);
        const eventId = await record('order.placed', { orderNumber: 'RETRY-1' });
        await waitFor(() => receiver.received.length >= 4, 10_000, 'four attempts');
        await waitFor(async () => (await deliveryRows(eventId, ep.id))[0]?.status === 'delivered', 5_000, 'delivered');
        expect(receiver.received.map((r) => r.answered)).toEqual([500, 500, 500, 200]);
        expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([eventId]));
        for (const r of receiver.received) expect(() => new Webhook(ep.secret).verify(r.body, r.headers)).not.toThrow();
        const [row] = await deliveryRows(eventId, ep.id);
        expect(row).toMatchObject({ status: 'delivered', attempts: 4, last_status: 200 });
      } finally {
        await receiver.close();
      }
    });

    it('does not follow a redirect: a 3xx is a failed attempt', async () => {
      const receiver = await startReceiver((n) => (n === 1 ? 302 : 200));
      try {
        const ep = await createEndpoint(53, receiver.url);
        const eventId = await record('order.placed', { orderNumber: 'REDIRECT-1' });
        await waitFor(async () => (await deliveryRows(eventId, ep.id))[0]?.status === 'delivered', 10_000, 'delivered');
        expect(receiver.received.map((r) => r.answered)).toEqual([302, 200]);
        expect((await deliveryRows(eventId, ep.id))[0]).toMatchObject({ attempts: 2 });
      } finally {
        await receiver.close();
      }
    });

    it('disables an endpoint that answers 410 Gone and sends it nothing more', async () => {
      const receiver = await startReceiver(() => 410);
      try {
        const ep = await createEndpoint(54, receiver.url);
        const eventId = await record('order.placed', { orderNumber: 'GONE-1' });
        await waitFor(async () => (await deliveryRows(eventId, ep.id))[0]?.status === 'failed', 10_000, 'failed');
        const got = await app.inject({
          method: 'GET',
          url: pathOf(integrationRoutes.getWebhookEndpoint, { id: ep.id }),
          headers: await asClient(54, 'webhooks:manage'),
        });
        expect(got.json()).toMatchObject({ enabled: false, disabledReason: INTEGRATION_MSG.webhookDisabled.gone });
        const later = await record('order.placed', { orderNumber: 'GONE-2' });
        expect(await deliveryRows(later, ep.id)).toEqual([]);
        await new Promise((r) => setTimeout(r, 200));
        expect(receiver.received).toHaveLength(1);
      } finally {
        await receiver.close();
      }
    });

    it('gives up after the last attempt, and POST /events/{id}/redeliver sends it again with the same id', async () => {
      let failing = true;
      const receiver = await startReceiver(() => (failing ? 503 : 200));
      // This server alone gives up after 3 attempts.
      await app.close();
      app = await eventsTestApp(handle, { WEBHOOKS_ALLOW_PRIVATE: true }, { backoffBaseMs: 10, maxAttempts: 3 });
      try {
        const ep = await createEndpoint(55, receiver.url);
        const eventId = await record('order.placed', { orderNumber: 'REDELIVER-1' });
        await waitFor(async () => (await deliveryRows(eventId, ep.id))[0]?.status === 'failed', 10_000, 'given up');
        expect((await deliveryRows(eventId, ep.id))[0]).toMatchObject({
          status: 'failed',
          attempts: 3,
          last_status: 503,
        });
        failing = false;
        const me = await asClient(55, 'webhooks:manage');
        expect(
          (
            await app.inject({
              method: 'POST',
              url: pathOf(integrationRoutes.redeliverEvent, { id: 'evt_nope' }),
              headers: me,
            })
          ).statusCode,
        ).toBe(404);
        expect(
          (
            await app.inject({
              method: 'POST',
              url: pathOf(integrationRoutes.redeliverEvent, { id: eventId }),
              headers: await asClient(55, 'events:read'),
            })
          ).statusCode,
        ).toBe(403);
        const res = await app.inject({
          method: 'POST',
          url: pathOf(integrationRoutes.redeliverEvent, { id: eventId }),
          headers: me,
        });
        expect(res.statusCode, res.body).toBe(202);
        expect(res.json()).toEqual({ eventId, deliveries: 1 });
        await waitFor(
          async () => (await deliveryRows(eventId, ep.id))[0]?.status === 'delivered',
          10_000,
          'redelivered',
        );
        const last = receiver.received.at(-1)!;
        expect(last.answered).toBe(200);
        expect(last.headers['webhook-id']).toBe(eventId);
        expect(() => new Webhook(ep.secret).verify(last.body, last.headers)).not.toThrow();
        // Another client has no endpoint for it: nothing queued.
        const other = await app.inject({
          method: 'POST',
          url: pathOf(integrationRoutes.redeliverEvent, { id: eventId }),
          headers: await asClient(56, 'webhooks:manage'),
        });
        expect(other.json()).toEqual({ eventId, deliveries: 0 });
      } finally {
        await receiver.close();
        await app.close();
        app = await eventsTestApp(handle, { WEBHOOKS_ALLOW_PRIVATE: true }, { backoffBaseMs: 30, leaseMs: 5_000 });
      }
    });

    it('refuses to send to a private address when the server does not allow them', async () => {
      const receiver = await startReceiver();
      // Saved while allowed (by `app`), then attempted by a server that does not allow them.
      const guarded = await eventsTestApp(handle, { WEBHOOKS_ALLOW_PRIVATE: false }, { backoffBaseMs: 60_000 });
      await app.close();
      try {
        const ep = await createEndpointDirect(57, receiver.url);
        const eventId = await record('order.placed', { orderNumber: 'PRIVATE-1' });
        await waitFor(async () => ((await deliveryRows(eventId, ep.id))[0]?.attempts ?? 0) >= 1, 10_000, 'an attempt');
        const [row] = await deliveryRows(eventId, ep.id);
        expect(row).toMatchObject({ status: 'pending', last_status: null });
        expect(row?.last_error).toContain(INTEGRATION_MSG.webhookUrl.privateAddress('127.0.0.1'));
        expect(receiver.received).toHaveLength(0);
      } finally {
        await guarded.close();
        await receiver.close();
        app = await eventsTestApp(handle, { WEBHOOKS_ALLOW_PRIVATE: true }, { backoffBaseMs: 30, leaseMs: 5_000 });
      }
    });
  });

  /** An endpoint row written as an allowing server would have saved it. */
  async function createEndpointDirect(client: number, url: string) {
    const tmp = await eventsTestApp(handle, { WEBHOOKS_ALLOW_PRIVATE: true, WEBHOOK_DELIVERY: false });
    try {
      const res = await tmp.inject({
        method: 'POST',
        url: pathOf(integrationRoutes.createWebhookEndpoint),
        headers: await asClient(client, 'webhooks:manage'),
        payload: { url, eventTypes: ['order.placed'] },
      });
      expect(res.statusCode).toBe(201);
      return createWebhookEndpointResponse.parse(res.json());
    } finally {
      await tmp.close();
    }
  }
});
