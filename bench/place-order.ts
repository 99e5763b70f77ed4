/**
 * Placing a credit order of 20 lines: p50/p99 of POST /api/basket/submit/{revision} over HTTP,
 * against the real server in its own process (compiled JS when built) with demo data, beside a
 * bare Fastify POST route measured in the same run. Each round fills the basket with 20 lines and
 * stores the delivery header first (not timed). Target: p99 at most 20 ms.
 *
 *   npm run bench:place-order                 # 60 rounds
 *   node --import tsx bench/place-order.ts --rounds=100
 *
 * Writes bench/.output/place-order.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arg, loadLine, percentile, startBareServer, startServer, writeOutput } from './lib.js';
import { routes, pathOf } from '@wholesale/contract';

const ROUNDS = arg('rounds', 60);
const LINES = 20;
const TARGET_P99_MS = 20;

async function timed(fn: () => Promise<Response>): Promise<number> {
  const t = performance.now();
  const res = await fn();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`answered ${res.status}`);
  return performance.now() - t;
}

const summary = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99), max: s.at(-1) ?? NaN };
};

// Baseline: a bare Fastify POST with a small JSON body.
const bare = await startBareServer();
const bareSamples: number[] = [];
for (let i = 0; i < ROUNDS + 10; i++) {
  const t = await timed(() =>
    fetch(`${bare.base}/bare`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 1 }),
    }),
  );
  if (i >= 10) bareSamples.push(t);
}
await bare.stop();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'place-order-'));
const portal = await startServer({ DATA_DIR: dataDir, SEED_ON_EMPTY: 'true', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
const samples: number[] = [];
try {
  const api = (url: string, init: RequestInit = {}) =>
    fetch(`${portal.base}${url}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...auth, ...(init.headers as Record<string, string>) },
    });
  let auth: Record<string, string> = {};
  const login = await api(pathOf(routes.login), {
    method: 'POST',
    body: JSON.stringify({ username: 'demo', password: 'Portal-demo-1' }),
  });
  auth = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
  const found = (await (await api(`${pathOf(routes.searchProducts)}?searchValue=white&isSearching=true`)).json()) as {
    itemNumber: string;
  }[];
  const items = found.slice(0, LINES).map((p) => p.itemNumber);
  if (items.length < LINES) throw new Error(`only ${items.length} products to order`);

  for (let round = 0; round < ROUNDS + 5; round++) {
    for (const itemNumber of items)
      await api(pathOf(routes.addBasketLine), {
        method: 'POST',
        body: JSON.stringify({ itemNumber, quantity: 1 + (round % 3) }),
      });
    await api(pathOf(routes.submitBasketHeader), {
      method: 'POST',
      body: JSON.stringify({ externalDocNo: `BENCH-${round}`, deliveryCode: 'INVOICE' }),
    });
    const basket = (await (await api(pathOf(routes.getBasket))).json()) as {
      revision: number;
      basketLines: unknown[];
    };
    if (basket.basketLines.length !== LINES) throw new Error(`basket has ${basket.basketLines.length} lines`);
    const { totalAmount } = (await (await api(pathOf(routes.getBasketAmount))).json()) as { totalAmount: number };
    const t = await timed(() =>
      api(pathOf(routes.submitBasket, { id: basket.revision }), {
        method: 'POST',
        body: JSON.stringify({ amount: totalAmount }),
      }),
    );
    if (round >= 5) samples.push(t);
  }
} finally {
  await portal.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const base = summary(bareSamples);
const place = summary(samples);
const ms = (n: number) => `${n.toFixed(2)} ms`.padStart(11);
console.log(`\nPlace an order of ${LINES} lines: ${ROUNDS} rounds (sqlite)`);
console.log(loadLine());
console.log(`${''.padEnd(36)}${'p50'.padStart(11)}${'p99'.padStart(11)}${'max'.padStart(11)}`);
console.log(`${'bare Fastify POST'.padEnd(36)}${ms(base.p50)}${ms(base.p99)}${ms(base.max)}`);
console.log(`${'POST /api/basket/submit/{revision}'.padEnd(36)}${ms(place.p50)}${ms(place.p99)}${ms(place.max)}`);
console.log(
  `p99 ${(place.p99 / base.p99).toFixed(1)}x the bare POST; ${place.p99 <= TARGET_P99_MS ? 'meets' : 'MISSES'} the ${TARGET_P99_MS} ms target`,
);
writeOutput('place-order.json', { rounds: ROUNDS, lines: LINES, bare: base, placeOrder: place });
