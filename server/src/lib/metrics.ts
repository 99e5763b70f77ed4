import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../db/client.js';

/**
 * Metrics for operators in Prometheus's text format (prom-client): requests by route and status with
 * their latency, the PostgreSQL pool's use and waits, the change feed's lag, and Node's own
 * (event-loop delay, heap, GC). Served on a port of its own (METRICS_PORT, off by default; main.ts),
 * never on the customers' port.
 */
export interface Metrics {
  registry: Registry;
  /** Counts and times every request of `app`. */
  instrument(app: FastifyInstance): void;
}

/** Seconds; from a cached page (under a millisecond) to a slow PDF. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(handle: DbHandle): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer, by method, route pattern and status',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  const pool = handle.pool;
  if (pool) {
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL pool connections by state (in use, idle) and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = pool.stats();
        this.set({ state: 'in_use' }, s.total - s.idle);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
    const waits = new Histogram({
      name: 'portal_db_pool_acquire_seconds',
      help: 'Time a query waited for a pooled PostgreSQL connection',
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
      registers: [registry],
    });
    pool.onAcquire((ms) => waits.observe(ms / 1000));
  }

  const feed = handle.engine === 'postgres' ? handle.changes : undefined;
  if (feed) {
    new Gauge({
      name: 'portal_change_feed_live',
      help: '1 while the change feed listens (PostgreSQL LISTEN): pages kept in memory are correct',
      registers: [registry],
      collect() {
        this.set(feed.live ? 1 : 0);
      },
    });
    new Gauge({
      name: 'portal_change_feed_lag_seconds',
      help: 'Time for a notification sent now to come back through the change feed (-1: none within 2 s)',
      registers: [registry],
      async collect() {
        if (!feed.live) return this.set(-1);
        const started = performance.now();
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), 2_000)));
        const got = await Promise.race([feed.caughtUp(), late]).finally(() => clearTimeout(timer));
        this.set(got === 'late' ? -1 : (performance.now() - started) / 1000);
      },
    });
  }

  return {
    registry,
    instrument(app) {
      app.addHook('onResponse', async (req, reply) => {
        const labels = {
          method: req.method,
          route: req.routeOptions.url ?? 'unmatched',
          status: String(reply.statusCode),
        };
        requests.inc(labels);
        latency.observe(labels, reply.elapsedTime / 1000);
      });
    },
  };
}

/** Serves GET /metrics on its own port; resolves with the server once it listens. */
export async function serveMetrics(metrics: Metrics, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (err: unknown) =>
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${(err as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

export const portOf = (server: http.Server) => (server.address() as AddressInfo).port;
