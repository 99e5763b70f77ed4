import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pathOf, routes } from '@wholesale/contract';
import { buildApp } from '../app.js';
import { testEngines } from '../db/testing.js';
import type { DbHandle } from '../db/client.js';
import { testConfig } from '../test/app.js';
import { createMetrics, portOf, serveMetrics } from './metrics.js';

describe.each(testEngines())('Prometheus metrics on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    handle = await engine.open();
    const metrics = createMetrics(handle);
    app = await buildApp({ config: testConfig(), handle, metrics });
    await app.ready();
    server = await serveMetrics(metrics, 0, '127.0.0.1');
    url = `http://127.0.0.1:${portOf(server)}/metrics`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await app?.close();
    await handle?.close();
  });

  it('counts and times requests by route pattern and status, on its own port only', async () => {
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: pathOf(routes.getLiveness) });
    await app.inject({ method: 'GET', url: pathOf(routes.trackOrder, { orderNumber: '123' }) });
    // eslint-disable-next-line no-restricted-syntax -- a path that is no route, counted as unmatched
    await app.inject({ method: 'GET', url: '/api/nothing-here' });

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    // The route label is the contract's path pattern.
    const live = routes.getLiveness.path;
    expect(text).toContain(`portal_http_requests_total{method="GET",route="${live}",status="200"} 3`);
    expect(text).toContain(`portal_http_requests_total{method="GET",route="${routes.trackOrder.path}",status="401"} 1`);
    expect(text).toContain('portal_http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(text).toContain(
      `portal_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="${live}",status="200"} 3`,
    );
    expect(text).toMatch(/^portal_nodejs_eventloop_lag_p99_seconds \d/m);

    // Never on the customers' port.
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await fetch(url.replace('/metrics', '/other'))).status).toBe(404);
  });

  it.runIf(engine.name === 'postgres')('reports the pool, its waits and the change feed', async () => {
    await handle.changes?.caughtUp();
    await app.inject({ method: 'GET', url: pathOf(routes.getReadiness) });
    const text = await (await fetch(url)).text();
    expect(text).toMatch(/^portal_db_pool_connections\{state="idle"\} \d+/m);
    expect(text).toMatch(/^portal_db_pool_connections\{state="waiting"\} 0/m);
    expect(text).toMatch(/^portal_db_pool_acquire_seconds_count [1-9]\d*/m);
    expect(text).toMatch(/^portal_change_feed_live 1/m);
    const lag = /^portal_change_feed_lag_seconds ([\d.e-]+)/m.exec(text);
    expect(Number(lag?.[1])).toBeGreaterThanOrEqual(0);
  });
});
