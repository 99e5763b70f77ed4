/**
 * The cluster scenario shared by the cluster test (short) and bench/cluster.ts (60 s and more):
 * three servers behind nginx on a fresh PostgreSQL database and Redis, a mixed customer load through
 * nginx while every server is restarted in turn, one is killed with SIGKILL, and a price changes
 * in the database. Returns what it measured; the caller checks and prints.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pathOf, routes } from '@wholesale/contract';
import { openDatabase } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';
import { DEMO_PASSWORD, seedDemo } from '../seed/index.js';
import { Cluster, findNginx } from './cluster.js';
import { isFailure, Load, type Customer, type RequestRecord } from './load.js';

export interface ScenarioOptions {
  adminUrl: string;
  redisUrl: string;
  /** Seconds of steady load before, between and after the disruptions. */
  steadySeconds: number;
  log?: (line: string) => void;
}

export interface ScenarioResult {
  records: RequestRecord[];
  failures: { rolling: RequestRecord[]; kill: RequestRecord[]; other: RequestRecord[] };
  /** Requests in flight through nginx at the moment of the SIGKILL (an upper bound for the kill's failures). */
  inFlightAtKill: number;
  restartExitCodes: (number | string)[];
  submitted: number;
  orders: { missing: string[]; duplicated: string[] };
  /** Milliseconds until each server answered the new price. */
  priceSeenMs: number[];
  /** Login answers for one username, attempt by attempt, through nginx (limit 5 a minute). */
  throttle: number[];
  /** Every customer's basket revision as each server answers it, with the same token. */
  sessions: { username: string; revisions: (number | undefined)[] }[];
}

