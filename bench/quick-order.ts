/**
 * Quick Order: checking 1,000 pasted lines at the server, beside a plain product lookup of
 * the same codes measured in the same run. Target: the check's p99 under 300 ms.
 *
 * On each engine (SQLite always; PostgreSQL when TEST_DATABASE_URL is set, in a fresh database it
 * creates and drops): seeds the demo data with 50,000 products, builds the app, logs in as `demo`,
 * and makes 1,000 lines of the buyer's kind: codes from the catalogue in any case (some twice, to be
 * merged), some mistyped (unknown: the nearest codes are looked for), some quantities not whole,
 * quantities that run some lines short of stock. Then, in turns per round (so a stall of the machine
 * falls on all of them alike), after warm-up rounds:
 *   - lookup:  `select ... from products where item_number in (...)` of the same codes, exactly as
 *              typed upper-cased, with their price in the currency: the floor for reading them at all;
 *   - service: `quickOrderService.checkQuickOrder` (merge, find in the in-memory index, nearest
 *              codes, products, tiers, due-in schedules, pricing);
 *   - request: `POST /api/quick-order/check` through `app.inject` (validation, auth, serialising
 *              the 1,000 answers): what the server spends on the buyer's one request.
 *
 *   npm run bench:quick-order
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:quick-order
 *   npm run bench:quick-order -- --products=50000 --lines=1000 --rounds=40
 *
 * Writes bench/.output/quick-order.json.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { arg, loadLine, percentile, writeOutput } from './lib.js';
import { pathOf, routes } from '@wholesale/contract';
import { composeStore } from '../server/src/compose.js';

// Seeding hashes one demo password; the bench does not need the production cost.
process.env.PASSWORD_HASH_COST ??= '10';

const { testEngines } = await import('../server/src/db/testing.js');
const { seedDemo, DEMO_PASSWORD } = await import('../server/src/seed/index.js');
const { testConfig } = await import('../server/src/test/app.js');
const { buildApp } = await import('../server/src/app.js');
const { quickOrderService } = await import('../server/src/modules/quick-order/quick-order.service.js');
const { sharedCatalogueIndex } = await import('../server/src/modules/products/catalogue-index.js');

const PRODUCTS = arg('products', 50_000);
const LINES = arg('lines', 1000);
const ROUNDS = arg('rounds', 40);
const WARMUP = 5;
const TARGET_MS = 300;

const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(10);
const stats = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99), max: s.at(-1) ?? NaN };
};

/** A deterministic mix of lines as buyers paste them (see the comment at the top). */
function buyerLines(codes: readonly string[]): { itemNumber: string; quantity: string }[] {
  let seed = 42;
  const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = () => codes[Math.floor(rand() * codes.length)]!;
  return Array.from({ length: LINES }, (_, i) => {
    const code = pick();
    if (i % 20 === 7) return { itemNumber: `${code.slice(0, -2)}X${code.slice(-1)}`, quantity: '2' }; // 5% mistyped
    if (i % 25 === 3) return { itemNumber: code, quantity: '1.5' }; // 4% not whole
    if (i % 10 === 5) return { itemNumber: code.toLowerCase(), quantity: String(1 + Math.floor(rand() * 5)) };
    return { itemNumber: code, quantity: String(1 + Math.floor(rand() * (i % 8 === 0 ? 2000 : 40))) };
  });
}

