/**
 * Requests per second of signed-in reads (categories, basket, an exact-code search) against a bare
 * Fastify route measured in the same run, each server in its own process, loaded by autocannon
 * over loopback. The portal runs as production runs it (compiled JS when built), with demo data,
 * logging at info. Target: every read at least 10% of the bare route.
 *
 *   npm run bench:throughput                   # 5 s per endpoint, 10 connections
 *   node --import tsx bench/throughput.ts --seconds=10 --connections=20
 *
 * Writes bench/.output/throughput.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { arg, loadLine, startBareServer, startServer, writeOutput } from './lib.js';
import { routes, pathOf } from '@wholesale/contract';

const SECONDS = arg('seconds', 5);
const CONNECTIONS = arg('connections', 10);
const TARGET = 0.1;

async function load(url: string, headers: Record<string, string> = {}) {
  // A short warm-up (JIT, caches), then the measured run.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { reqPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

// The bare baseline.
const bare = await startBareServer();
const baseline = await load(`${bare.base}/bare`);
await bare.stop();

// The portal with demo data, as shipped; then once more without the search result cache
// (SEARCH_CACHE_ENTRIES=0): an exact-code search matched and ranked afresh on every request, held
// to the same target.
const UNCACHED = 'GET /api/orderproducts/search (uncached)';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'throughput-'));
const results: Record<string, { reqPerSec: number; p50: number; p99: number }> = { 'bare Fastify route': baseline };
try {
  for (const cached of [true, false]) {
    const portal = await startServer({
      DATA_DIR: dataDir,
      SEED_ON_EMPTY: 'true',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      ...(cached ? {} : { SEARCH_CACHE_ENTRIES: '0' }),
    });
    try {
      const login = await fetch(`${portal.base}${pathOf(routes.login)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: 'Portal-demo-1' }),
      });
      const { accessToken } = (await login.json()) as { accessToken: string };
      const auth = { authorization: `Bearer ${accessToken}` };
      const some = (await (
        await fetch(`${portal.base}${pathOf(routes.searchProducts)}?searchValue=white&isSearching=true`, {
          headers: auth,
        })
      ).json()) as { itemNumber: string }[];
      const code = some[Math.floor(some.length / 2)]!.itemNumber;
      const exact = `${pathOf(routes.searchProducts)}?searchValue=${code}&isSearching=true`;
      if (!cached) {
        results[UNCACHED] = await load(portal.base + exact, auth);
        continue;
      }
      await fetch(`${portal.base}${pathOf(routes.addBasketLine)}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ itemNumber: code, quantity: 2 }),
      });
      const reads: [string, string][] = [
        ['GET /api/orderproducts/categories', pathOf(routes.listCategories)],
        ['GET /api/basket (1 line)', pathOf(routes.getBasket)],
        [`GET /api/orderproducts/search (exact code)`, exact],
      ];
      for (const [name, url] of reads) results[name] = await load(portal.base + url, auth);
    } finally {
      await portal.stop();
    }
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nThroughput: ${CONNECTIONS} connections, ${SECONDS} s per endpoint`);
console.log(loadLine());
console.log(`${'endpoint'.padEnd(44)}${'req/s'.padStart(9)}${'p50'.padStart(8)}${'p99'.padStart(8)}  of bare`);
let ok = true;
for (const [name, r] of Object.entries(results)) {
  const share = r.reqPerSec / baseline.reqPerSec;
  if (name !== 'bare Fastify route' && share < TARGET) ok = false;
  console.log(
    `${name.padEnd(44)}${r.reqPerSec.toFixed(0).padStart(9)}${`${r.p50} ms`.padStart(8)}${`${r.p99} ms`.padStart(8)}  ${(share * 100).toFixed(1).padStart(6)}%`,
  );
}
console.log(`signed-in reads ${ok ? 'meet' : 'MISS'} the ${TARGET * 100}% target, the uncached search included`);
writeOutput('throughput.json', { connections: CONNECTIONS, seconds: SECONDS, results });
