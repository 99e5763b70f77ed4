/**
 * `npm run bench:cluster [-- --steady=15 --seconds=10]`: the cluster test at length, then throughput.
 *
 * 1. The scenario of server/src/cluster/cluster.process.test.ts (three servers behind nginx on a
 *    fresh PostgreSQL database and Redis; customers searching, editing baskets, checking out and
 *    listing invoices through nginx while every server is restarted in turn, one is killed with
 *    SIGKILL and a price changes), with --steady seconds of load before, between and after the
 *    disruptions (default 15: over 60 s of load in all). Prints and checks what the test checks.
 * 2. Throughput of one signed-in search through nginx with 1 server, then with 3 (autocannon,
 *    --seconds each). On a 2-core machine three servers share the same two cores with nginx and
 *    PostgreSQL: read the ratio as the cluster's overhead, not as scaling.
 *
 * Needs TEST_DATABASE_URL (PostgreSQL) and nginx; prints SKIPPED with the reason otherwise.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { arg, loadLine, writeOutput } from './lib.js';
import { Cluster } from '../server/src/cluster/cluster.js';
import { clusterSkipReason, DEFAULT_REDIS_URL, runClusterScenario } from '../server/src/cluster/run.js';
import { openDatabase } from '../server/src/db/client.js';
import { migrateToLatest } from '../server/src/db/migrate.js';
import { DEMO_PASSWORD, seedDemo } from '../server/src/seed/index.js';
import { routes, pathOf } from '@wholesale/contract';

const skip = await clusterSkipReason();
if (skip) {
  console.log(`bench:cluster SKIPPED: ${skip}`);
  process.exit(0);
}
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
const STEADY = arg('steady', 15);
const SECONDS = arg('seconds', 10);

console.log(loadLine());
const started = Date.now();
const r = await runClusterScenario({
  adminUrl,
  redisUrl,
  steadySeconds: STEADY,
  log: (line) => {
    if (!line.startsWith('[server')) console.log(`  ${line}`);
  },
});
const by = (phase: string) => r.records.filter((x) => x.phase === phase).length;
const checks: [string, boolean, string][] = [
  [
    'rolling restart: 0 failed requests',
    r.failures.rolling.length === 0,
    `${r.failures.rolling.length} of ${by('rolling')}`,
  ],
  ['restarted servers exited 0', r.restartExitCodes.every((c) => c === 0), r.restartExitCodes.join(' ')],
  [
    'SIGKILL: failures at most the requests in flight',
    r.failures.kill.length <= r.inFlightAtKill,
    `${r.failures.kill.length} failed, ${r.inFlightAtKill} in flight, ${by('kill')} requests meanwhile`,
  ],
  ['otherwise: 0 failed requests', r.failures.other.length === 0, String(r.failures.other.length)],
  [
    'orders: each acknowledged submit is one order',
    r.orders.missing.length === 0 && r.orders.duplicated.length === 0 && r.submitted > 0,
    `${r.submitted} acknowledged, ${r.orders.missing.length} missing, ${r.orders.duplicated.length} duplicated`,
  ],
  [
    'price change seen by every server within 1 s',
    r.priceSeenMs.every((ms) => ms < 1000),
    r.priceSeenMs.map((ms) => `${Math.round(ms)} ms`).join(', '),
  ],
  [
    'login limit (5/min) shared across servers',
    r.throttle.slice(0, 5).every((s) => s === 401) && r.throttle.slice(5).every((s) => s === 429),
    r.throttle.join(' '),
  ],
  [
    'sessions and baskets the same on every server',
    r.sessions.every((s) => s.revisions[0] !== undefined && new Set(s.revisions).size === 1),
    `${r.sessions.length} customers`,
  ],
];
console.log(`\nCluster scenario: ${r.records.length} requests in ${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const [what, ok, detail] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${what.padEnd(50)} ${detail}`);
for (const f of [...r.failures.rolling, ...r.failures.kill, ...r.failures.other])
  console.log(`  failed (${f.phase}): ${f.method} ${f.path} -> ${f.status || f.error} after ${Math.round(f.ms)} ms`);

// Throughput: 1 server, then 3, behind nginx, on one seeded database.
const name = `cluster_tp_${process.pid}_${randomBytes(3).toString('hex')}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const throughput: Record<string, number> = {};
try {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-tp-'));
  const handle = openDatabase({ databaseUrl: url.toString(), dataDir: dir });
  await migrateToLatest(handle);
  await seedDemo(handle, { products: 2_400, images: false });
  await handle.close();
  for (const servers of [1, 3]) {
    const cluster = new Cluster({
      servers,
      dir: path.join(dir, String(servers)),
      databaseUrl: url.toString(),
      redisUrl,
      env: { SEED_ON_EMPTY: 'false', LOG_LEVEL: 'warn' },
    });
    try {
      await cluster.start();
      const login = await fetch(`${cluster.url}${pathOf(routes.login)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: DEMO_PASSWORD }),
      });
      const { accessToken } = (await login.json()) as { accessToken: string };
      const target = {
        url: `${cluster.url}${pathOf(routes.searchProducts)}?searchValue=white&isSearching=true`,
        headers: { authorization: `Bearer ${accessToken}` },
        connections: 20,
      };
      await autocannon({ ...target, duration: 2 });
      const res = await autocannon({ ...target, duration: SECONDS });
      throughput[`${servers}`] = res.requests.average;
      console.log(
        `${servers} server${servers > 1 ? 's' : ' '} behind nginx: ${res.requests.average.toFixed(0)} req/s, ` +
          `p99 ${res.latency.p99} ms, ${res.non2xx} non-2xx, ${res.errors} errors`,
      );
    } finally {
      await cluster.stop();
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
} finally {
  await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
  await admin.end();
}
const ratio = (throughput['3'] ?? 0) / (throughput['1'] ?? 1);
console.log(
  `3 servers / 1 server: ${ratio.toFixed(2)} (on ${os.availableParallelism()} cores the servers, nginx and PostgreSQL ` +
    'share the same cores: this is the overhead of the cluster, not its scaling)',
);
writeOutput('cluster.json', { steadySeconds: STEADY, checks, throughput, ratio, requests: r.records.length });
process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