async function benchEngine(engine: ReturnType<typeof testEngines>[number]) {
  const handle = await engine.open();
  try {
    const seeded = performance.now();
    await seedDemo(handle, { products: PRODUCTS, images: false, accounts: 3 });
    if (handle.engine === 'postgres') await sql`vacuum analyze`.execute(handle.db);
    else await sql`analyze`.execute(handle.db);
    console.log(
      `\n${engine.name}: ${PRODUCTS.toLocaleString('en-GB')} products seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const app = await buildApp({ config: testConfig({ LOGIN_RATE_LIMIT_PER_MINUTE: 1000 }), handle });
    try {
      const login = await app.inject({
        method: 'POST',
        url: pathOf(routes.login),
        payload: { username: 'demo', password: DEMO_PASSWORD },
      });
      const token = (login.json() as { accessToken: string }).accessToken;
      const user = await handle.db
        .selectFrom('users')
        .select(['id', 'account_id'])
        .where('username', '=', 'demo')
        .executeTakeFirstOrThrow();
      const caller = { userId: user.id, accountId: user.account_id };
      const all = await handle.db
        .selectFrom('products as p')
        .innerJoin('product_prices as pp', (j) =>
          j.onRef('pp.product_id', '=', 'p.id').on('pp.currency_code', '=', 'GBP'),
        )
        .select('p.item_number')
        .where('p.active', '=', 1)
        .execute();
      const lines = buyerLines(all.map((r) => r.item_number));
      const codes = [...new Set(lines.map((l) => l.itemNumber.toUpperCase()))];
      const store = composeStore(handle.db);
      const service = quickOrderService({
        quickOrder: store.internal.repos.quickOrder,
        pricing: store.internal.repos.pricing.base,
        index: sharedCatalogueIndex(handle.db, 256),
        basket: store.basket,
        delivery: store.delivery,
      });

      const measures = {
        lookup: async () => {
          const rows = await handle.db
            .selectFrom('products as p')
            .leftJoin('product_prices as pp', (j) =>
              j.onRef('pp.product_id', '=', 'p.id').on('pp.currency_code', '=', 'GBP'),
            )
            .select(['p.id', 'p.item_number', 'p.description', 'p.stock', 'p.active', 'pp.list_price_e5'])
            .where('p.item_number', 'in', codes)
            .execute();
          return rows.length;
        },
        service: async () => (await service.checkQuickOrder(caller, { lines })).lines.length,
        request: async () => {
          const res = await app.inject({
            method: 'POST',
            url: pathOf(routes.checkQuickOrder),
            headers: { authorization: `Bearer ${token}` },
            payload: { lines },
          });
          if (res.statusCode !== 200) throw new Error(`check answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
          return (res.json() as { lines: unknown[] }).lines.length;
        },
      };
      type Name = keyof typeof measures;
      const names = Object.keys(measures) as Name[];
      const samples: Record<Name, number[]> = { lookup: [], service: [], request: [] };
      const first = await service.checkQuickOrder(caller, { lines }); // builds the index (not timed)
      for (let round = 0; round < ROUNDS + WARMUP; round++) {
        for (let k = 0; k < names.length; k++) {
          const name = names[(round + k) % names.length]!;
          const t = performance.now();
          await measures[name]();
          if (round >= WARMUP) samples[name].push(performance.now() - t);
        }
      }
      const by = (s: string) => first.lines.filter((l) => l.status === s).length;
      console.log(
        `${LINES} lines -> ${first.lines.length} after merging: ${by('ready')} ready, ${by('short')} short, ${by('unknown')} unknown, ${by('badQuantity')} bad quantity, ${by('notSold') + by('discontinued')} not sold; ${ROUNDS} rounds`,
      );
      console.log(loadLine());
      const figures = Object.fromEntries(names.map((n) => [n, stats(samples[n])])) as Record<
        Name,
        ReturnType<typeof stats>
      >;
      console.log(`${''.padEnd(44)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'max'.padStart(10)}`);
      const label: Record<Name, string> = {
        lookup: `plain lookup of the ${codes.length} codes (baseline)`,
        service: 'checkQuickOrder (service)',
        request: 'POST /api/quick-order/check (inject)',
      };
      for (const n of names)
        console.log(`${label[n].padEnd(44)}${ms(figures[n].p50)}${ms(figures[n].p99)}${ms(figures[n].max)}`);
      const meets = figures.request.p99 < TARGET_MS;
      console.log(
        `check p99 ${(figures.request.p99 / figures.lookup.p99).toFixed(1)}x the plain lookup; ${meets ? 'meets' : 'MISSES'} the ${TARGET_MS} ms target`,
      );
      return { engine: engine.name, products: PRODUCTS, lines: LINES, rounds: ROUNDS, ...figures, meets };
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
}

console.log(`quick-order bench: ${loadLine()}`);
const results = [];
for (const engine of testEngines()) results.push(await benchEngine(engine));
if (!process.env.TEST_DATABASE_URL) console.log('\n(PostgreSQL skipped: set TEST_DATABASE_URL to include it)');
writeOutput('quick-order.json', results);
if (!results.every((r) => r.meets)) process.exitCode = 1;
