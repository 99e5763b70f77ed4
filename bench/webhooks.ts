/**
 * Webhook delivery latency: from an event's commit to its arrival at a local receiver, with the
 * dispatcher as a server runs it (WEBHOOK_POLL_MS 250, woken 25 ms after an event is recorded).
 * Baseline: the same signed body POSTed straight to the same receiver (the transport floor).
 * Target: p99 under 1 s. SQLite always; PostgreSQL when TEST_DATABASE_URL is set.
 *
 * Phase "beside 17 hanging endpoints": the same healthy endpoint while 17 other
 * endpoints (other clients) subscribed to the same events never answer (each attempt runs into the
 * 10 s timeout). Target: the healthy endpoint's p99 still under 1 s.
 *
 *   npm run bench:webhooks -- --events=200
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { testEngines } from '../server/src/db/testing.js';
import { recordEvent } from '../server/src/modules/events/outbox.js';
import { secretBox } from '../server/src/lib/secret-box.js';
import { webhookDispatcher } from '../server/src/modules/events/webhook-dispatcher.js';
import { postWebhook } from '../server/src/modules/events/webhook-sender.js';
import { webhooksService } from '../server/src/modules/events/webhooks.service.js';
import { arg, loadLine, percentile, writeOutput } from './lib.js';
import { composeStore } from '../server/src/compose.js';

const EVENTS = arg('events', 200);
const box = secretBox('bench-payment-secret-bench-payment-secret-0');

const arrived = new Map<string, number>();
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    arrived.set(String(req.headers['webhook-id']), performance.now());
    res.end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
/** A receiver that reads each request and never answers. */
const HANGING = arg('hanging', 17);
const hung = new Set<http.ServerResponse>();
const hanging = http.createServer((req, res) => {
  req.resume();
  hung.add(res);
});
await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
const hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hang`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p90: percentile(s, 90), p99: percentile(s, 99), max: s.at(-1) ?? NaN };
};
const fmt = (x: { p50: number; p90: number; p99: number; max: number }) =>
  `p50 ${x.p50.toFixed(1)} ms  p90 ${x.p90.toFixed(1)} ms  p99 ${x.p99.toFixed(1)} ms  max ${x.max.toFixed(1)} ms`;

console.log(loadLine());
const results: Record<string, unknown> = {};
for (const engine of testEngines()) {
  const handle = await engine.open();
  try {
    await webhooksService(composeStore(handle.db).internal.repos.events, {
      box,
      allowPrivate: true,
    }).createWebhookEndpoint(
      { clientId: 1 },
      {
        url,
        eventTypes: ['order.placed'],
        enabled: true,
      },
    );
    // Baseline: a bare POST of a body of the same size to the same receiver.
    const bare: number[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const id = `bare_${engine.name}_${i}`;
      const t0 = performance.now();
      await postWebhook(url, { 'webhook-id': id }, JSON.stringify({ id, data: { orderNumber: `SO-${i}` } }), {
        timeoutMs: 5_000,
        allowPrivate: true,
      });
      bare.push(arrived.get(id)! - t0);
    }

    /** Records EVENTS events with a running dispatcher; each one's commit to the healthy receiver. */
    async function deliver(tag: string) {
      const dispatcher = webhookDispatcher(composeStore(handle.db).internal.repos.events, {
        box,
        timeoutMs: 10_000,
        allowPrivate: true,
        pollMs: 250,
      });
      dispatcher.start();
      const committed = new Map<string, number>();
      for (let i = 0; i < EVENTS; i++) {
        const id = await handle.db
          .transaction()
          .execute((trx) => recordEvent(trx, 'order.placed', null, { orderNumber: `SO-${tag}-${i}` }));
        committed.set(id, performance.now());
        await sleep(Math.random() * 60); // arrivals spread over the poll interval
      }
      const deadline = Date.now() + 30_000;
      while ([...committed.keys()].some((id) => !arrived.has(id)) && Date.now() < deadline) await sleep(20);
      // The hanging endpoints' attempts end now rather than at their timeout.
      for (const res of hung) res.destroy();
      hung.clear();
      await dispatcher.stop();
      const lost = [...committed.keys()].filter((id) => !arrived.has(id)).length;
      const latency = [...committed].flatMap(([id, t]) => (arrived.has(id) ? [arrived.get(id)! - t] : []));
      return { lost, w: summary(latency) };
    }
    const b = summary(bare);
    const { lost, w } = await deliver('quiet');
    console.log(`\n${engine.name}: ${EVENTS} events, ${lost} not delivered within 30 s`);
    console.log(`  bare POST           ${fmt(b)}`);
    console.log(
      `  commit -> receiver  ${fmt(w)}   (p99 ${(w.p99 / b.p99).toFixed(1)}x bare; target p99 < 1000 ms: ${w.p99 < 1000 ? 'met' : 'NOT MET'})`,
    );

    // Phase 2: the same endpoint beside HANGING endpoints of other clients that never answer.
    const webhooks = webhooksService(composeStore(handle.db).internal.repos.events, { box, allowPrivate: true });
    for (let i = 0; i < HANGING; i++)
      await webhooks.createWebhookEndpoint(
        { clientId: 100 + i },
        { url: `${hangingUrl}/${i}`, eventTypes: ['order.placed'], enabled: true },
      );
    const crowded = await deliver('crowded');
    const c = crowded.w;
    console.log(`  beside ${HANGING} hanging endpoints: ${crowded.lost} not delivered within 30 s`);
    console.log(
      `  commit -> receiver  ${fmt(c)}   (p99 ${(c.p99 / b.p99).toFixed(1)}x bare; target p99 < 1000 ms: ${c.p99 < 1000 ? 'met' : 'NOT MET'})`,
    );
    results[engine.name] = {
      events: EVENTS,
      lost,
      bare: b,
      delivery: w,
      besideHanging: { endpoints: HANGING, lost: crowded.lost, delivery: c },
    };
  } finally {
    await handle.close();
  }
}
receiver.close();
hanging.closeAllConnections();
hanging.close();
writeOutput('webhooks.json', results);
