import { loadConfig, ConfigError, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApp } from './app.js';

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

  const handle = openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    acquireTimeoutMs: config.DB_ACQUIRE_TIMEOUT_MS,
    lockTimeoutMs: config.DB_LOCK_TIMEOUT_MS,
  });
  await migrateToLatest(handle);
  if (config.SEED_ON_EMPTY) {
    const { isEmpty, seedDemo } = await import('./db/seed/index.js');
    if (await isEmpty(handle)) {
      const started = Date.now();
      console.log('wholesale-portal: empty database, creating demo data...');
      await seedDemo(handle);
      console.log(`wholesale-portal: demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  }

  const app = await buildApp({ config, handle });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  console.log(`wholesale-portal: serving http://${shown}:${config.PORT} (${handle.describe})`);
}

main().catch((err: unknown) => {
  console.error('wholesale-portal: failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