/** Why the scenario cannot run here, or undefined: PostgreSQL, Redis and nginx must all be there. */
export async function clusterSkipReason(env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  const pgUrl = env.TEST_DATABASE_URL ?? '';
  if (!/^postgres(ql)?:\/\//.test(pgUrl)) return 'TEST_DATABASE_URL is not set (needs PostgreSQL)';
  if (!findNginx(env)) return 'nginx not found (apt-get install -y nginx-light, or NGINX_BIN)';
  const redisUrl = env.TEST_REDIS_URL ?? env.REDIS_URL ?? DEFAULT_REDIS_URL;
  for (const [what, url, port] of [
    ['PostgreSQL', pgUrl, 5432],
    ['Redis', redisUrl, 6379],
  ] as const) {
    const u = new URL(url);
    if (!(await answers(u.hostname, Number(u.port || port)))) return `${what} does not answer at ${u.host}`;
  }
  return undefined;
}

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.setTimeout(2_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runClusterScenario(opts: ScenarioOptions): Promise<ScenarioResult> {
  const log = opts.log ?? (() => undefined);
  const name = `cluster_${process.pid}_${randomBytes(3).toString('hex')}`;
  const url = new URL(opts.adminUrl);
  url.pathname = `/${name}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'));
  const admin = new pg.Client({ connectionString: opts.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const db = new pg.Client({ connectionString: url.toString() });
  let cluster: Cluster | undefined;
  try {
    log('seeding a small catalogue');
    const handle = openDatabase({ databaseUrl: url.toString(), dataDir: dir });
    await migrateToLatest(handle);
    await seedDemo(handle, { products: 400, accounts: 12, orders: 60, images: false });
    await handle.close();
    await db.connect();

    cluster = new Cluster({
      servers: 3,
      dir,
      databaseUrl: url.toString(),
      redisUrl: opts.redisUrl,
      env: { LOGIN_RATE_LIMIT_PER_MINUTE: '5', SEED_ON_EMPTY: 'false', LOG_LEVEL: 'warn', SHUTDOWN_GRACE_MS: '15000' },
      log: (i, line) => log(`[server ${i}] ${line}`),
    });
    log('starting 3 servers and nginx');
    await cluster.start();
    const c = cluster;

    const users = (
      await db.query<{ username: string }>(
        `select u.username from users u join accounts a on a.id = u.account_id
         where a.is_proforma = 0 and a.on_stop = 0 and a.disabled = 0 and u.disabled = 0 and a.currency_code = 'GBP'
         order by u.id limit 6`,
      )
    ).rows.map((r) => r.username);
    const load = new Load(c.url, `CL-${randomBytes(2).toString('hex')}-`);
    const customers: Customer[] = [];
    for (const u of users) customers.push(await load.login(u, DEMO_PASSWORD));
    log(`load: ${customers.length} customers through nginx`);
    load.start(customers);
    await sleep(opts.steadySeconds * 1000);

    load.phase = 'rolling';
    const restartExitCodes: (number | string)[] = [];
    for (let i = 0; i < c.servers.length; i++) {
      log(`rolling restart: server ${i}`);
      restartExitCodes.push(await c.restart(i));
    }
    load.phase = 'steady';
    await sleep(opts.steadySeconds * 1000);

    load.phase = 'kill';
    const inFlightAtKill = load.inFlight;
    log(`SIGKILL server 1 (${inFlightAtKill} requests in flight through nginx)`);
    await c.kill(1);
    await sleep(2_000);
    await c.revive(1);
    load.phase = 'after';

    // A price change in the database, looked for on every server directly.
    const customer = customers[0]!;
    const product = (
      await db.query<{ id: number; item_number: string; list_price_e5: number }>(
        `select p.id, p.item_number, pp.list_price_e5 from products p join product_prices pp on pp.product_id = p.id
         where pp.currency_code = 'GBP' and p.active = 1 order by p.id limit 1`,
      )
    ).rows[0]!;
    const priceOn = async (port: number) => {
      const res = await fetch(
        `http://127.0.0.1:${port}${pathOf(routes.searchProducts)}?searchValue=${encodeURIComponent(product.item_number)}&isSearching=true`,
        { headers: { authorization: `Bearer ${customer.token}` } },
      );
      const list = (await res.json()) as { itemNumber: string; price: number }[];
      return list.find((p) => p.itemNumber === product.item_number)?.price;
    };
    for (const s of c.servers) await priceOn(s.port); // each server has the page in memory now
    const newE5 = product.list_price_e5 + 123_000;
    const changedAt = performance.now();
    await db.query('update product_prices set list_price_e5 = $1 where product_id = $2 and currency_code = $3', [
      newE5,
      product.id,
      'GBP',
    ]);
    const priceSeenMs = await Promise.all(
      c.servers.map(async (s) => {
        while (performance.now() - changedAt < 5_000) {
          if ((await priceOn(s.port)) === newE5 / 100_000) return performance.now() - changedAt;
          await sleep(5);
        }
        return Infinity;
      }),
    );

    await sleep(opts.steadySeconds * 500);
    await load.stop();

    // Login throttling shared through Redis: one username, attempts spread over the servers by nginx.
    const probe = `probe-${randomBytes(4).toString('hex')}`;
    const throttle: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await fetch(`${c.url}${pathOf(routes.login)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: probe, password: 'wrong-password-1' }),
      });
      throttle.push(res.status);
    }

    // Sessions and baskets: the same token on every server gives the same basket.
    const sessions = await Promise.all(
      customers.map(async (cu) => ({
        username: cu.username,
        revisions: await Promise.all(
          c.servers.map(async (s) => {
            const res = await fetch(`http://127.0.0.1:${s.port}${pathOf(routes.getBasket)}`, {
              headers: { authorization: `Bearer ${cu.token}` },
            });
            return res.status === 200 ? ((await res.json()) as { revision: number }).revision : undefined;
          }),
        ),
      })),
    );

    // Every acknowledged order is in the database once; no reference was placed twice.
    const missing: string[] = [];
    for (const s of load.submitted) {
      const { rows } = await db.query<{ n: number }>(
        'select count(*)::int as n from orders where order_number = $1 and reference = $2',
        [s.orderNumber, s.reference],
      );
      if (rows[0]?.n !== 1) missing.push(`${s.orderNumber} (${s.reference}): ${rows[0]?.n ?? 0} rows`);
    }
    const dup = await db.query<{ reference: string; n: number }>(
      `select reference, count(*)::int as n from orders where reference like 'CL-%' group by reference having count(*) > 1`,
    );

    const failures = {
      rolling: load.records.filter((r) => r.phase === 'rolling' && isFailure(r)),
      kill: load.records.filter((r) => r.phase === 'kill' && isFailure(r)),
      other: load.records.filter((r) => (r.phase === 'steady' || r.phase === 'after') && isFailure(r)),
    };
    return {
      records: load.records,
      failures,
      inFlightAtKill,
      restartExitCodes,
      submitted: load.submitted.length,
      orders: { missing, duplicated: dup.rows.map((r) => `${r.reference} x${r.n}`) },
      priceSeenMs,
      throttle,
      sessions,
    };
  } finally {
    await cluster?.stop();
    await db.end().catch(() => undefined);
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
