/**
 * One customer's PDFs against everyone else. pdfkit used to draw on the event loop: a client
 * looping a 300-line order's summary PDF pushed other customers' p50 from 2 ms to hundreds of ms.
 * Documents are now drawn in a worker pool (server/src/documents/pdf-pool.ts) within a per-user
 * budget (429 beyond).
 *
 *   npm run bench:pdf-starvation                     # 5 s per phase
 *   node --import tsx bench/pdf-starvation.ts --seconds=5
 *
 * Starts the compiled server (its own process) on a prepared SQLite database and measures
 * GET /api/basket (a signed-in, priced read) for other customers, 4 clients in a loop:
 *   1. quiet: nobody draws documents (the baseline);
 *   2. abuser, as shipped: one client loops POST /api/order/statement-template for a 300-line order;
 *   3. abuser, budget opened: the same with PDF_USER_PER_MINUTE=10000, so every request draws
 *      (the worker pool alone keeps the others' latency).
 * Prints the readers' p50/p99 per phase, their ratio to the quiet phase, and the abuser's answers
 * (200/429); writes bench/.output/pdf-starvation.json. Target: p99 with the abuser under 50 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { arg, loadLine, percentile, startServer, writeOutput } from './lib.js';
import { routes, pathOf } from '@wholesale/contract';

const { openDatabase } = await import('../server/src/db/client.js');
const { migrateToLatest } = await import('../server/src/db/migrate.js');
const { insertAccount, insertProduct, insertUser } = await import('../server/src/test/fixtures.js');
const { insertOrder } = await import('../server/src/modules/orders/orders.fixtures.js');

const SECONDS = arg('seconds', 5);
const READERS = 4;
const LINES = 300;
const TARGET_P99_MS = 50;
const PASSWORD = 'Portal-test-1';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-starvation-'));
{
  const handle = openDatabase({ dataDir });
  await migrateToLatest(handle);
  const abuserAccount = await insertAccount(handle.db, { name: 'Heavy Documents Ltd' });
  await insertUser(handle.db, abuserAccount, 'abuser');
  const ids: number[] = [];
  for (let i = 1; i <= LINES; i++)
    ids.push(
      (
        await insertProduct(handle.db, {
          itemNumber: `BIG-${String(i).padStart(4, '0')}`,
          description: `Roller blind, made to measure, fabric ${i}, chain control left, white bottom bar`,
          gbpE5: 1_234_500,
        })
      ).productId,
    );
  await insertOrder(handle.db, {
    accountId: abuserAccount,
    orderNumber: 'SO-BIG',
    lines: ids.map((productId, i) => ({
      itemNo: `BIG-${String(i + 1).padStart(4, '0')}`,
      productId,
      quantity: 3,
      unitPriceE5: 1_234_500,
    })),
  });
  for (let r = 0; r < READERS; r++) {
    const account = await insertAccount(handle.db);
    await insertUser(handle.db, account, `reader${r}`);
  }
  await handle.close();
}

interface Phase {
  name: string;
  reads: number;
  p50: number;
  p99: number;
  max: number;
  abuser: Record<string, number>;
}

const signIn = async (base: string, username: string) => {
  const res = await fetch(`${base}${pathOf(routes.login)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
  return { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
};

async function phase(base: string, name: string, abuse: boolean): Promise<Phase> {
  const readers = await Promise.all(Array.from({ length: READERS }, (_, r) => signIn(base, `reader${r}`)));
  const abuserAuth = await signIn(base, 'abuser');
  const until = performance.now() + SECONDS * 1000;
  const times: number[] = [];
  const abuser: Record<string, number> = {};
  const read = async (auth: Record<string, string>) => {
    while (performance.now() < until) {
      const t = performance.now();
      const res = await fetch(`${base}${pathOf(routes.getBasket)}`, { headers: auth });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`a reader got ${res.status}`);
      times.push(performance.now() - t);
    }
  };
  const loopPdf = async () => {
    while (performance.now() < until) {
      const res = await fetch(`${base}${pathOf(routes.downloadOrderStatement)}`, {
        method: 'POST',
        headers: { ...abuserAuth, 'content-type': 'application/json' },
        body: JSON.stringify({ orderNumber: 'SO-BIG' }),
      });
      await res.arrayBuffer();
      abuser[res.status] = (abuser[res.status] ?? 0) + 1;
    }
  };
  await Promise.all([...readers.map(read), ...(abuse ? [loopPdf()] : [])]);
  times.sort((a, b) => a - b);
  return {
    name,
    reads: times.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.at(-1) ?? NaN,
    abuser,
  };
}

async function run(label: string, env: Record<string, string>, abuse: boolean): Promise<Phase> {
  const server = await startServer({
    ...env,
    DATA_DIR: dataDir,
    SEED_ON_EMPTY: 'false',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
  });
  try {
    // Warm-up: the worker thread starts on the first document.
    const warm = await signIn(server.base, 'reader0');
    const abuserAuth = await signIn(server.base, 'abuser');
    await fetch(`${server.base}${pathOf(routes.getBasket)}`, { headers: warm });
    if (abuse)
      await fetch(`${server.base}${pathOf(routes.downloadOrderStatement)}`, {
        method: 'POST',
        headers: { ...abuserAuth, 'content-type': 'application/json' },
        body: JSON.stringify({ orderNumber: 'SO-BIG' }),
      });
    return await phase(server.base, label, abuse);
  } finally {
    await server.stop();
  }
}

const quiet = await run('quiet (baseline)', {}, false);
const shipped = await run('abuser, budget as shipped', {}, true);
const opened = await run('abuser, budget opened', { PDF_USER_PER_MINUTE: '10000' }, true);
fs.rmSync(dataDir, { recursive: true, force: true });

const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(10);
console.log(
  `\nPDF starvation: one client looping a ${LINES}-line order's summary PDF, ${READERS} other customers reading, ${SECONDS} s per phase`,
);
console.log(loadLine());
console.log(
  `${'phase'.padEnd(28)}${'reads'.padStart(7)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'max'.padStart(10)}  p50/quiet  p99/quiet  abuser`,
);
for (const p of [quiet, shipped, opened]) {
  const answers = Object.entries(p.abuser)
    .map(([s, n]) => `${s}:${n}`)
    .join(' ');
  console.log(
    `${p.name.padEnd(28)}${String(p.reads).padStart(7)}${ms(p.p50)}${ms(p.p99)}${ms(p.max)}  ${(p.p50 / quiet.p50).toFixed(1).padStart(8)}x  ${(p.p99 / quiet.p99).toFixed(1).padStart(8)}x  ${answers || '-'}`,
  );
}
const worst = Math.max(shipped.p99, opened.p99);
console.log(
  `other customers' p99 with the abuser: ${worst.toFixed(1)} ms at worst, ${worst < TARGET_P99_MS ? 'meets' : 'MISSES'} the ${TARGET_P99_MS} ms target`,
);
writeOutput('pdf-starvation.json', {
  lines: LINES,
  readers: READERS,
  seconds: SECONDS,
  phases: [quiet, shipped, opened],
});
