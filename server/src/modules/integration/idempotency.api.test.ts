import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  INTEGRATION_MSG,
  INTEGRATION_PREFIX,
  createWebhookEndpointResponse,
  integrationRoutes,
  pathOf,
  problemDetails,
  replayedWebhookEndpointResponse,
} from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { asClient, eventsTestApp } from '../events/events.test-support.js';
import { MAX_ENDPOINTS_PER_CLIENT } from '../events/webhooks.service.js';
import { composeStore } from '../../compose.js';
import { periodic } from '../periodic/periodic.js';
import { IDEMPOTENCY_KEY_HOURS } from './idempotency.js';

/** Idempotency-Key under concurrency, what a replay keeps, its purge, and POSTs to no route. */
describe.each(testEngines())('Idempotency-Key on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await engine.open();
    app = await eventsTestApp(handle, { WEBHOOKS_ALLOW_PRIVATE: true, WEBHOOK_DELIVERY: false });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const create = async (client: number, n: number, idem?: string) =>
    app.inject({
      method: 'POST',
      url: pathOf(integrationRoutes.createWebhookEndpoint),
      headers: { ...(await asClient(client, 'webhooks:manage')), ...(idem ? { 'idempotency-key': idem } : {}) },
      payload: { url: `http://127.0.0.1:9/hook-${n}`, eventTypes: ['order.placed'] },
    });
  const endpointsOf = async (client: number) =>
    (
      await app.inject({
        method: 'GET',
        url: pathOf(integrationRoutes.listWebhookEndpoints),
        headers: await asClient(client, 'webhooks:manage'),
      })
    ).json<{ endpoints: unknown[] }>().endpoints;

  it('10 parallel creates with one key make exactly one endpoint; the others replay its answer or get 409', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(1, 1, 'same-key')));
    expect(await endpointsOf(1)).toHaveLength(1);
    const created = answers.filter((a) => a.statusCode === 201);
    const ids = new Set(created.map((a) => a.json<{ id: number }>().id));
    expect(ids.size).toBe(1);
    expect(created.filter((a) => a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode).toBe(409);
      expect(problemDetails.parse(a.json()).detail).toBe(INTEGRATION_MSG.idempotencyInProgress);
    }
  });

  it('40 parallel creates without keys stop at the cap of 20', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => create(2, i)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(MAX_ENDPOINTS_PER_CLIENT);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(40 - MAX_ENDPOINTS_PER_CLIENT);
    expect(await endpointsOf(2)).toHaveLength(MAX_ENDPOINTS_PER_CLIENT);
  });

  it('stores no signing secret for a replay: the replay says it was shown once', async () => {
    const first = await create(3, 1, 'secret-key');
    expect(first.statusCode).toBe(201);
    const { secret, id } = createWebhookEndpointResponse.parse(first.json());
    expect(secret).toMatch(/^whsec_/);
    const stored = await handle.db.selectFrom('integration_idempotency').select('body').execute();
    for (const row of stored) expect(row.body).not.toContain(secret.slice(6));
    const replay = await create(3, 1, 'secret-key');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const again = replayedWebhookEndpointResponse.parse(replay.json());
    expect(again.id).toBe(id);
    expect(replay.json()).not.toHaveProperty('secret');
    expect(again.secretNote).toBe(INTEGRATION_MSG.secretShownOnce);
    expect(replay.body).not.toContain(secret.slice(6));
  });

  it('purges keys older than 24 hours through the housekeeping lease; a purged key runs as new', async () => {
    const fresh = await create(4, 1, 'old-key');
    expect(fresh.statusCode).toBe(201);
    const count = async () =>
      (await handle.db.selectFrom('integration_idempotency').select('key').where('key', '=', 'old-key').execute())
        .length;
    const jobs = periodic(
      composeStore(handle.db).internal.repos.leases.base,
      composeStore(handle.db).housekeepingJobs(),
    );
    const now = Date.now();
    expect(await jobs.tick(new Date(now + (IDEMPOTENCY_KEY_HOURS - 1) * 3_600_000))).toContain('old-idempotency-keys');
    expect(await count()).toBe(1);
    await jobs.stop();
    const later = periodic(
      composeStore(handle.db).internal.repos.leases.base,
      composeStore(handle.db).housekeepingJobs(),
    );
    expect(await later.tick(new Date(now + (IDEMPOTENCY_KEY_HOURS + 1) * 3_600_000))).toContain('old-idempotency-keys');
    await later.stop();
    expect(await count()).toBe(0);
  });

  it('answers a POST to no route with a 404 problem, with or without an Idempotency-Key', async () => {
    const headers = await asClient(5, 'webhooks:manage');
    for (const extra of [{}, { 'idempotency-key': 'k-404' }]) {
      for (const url of [`${INTEGRATION_PREFIX}/nothing-here`, `${INTEGRATION_PREFIX}/webhook-endpoints/1/nope`]) {
        const res = await app.inject({ method: 'POST', url, headers: { ...headers, ...extra }, payload: { a: 1 } });
        expect(res.statusCode, res.body).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(problemDetails.parse(res.json()).detail).toBe(INTEGRATION_MSG.noRoute('POST', url));
      }
      // Without a key at all, too.
      const bare = await app.inject({
        method: 'POST',
        url: `${INTEGRATION_PREFIX}/nothing-here`,
        headers: extra,
        payload: {},
      });
      expect(bare.statusCode, bare.body).toBe(404);
    }
  });
});
