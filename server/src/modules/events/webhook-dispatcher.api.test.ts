import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { recordEvent } from './outbox.js';
import { secretBox } from '../../lib/secret-box.js';
import { webhookDispatcher, type WebhookDispatcher } from './webhook-dispatcher.js';
import { webhooksService } from './webhooks.service.js';
import { startReceiver, waitFor } from './events.test-support.js';
import { composeStore } from '../../compose.js';

const SECRET = 'test-payment-secret-test-payment-secret-01';
const box = secretBox(SECRET);
const CHILD = path.join(import.meta.dirname, 'webhook-dispatcher.child.ts');

/** Where the child finds this test's database. */
function childDatabaseEnv(handle: DbHandle): Record<string, string> {
  if (handle.engine === 'sqlite') return { CHILD_SQLITE_FILE: handle.describe.replace(/^sqlite /, '') };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = handle.describe.slice(handle.describe.indexOf('/'));
  return { CHILD_DATABASE_URL: url.toString() };
}

describe.each(testEngines())('webhook deliveries across servers on $name', (engine) => {
  let handle: DbHandle;
  const dispatchers: WebhookDispatcher[] = [];
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    handle = await engine.open();
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    for (const d of dispatchers) await d.stop();
    await handle?.close();
  });

  const dispatcher = (leaseMs: number) => {
    const d = webhookDispatcher(composeStore(handle.db).internal.repos.events, {
      box,
      timeoutMs: 5_000,
      allowPrivate: true,
      pollMs: 30,
      leaseMs,
      backoffBaseMs: 20,
    });
    dispatchers.push(d);
    return d;
  };

  async function endpointFor(clientId: number, url: string) {
    const svc = webhooksService(composeStore(handle.db).internal.repos.events, { box, allowPrivate: true });
    return svc.createWebhookEndpoint({ clientId }, { url, eventTypes: ['order.placed'], enabled: true });
  }

  const recordMany = async (n: number, tag: string) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++)
      ids.push(
        await handle.db
          .transaction()
          .execute((trx) => recordEvent(trx, 'order.placed', null, { orderNumber: `${tag}-${i}` })),
      );
    return ids;
  };

  const deliveredCount = async (endpointId: number) =>
    (
      await handle.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('endpoint_id', '=', endpointId)
        .where('status', '=', 'delivered')
        .execute()
    ).length;

  it('with three servers polling one database, sends each event once', async () => {
    const receiver = await startReceiver();
    try {
      const ep = await endpointFor(1, receiver.url);
      const ids = await recordMany(30, 'MULTI');
      const three = [dispatcher(10_000), dispatcher(10_000), dispatcher(10_000)];
      for (const d of three) d.start();
      await waitFor(async () => (await deliveredCount(ep.id)) === 30, 20_000, 'all 30 delivered');
      for (const d of three) await d.stop();
      const got = receiver.received.map((r) => r.headers['webhook-id']);
      expect(got.sort()).toEqual([...ids].sort());
      await handle.db.deleteFrom('webhook_endpoints').where('id', '=', ep.id).execute();
    } finally {
      await receiver.close();
    }
  });

  it('an endpoint that hangs does not hold up deliveries to another', async () => {
    const slow = await startReceiver(() => null);
    const fast = await startReceiver();
    try {
      const slowEp = await endpointFor(3, slow.url);
      const fastEp = await endpointFor(4, fast.url);
      const ids = await recordMany(3, 'SLOW');
      const d = webhookDispatcher(composeStore(handle.db).internal.repos.events, {
        box,
        timeoutMs: 20_000,
        allowPrivate: true,
        pollMs: 30,
        batch: 4,
      });
      d.start();
      await waitFor(() => fast.received.length === 3, 5_000, 'the fast endpoint to get all three');
      expect(fast.received.map((r) => r.headers['webhook-id']).sort()).toEqual([...ids].sort());
      expect(slow.received.length).toBeGreaterThan(0);
      await slow.close();
      await d.stop();
      for (const ep of [slowEp, fastEp])
        await handle.db.deleteFrom('webhook_endpoints').where('id', '=', ep.id).execute();
    } finally {
      await slow.close();
      await fast.close();
    }
  });

  it('a server killed with deliveries in flight: after restart every event arrives, none twice with a new id', async () => {
    let hang = true;
    const receiver = await startReceiver(() => (hang ? null : 200));
    try {
      const ep = await endpointFor(2, receiver.url);
      const ids = await recordMany(20, 'KILL');

      // Server A takes leases and sends; the receiver holds every request open; A is killed mid-flight.
      child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
        env: { ...process.env, ...childDatabaseEnv(handle), CHILD_SECRET: SECRET, CHILD_LEASE_MS: '1500' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await waitFor(() => receiver.received.length >= 1, 30_000, 'server A to send');
      const leased = await handle.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('endpoint_id', '=', ep.id)
        .where('lease_holder', 'is not', null)
        .execute();
      expect(leased.length).toBeGreaterThan(0);
      child.kill('SIGKILL');
      await new Promise((resolve) => child!.once('exit', resolve));
      child = undefined;
      const inFlight = new Set(receiver.received.map((r) => r.headers['webhook-id']));
      expect(await deliveredCount(ep.id)).toBe(0);

      // Server B starts on the same database; the receiver now answers.
      hang = false;
      dispatcher(1_500).start();
      await waitFor(async () => (await deliveredCount(ep.id)) === 20, 30_000, 'all 20 delivered after restart');

      const acknowledged = receiver.received.filter((r) => r.answered === 200);
      const ackIds = acknowledged.map((r) => r.headers['webhook-id']!);
      // Every event arrived and was acknowledged exactly once, under its own id.
      expect([...ackIds].sort()).toEqual([...ids].sort());
      // Nothing arrived under an id that is not one of the events (a resend reuses the id).
      expect(receiver.received.every((r) => ids.includes(r.headers['webhook-id']!))).toBe(true);
      // The ones A had in flight arrived again, with the same id.
      for (const id of inFlight) expect(ackIds).toContain(id);
      for (const r of acknowledged) expect(() => new Webhook(ep.secret).verify(r.body, r.headers)).not.toThrow();
    } finally {
      await receiver.close();
    }
  });
});
