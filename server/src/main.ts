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

  const handle = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
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

  let redis: import('ioredis').Redis | undefined;
  if (config.REDIS_URL) {
    const { Redis } = await import('ioredis');
    redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: false });
  }

  const app = await buildApp({ config, handle, redis });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await handle.close();
    redis?.disconnect();
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
