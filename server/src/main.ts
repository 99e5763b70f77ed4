import type { FastifyInstance } from 'fastify';
import { loadConfig, ConfigError, type Config } from './config.js';
import { openDatabase, type DbHandle } from './db/client.js';
import { prepareDatabase } from './db/migrate.js';
import { buildServer } from './app.js';
import { Lifecycle } from './lib/lifecycle.js';
import { createMetrics, serveMetrics } from './lib/metrics.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`wholesale-portal: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  const lifecycle = new Lifecycle();
  /** What is running so far, for a signal that comes while starting. */
  const running: { handle?: DbHandle; app?: FastifyInstance } = {};
  const stops: (() => Promise<void>)[] = [];

  /**
   * SIGTERM/SIGINT: turn not-ready (/api/health/ready answers 503; answers close their connection;
   * reads answer 503 so that nginx retries them elsewhere and leaves this server out: app.ts), keep
   * the port open SHUTDOWN_DELAY_MS for the load balancer to notice, then refuse new
   * connections and let the requests in flight finish (at most SHUTDOWN_GRACE_MS, then their
   * connections are cut), stop background work, close Redis, LISTEN and the pool, exit 0.
   * A second signal cuts the wait short.
   */
  let draining = false;
  const shutdown = async (signal: string) => {
    if (draining) {
      console.warn(`wholesale-portal: ${signal} again: closing the connections still open`);
      running.app?.server.closeAllConnections();
      return;
    }
    draining = true;
    lifecycle.drain();
    const started = Date.now();
    console.log(`wholesale-portal: ${signal}: draining`);
    try {
      const { app, handle } = running;
      if (app) {
        if (config.SHUTDOWN_DELAY_MS) await sleep(config.SHUTDOWN_DELAY_MS);
        const cut = setTimeout(() => {
          console.warn(`wholesale-portal: requests still running after ${config.SHUTDOWN_GRACE_MS} ms: cutting them`);
          app.server.closeAllConnections();
        }, config.SHUTDOWN_GRACE_MS);
        await app.close();
        clearTimeout(cut);
      }
      for (const stop of stops) await stop();
      await handle?.close();
      console.log(`wholesale-portal: stopped in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      process.exit(0);
    } catch (err) {
      console.error('wholesale-portal: error while stopping:', err instanceof Error ? err.message : err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const handle = (running.handle = openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    acquireTimeoutMs: config.DB_ACQUIRE_TIMEOUT_MS,
    lockTimeoutMs: config.DB_LOCK_TIMEOUT_MS,
  }));
  const db = handle;
  // Migrations and the first seeding under one lock: servers started together do them once.
  const { migrated } = await prepareDatabase(
    db,
    config.SEED_ON_EMPTY
      ? {
          isEmpty: async () => (await import('./db/maintenance.js')).isEmpty(db),
          fill: async () => {
            const { seedDemo } = await import('./seed/index.js');
            const started = Date.now();
            console.log('wholesale-portal: empty database, creating demo data...');
            await seedDemo(db);
            console.log(`wholesale-portal: demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
          },
        }
      : undefined,
  );
  if (migrated.length) console.log(`wholesale-portal: migrated ${migrated.join(', ')}`);
  if (draining) return;

  const metrics = config.METRICS_PORT ? createMetrics(handle) : undefined;
  const { app, composed } = await buildServer({ config, handle, lifecycle, metrics });
  running.app = app;
  if (metrics && config.METRICS_PORT) {
    const metricsServer = await serveMetrics(metrics, config.METRICS_PORT, config.METRICS_HOST);
    // Closed after the requests in flight have finished: a scrape while draining still answers.
    stops.push(() => new Promise((resolve) => metricsServer.close(() => resolve())));
    console.log(`wholesale-portal: metrics at http://${config.METRICS_HOST}:${config.METRICS_PORT}/metrics`);
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  if (draining) return;
  lifecycle.ready();
  // Periodic work, once per tick across all servers (a lease each; modules/periodic/), built by compose.ts.
  const background = composed.periodic;
  background.start();
  stops.push(() => background.stop());
  const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  console.log(`wholesale-portal: serving http://${shown}:${config.PORT} (${handle.describe})`);
}

main().catch((err: unknown) => {
  console.error('wholesale-portal: failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
