/**
 * `npm run cluster [-- --servers N --port P --dir D]`: N servers (default 3) on DATABASE_URL and
 * REDIS_URL behind nginx on P (default 8080), until Ctrl-C (nginx quits, the servers drain).
 * Run through scripts/cluster.mjs, which builds the web app and the server first.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Cluster, missingForCluster, ROOT } from './cluster.js';

const { values } = parseArgs({
  options: {
    servers: { type: 'string', default: process.env.CLUSTER_SERVERS ?? '3' },
    port: { type: 'string', default: process.env.CLUSTER_PORT ?? '8080' },
    dir: { type: 'string', default: path.join(ROOT, 'data/cluster') },
    entry: { type: 'string', default: path.join(ROOT, 'server/dist/main.js') },
    /** Only say what is missing (scripts/cluster.mjs asks before it builds). */
    check: { type: 'boolean', default: false },
  },
});

const missing = missingForCluster();
if (missing.length) {
  console.error(`cluster: cannot start; missing:\n${missing.map((m) => `  - ${m}`).join('\n')}`);
  process.exit(2);
}
if (values.check) process.exit(0);
const servers = Number(values.servers);
const port = Number(values.port);
if (!Number.isInteger(servers) || servers < 1 || servers > 32) {
  console.error('cluster: --servers must be a whole number from 1 to 32');
  process.exit(2);
}
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error('cluster: --port must be a port number');
  process.exit(2);
}

const cluster = new Cluster({
  servers,
  port,
  dir: values.dir,
  databaseUrl: process.env.DATABASE_URL ?? '',
  redisUrl: process.env.REDIS_URL ?? '',
  entry: { command: process.execPath, args: ['--enable-source-maps', values.entry] },
  log: (i, line) => console.log(`[server ${i}] ${line}`),
});

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`cluster: ${signal}: stopping nginx, then draining the servers`);
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

console.log(`cluster: starting ${servers} servers on ${new URL(process.env.DATABASE_URL ?? '').host} ...`);
cluster.start().then(
  () => {
    console.log(`cluster: nginx config ${cluster.conf}`);
    for (const s of cluster.servers) console.log(`cluster: server ${s.index} on 127.0.0.1:${s.port}`);
    console.log(`cluster: serving ${cluster.url} (Ctrl-C to stop)`);
  },
  async (err: unknown) => {
    console.error(`cluster: ${err instanceof Error ? err.message : String(err)}`);
    await cluster.stop();
    process.exit(1);
  },
);
