import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  INTEGRATION_MSG,
  createWebhookEndpointResponse,
  integrationRoutes,
  listEventsResponse,
  pathOf,
} from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { webhookDelete, webhookDisable, webhookList } from '../../cli/admin-commands.js';
import { UsageError } from '../../cli/db.js';
import { parseAdminArgs } from '../../cli/admin.js';
import { recordEvent } from './outbox.js';
import { asClient, eventsTestApp, startReceiver, waitFor } from './events.test-support.js';
import { FAILING_DISABLE_DAYS } from './webhook-dispatcher.js';
import { composeStore } from '../../compose.js';

const DAY = 86_400_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Revocation, per-endpoint isolation and disabling of failing endpoints. */
describe.each(testEngines())('webhook endpoints that fail, hang or lose their client on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance | undefined;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    handle = await engine.open();
  });
  afterEach(async () => {
    // Receivers first: a hung answer ends, so the app's close need not wait out the timeout.
    for (const close of closers.splice(0)) await close();
    await app?.close();
    app = undefined;
    // Each test starts with no endpoints: nothing of one test's is attempted in the next.
    const ops = composeStore(handle.db).webhookOperator;
    for (const e of await ops.list()) await ops.delete(e.id);
  });
  afterAll(async () => {
    await handle?.close();
  });

  const start = async (tuning: Parameters<typeof eventsTestApp>[2] = {}) => {
    app = await eventsTestApp(handle, { WEBHOOKS_ALLOW_PRIVATE: true }, { backoffBaseMs: 100, ...tuning });
    return app;
  };
  const receiver = async (answer: Parameters<typeof startReceiver>[0]) => {
    const r = await startReceiver(answer);
    closers.push(r.close);
    return r;
  };
  const createEndpoint = async (client: number, url: string, eventTypes = ['order.placed']) => {
    const res = await app!.inject({
      method: 'POST',
      url: pathOf(integrationRoutes.createWebhookEndpoint),
      headers: await asClient(client, 'webhooks:manage', 'events:read'),
      payload: { url, eventTypes },
    });
    expect(res.statusCode, res.body).toBe(201);
    return createWebhookEndpointResponse.parse(res.json());
  };
  const record = (tag: string) =>
    handle.db.transaction().execute((trx) => recordEvent(trx, 'order.placed', null, { orderNumber: tag }));
  const endpointRow = (id: number) =>
    handle.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('revoking a client disables its endpoints at once: nothing more arrives, queued retries included', async () => {
    await start();
    const failing = await receiver(() => 503);
    const other = await receiver(() => 200);
    const ep = await createEndpoint(1, failing.url);
    const otherEp = await createEndpoint(2, other.url);
    await record('REVOKE-1');
    await waitFor(() => failing.received.length >= 2, 5_000, 'retries to the failing endpoint');
    const name = 'test-1-webhooks.manage-events.read';
    expect(await composeStore(handle.db).apiKeys.revoke({ name })).toMatch(/webhook endpoints/);
    const atRevoke = failing.received.length;
    await record('REVOKE-2');
    await waitFor(() => other.received.length >= 2, 5_000, "the other client's endpoint to get both");
    await sleep(800); // several retry periods (100 ms, 300 ms)
    expect(failing.received.length).toBe(atRevoke);
    expect(await endpointRow(ep.id)).toMatchObject({
      enabled: 0,
      disabled_reason: INTEGRATION_MSG.webhookDisabled.clientRevoked,
    });
    expect((await endpointRow(otherEp.id)).enabled).toBe(1);
  });

  it('the admin CLI lists, disables and deletes any client’s endpoints', async () => {
    expect(parseAdminArgs(['webhook', 'disable', '--id', '3'])).toMatchObject({
      command: 'webhook disable',
      values: { id: '3' },
    });
    expect(parseAdminArgs(['webhook', 'list', '--client', 'Sage'])).toMatchObject({ command: 'webhook list' });
    await start();
    const slow = await receiver(() => 503);
    const a = await createEndpoint(3, slow.url);
    const b = await createEndpoint(4, 'http://127.0.0.1:9/b');
    const listed = await webhookList(handle.db, {});
    expect(listed).toContain(`${a.id}  test-3-webhooks.manage-events.read  ${slow.url}  [order.placed]  enabled`);
    expect(listed).toContain(`${b.id}  test-4-webhooks.manage-events.read`);
    expect(await webhookList(handle.db, { client: 'test-4-webhooks.manage-events.read' })).not.toContain(slow.url);
    await record('CLI-1');
    await waitFor(() => slow.received.length >= 1, 5_000, 'a first attempt');
    expect(await webhookDisable(handle.db, { id: String(a.id) })).toMatch(/^Disabled webhook endpoint/);
    const atDisable = slow.received.length;
    await sleep(600);
    expect(slow.received.length).toBe(atDisable);
    expect(await webhookList(handle.db, {})).toContain(
      `disabled (${INTEGRATION_MSG.webhookDisabled.byOperator})  1 pending`,
    );
    expect(await webhookDelete(handle.db, { id: String(b.id) })).toMatch(/^Deleted webhook endpoint/);
    expect(await webhookList(handle.db, {})).not.toContain('127.0.0.1:9/b');
    await expect(webhookDelete(handle.db, { id: String(b.id) })).rejects.toThrow(UsageError);
    await expect(webhookDisable(handle.db, { id: '0x1' })).rejects.toThrow(UsageError);
    // Revoking a client's last key leaves the client and its endpoints; the CLI says so.
    const keys = composeStore(handle.db).apiKeys;
    const last = await keys.createClient('last-key', 'webhooks:manage');
    expect(await keys.revoke({ keyId: last.keyId })).toMatch(
      /no live key left, but its webhook endpoints still receive/,
    );
  });

  it('sends at most two attempts at once to one endpoint', async () => {
    await start();
    const hung = await receiver(() => null);
    await createEndpoint(5, hung.url);
    for (let i = 0; i < 6; i++) await record(`HUNG-${i}`);
    await waitFor(() => hung.received.length >= 2, 5_000, 'two attempts in flight');
    await sleep(700);
    expect(hung.received.length).toBe(2);
  });

  it('17 hanging endpoints beside a healthy one: the healthy one gets every event at once', async () => {
    await start();
    const hung = await receiver(() => null);
    const healthy = await receiver(() => 200);
    for (let i = 0; i < 17; i++) await createEndpoint(6, `${hung.url}/${i}`);
    await createEndpoint(7, healthy.url);
    for (let i = 0; i < 5; i++) await record(`CROWD-${i}`);
    await waitFor(() => healthy.received.length === 5, 4_000, 'the healthy endpoint to get all five');
  });

  it('disables an endpoint failing for 3 days, with a reason and an event its client alone sees; a redeliver keeps the history', async () => {
    let offset = 0;
    await start({ now: () => new Date(Date.now() + offset) });
    const broken = await receiver(() => 500);
    const ep = await createEndpoint(8, broken.url);
    const watcher = await createEndpoint(8, 'http://127.0.0.1:9/watch', ['webhook_endpoint.disabled']);
    const eventId = await record('FAIL-1');
    await waitFor(async () => (await endpointRow(ep.id)).failing_since !== null, 5_000, 'a failed attempt');
    const since = (await endpointRow(ep.id)).failing_since!;

    offset = DAY;
    const redeliver = await app!.inject({
      method: 'POST',
      url: pathOf(integrationRoutes.redeliverEvent, { id: eventId }),
      headers: await asClient(8, 'webhooks:manage', 'events:read'),
    });
    expect(redeliver.statusCode, redeliver.body).toBe(202);
    await waitFor(() => broken.received.length >= 3, 5_000, 'the redelivered attempt');
    expect((await endpointRow(ep.id)).failing_since).toBe(since);
    expect((await endpointRow(ep.id)).enabled).toBe(1);

    offset = FAILING_DISABLE_DAYS * DAY + 60_000;
    await record('FAIL-2');
    await waitFor(async () => (await endpointRow(ep.id)).enabled === 0, 5_000, 'the endpoint disabled');
    expect((await endpointRow(ep.id)).disabled_reason).toBe(
      INTEGRATION_MSG.webhookDisabled.failing(FAILING_DISABLE_DAYS, since),
    );
    const feed = async (client: number) => {
      const res = await app!.inject({
        method: 'GET',
        url: `${pathOf(integrationRoutes.listEvents)}?limit=500`,
        headers: await asClient(client, 'webhooks:manage', 'events:read'),
      });
      return listEventsResponse.parse(res.json()).events.filter((e) => e.type === 'webhook_endpoint.disabled');
    };
    const mine = await feed(8);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.data).toMatchObject({ endpointId: ep.id, failingSince: since, trigger: 'automatic' });
    expect(await feed(9)).toHaveLength(0);
    // Queued for the client's own subscribed endpoint only.
    const queued = await handle.db
      .selectFrom('webhook_deliveries')
      .innerJoin('outbox_events', 'outbox_events.seq', 'webhook_deliveries.event_seq')
      .select('webhook_deliveries.endpoint_id')
      .where('outbox_events.type', '=', 'webhook_endpoint.disabled')
      .execute();
    expect(queued.map((q) => q.endpoint_id)).toEqual([watcher.id]);
    // Enabled again by its client: its failure clock starts afresh.
    const enable = await app!.inject({
      method: 'PATCH',
      url: pathOf(integrationRoutes.updateWebhookEndpoint, { id: ep.id }),
      headers: await asClient(8, 'webhooks:manage', 'events:read'),
      payload: { enabled: true },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    expect(await endpointRow(ep.id)).toMatchObject({ enabled: 1, disabled_reason: null, failing_since: null });
  });
});
