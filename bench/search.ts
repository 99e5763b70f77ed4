/**
 * Product text search on the 50,000-product catalogue: p50/p99 of GET /api/orderproducts/search
 * over real HTTP, beside the bare index query that finds the same rows (the baseline) and the
 * priced service call in between, over a fixed mix of terms. SQLite always; PostgreSQL too when
 * TEST_DATABASE_URL is set (a fresh database is created and dropped).
 *
 *   npm run bench:search                       # 50,000 products, 1,000 rounds
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:search -- --products=50000 --rounds=1000
 *
 * Writes bench/.output/search.json as well.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import Fastify from 'fastify';
import compress from '@fastify/compress';
import { arg, percentile } from './lib.js';
import { routes, pathOf } from '@wholesale/contract';

// Seeding hashes one demo password; the bench does not need the production cost.
process.env.PASSWORD_HASH_COST ??= '10';

const { testEngines } = await import('../server/src/db/testing.js');
const { seedDemo, DEMO_PASSWORD } = await import('../server/src/seed/index.js');
const { testConfig } = await import('../server/src/test/app.js');
const { countingStatements } = await import('../server/src/test/statements.js');
const { buildApp, apiCompression } = await import('../server/src/app.js');
const { composeProducts } = await import('../server/src/compose.js');
const { searchWords } = await import('../server/src/modules/products/products.repository.js');
const { catalogueIndex } = await import('../server/src/modules/products/catalogue-index.js');
type DbHandle = import('../server/src/db/client.js').DbHandle;

const PRODUCTS = arg('products', 50_000);
// p99 needs 100 samples or more: with fewer it is simply the slowest one. At 1,000 it is the tenth
// slowest. A young-generation collection here takes 1-2 ms whatever is collected (0.6-1 ms in a
// bare loop of garbage on this machine), and falls inside a page request about once in 150-200:
// with 300 rounds, whether three of them met one (so p99 is a collection's) was a toss-up for
// every term; with 1,000 the tenth slowest is what the page costs in at least 99 of 100 requests.
const ROUNDS = arg('rounds', 1000);
/** Whole lists and Download All (2,000 rows, tens of milliseconds each) take fewer rounds. */
const LIST_ROUNDS = arg('list-rounds', 100);
const WARMUP = 3;
const LIMIT = 2001;

/** The fixed term mix: exact codes, a code prefix, common and rare words, phrases, short terms, a miss. */
async function termMix(handle: DbHandle): Promise<string[]> {
  const pick = async (offset: number) =>
    (
      await handle.db
        .selectFrom('products')
        .select('item_number')
        .orderBy('id')
        .offset(offset)
        .limit(1)
        .executeTakeFirstOrThrow()
    ).item_number;
  const mid = await pick(Math.floor(PRODUCTS / 2));
  return [
    await pick(7), // exact item code
    mid, // exact item code
    mid.slice(0, 6).toLowerCase(), // code prefix: a whole range
    'white',
    'blackout',
    'charcoal',
    'roller blind',
    'terracotta',
    'ivory 240',
    'chain',
    'rb', // 2 characters: no trigram, LIKE scan
    'zzqx', // no match
  ];
}

/** The baseline: the bare indexed match on each engine, ids only, same order and cap. */
async function rawQuery(handle: DbHandle, term: string): Promise<number> {
  const words = searchWords(term);
  const like = (w: string) => sql`search_text like ${`%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;
  const long = words.filter((w) => w.length >= 3);
  const short = words.filter((w) => w.length < 3);
  let where;
  if (handle.engine === 'postgres' || long.length === 0) {
    where = sql.join(words.map(like), sql` and `);
  } else {
    const match = long.map((w) => `"${w.replace(/"/g, '""')}"`).join(' ');
    where = sql.join(
      [sql`id in (select rowid from products_fts where products_fts match ${match})`, ...short.map(like)],
      sql` and `,
    );
  }
  const query = sql<{ id: number }>`select id from products where ${where} order by item_number limit ${LIMIT}`;
  if (handle.engine === 'postgres') {
    // The same planner costing the search itself uses on PostgreSQL (products.repository.ts).
    const rows = await handle.db.transaction().execute(async (trx) => {
      await sql`set local random_page_cost = 1.1`.execute(trx);
      return (await query.execute(trx)).rows;
    });
    return rows.length;
  }
  return (await query.execute(handle.db)).rows.length;
}

interface Stats {
  p50: number;
  p99: number;
}
const stats = (samples: number[]): Stats => {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99) };
};
const ms = (n: number) => n.toFixed(2).padStart(7);
/** How long `work` takes on this thread (the measures that are not HTTP requests). */
const here = async (work: () => Promise<unknown>) => {
  const t = performance.now();
  await work();
  return performance.now() - t;
};

/** The measuring client (plain JS, for the worker), and whether it runs on the server's thread instead. */
const clientModule = './http-client.mjs';
const SAME_THREAD = process.argv.includes('--client=same-thread');

interface Answer {
  /** The request's time in the client, from asking to the body parsed. */
  ms: number;
  status: number;
  /** The x-total-count header. */
  total?: string;
  value: unknown;
}
type Read = 'json' | 'rows' | 'count' | 'csv';

/**
 * The measuring client: bench/http-client.mjs in a worker thread, so that its garbage is collected
 * in a heap of its own, as a browser's is, and not in the server's (the portal runs in this thread,
 * as one server process).
 */
async function measuringClient() {
  if (SAME_THREAD) {
    const { measure } = (await import(clientModule)) as {
      measure: (request: { url: string; headers: Record<string, string>; read: Read }) => Promise<Answer>;
    };
    return {
      get: (url: string, read: Read, headers: Record<string, string> = {}) => measure({ url, headers, read }),
      gc: async () => void globalThis.gc?.(),
      close: async () => {},
    };
  }
  const worker = new Worker(new URL(clientModule, import.meta.url));
  const pending = new Map<number, (m: Answer & { error?: string }) => void>();
  let next = 0;
  worker.on('message', (m: Answer & { id: number; error?: string }) => {
    pending.get(m.id)?.(m);
    pending.delete(m.id);
  });
  // A client that dies fails the requests it had, rather than leaving the bench waiting.
  worker.on('error', (err) => {
    for (const answer of pending.values())
      answer({ error: `measuring client: ${err.message}` } as Answer & { error: string });
    pending.clear();
  });
  const ask = (message: object) =>
    new Promise<Answer>((resolve, reject) => {
      const id = ++next;
      pending.set(id, (m) => (m.error ? reject(new Error(m.error)) : resolve(m)));
      worker.postMessage({ id, ...message });
    });
  return {
    get: (url: string, read: Read, headers: Record<string, string> = {}) => ask({ url, headers, read }),
    gc: () => ask({ gc: true }),
    close: () => worker.terminate(),
  };
}

/**
 * The in-memory catalogue index's first build on this catalogue (modules/products/catalogue-index.ts):
 * how long the first search waits for it, how much heap it holds afterwards, and the longest the
 * event loop was held up meanwhile (the build yields between slices so other requests go on).
 */
async function indexBuild(handle: DbHandle) {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const index = catalogueIndex(handle.db, 0);
  const started = performance.now();
  await index.search('GBP', { words: ['white'], phrase: 'white' }, 20);
  const took = performance.now() - started;
  loop.disable();
  globalThis.gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  // Keep the index alive until the heap was measured.
  await index.search('GBP', { words: ['white'], phrase: 'white' }, 1);
  return { ms: took, heapMb, stallMs: loop.max / 1e6 };
}

/** What is timed per term, in the order of the table's columns. */
const MEASURES = ['raw', 'rawHttp', 'service', 'endpoint', 'whole', 'download', 'alone'] as const;
type Measure = (typeof MEASURES)[number];
/**
 * Page 1 and its floors are timed in turns, one of each per round (in a rotating order), so a stall
 * of the machine falls on all of them alike and their ratio stays fair. They make little garbage.
 */
const INTERLEAVED = ['raw', 'rawHttp', 'service', 'endpoint'] as const satisfies readonly Measure[];
/** Whole lists make hundreds of kilobytes of garbage each: timed in a block of their own after a collection. */
const BLOCKS = ['whole', 'download'] as const satisfies readonly Measure[];
type Samples = Record<Measure, number[]>;
type Figures = Record<Measure, Stats>;
const noSamples = () => Object.fromEntries(MEASURES.map((m) => [m, []])) as unknown as Samples;
const figuresOf = (s: Samples) => Object.fromEntries(MEASURES.map((m) => [m, stats(s[m])])) as Figures;

/** One line of the table: p50 and p99 of each measure, and page 1's p99 against raw over HTTP. */
const tableLine = (label: string, rows: string, f: Figures) =>
  `${label.padEnd(16)} ${rows.padStart(5)} ${ms(f.raw.p50)} ${ms(f.raw.p99)}      ${ms(f.rawHttp.p50)} ${ms(f.rawHttp.p99)}     ${ms(f.service.p50)} ${ms(f.service.p99)}      ${ms(f.endpoint.p50)} ${ms(f.endpoint.p99)}   ${`x${(f.endpoint.p99 / f.rawHttp.p99).toFixed(1)}`.padStart(14)}        ${ms(f.whole.p50)} ${ms(f.whole.p99)}     ${ms(f.download.p50)} ${ms(f.download.p99)}      ${ms(f.alone.p50)} ${ms(f.alone.p99)}`;

async function benchEngine(engine: ReturnType<typeof testEngines>[number]) {
  const handle = await engine.open();
  try {
    const seeded = performance.now();
    await seedDemo(handle, { products: PRODUCTS, images: false, accounts: 3 });
    // Settle the freshly loaded database before timing, as a running one is: statistics gathered,
    // and (PostgreSQL) the tables vacuumed and the WAL checkpointed, so neither autovacuum nor a
    // checkpoint starts in the middle of the measurements; (SQLite) the WAL folded into the file.
    if (handle.engine === 'postgres') {
      await sql`vacuum analyze`.execute(handle.db);
      await sql`checkpoint`.execute(handle.db);
    } else {
      await sql`analyze`.execute(handle.db);
      await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
    }
    console.log(
      `\n${engine.name}: ${PRODUCTS.toLocaleString('en-GB')} products seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );

    // The portal's statements counted (a plugin on its own handle), to show what page 1 asks the database.
    const portal = countingStatements(handle.db);
    const app = await buildApp({
      config: testConfig({ LOGIN_RATE_LIMIT_PER_MINUTE: 1000, SEARCH_CACHE_ENTRIES: 0 }),
      handle: { ...handle, db: portal.db },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const login = await fetch(`${base}${pathOf(routes.login)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: DEMO_PASSWORD }),
      });
      const { accessToken, user } = (await login.json()) as { accessToken: string; user: { customerNumber: string } };
      const auth = { authorization: `Bearer ${accessToken}` };
      const account = await handle.db
        .selectFrom('users')
        .innerJoin('accounts', 'accounts.id', 'users.account_id')
        .select(['users.id as userId', 'accounts.id as accountId'])
        .where('users.username', '=', 'demo')
        .executeTakeFirstOrThrow();
      const service = composeProducts(handle.db, { searchResultEntries: 0 });
      const index = await indexBuild(handle);
      console.log(
        `in-memory catalogue index: built in ${index.ms.toFixed(0)} ms, heap +${index.heapMb.toFixed(1)} MB, longest event-loop stall meanwhile ${index.stallMs.toFixed(1)} ms`,
      );
      const client = await measuringClient();
      const ok = (what: string) => (a: Answer) => {
        if (a.status !== 200) throw new Error(`${what}: ${a.status}`);
        return a;
      };
      /** What Create Orders asks for: the first page of 20, with the total in x-total-count. */
      const endpoint = (term: string) => {
        const q = new URLSearchParams({ searchValue: term, isSearching: 'true', page: '1', pageSize: '20' });
        return client
          .get(`${base}${pathOf(routes.searchProducts)}?${q.toString()}`, 'json', auth)
          .then(ok(`search ${term}`));
      };
      /** Download All on a paged list: the server's streamed export.csv of the same search, read to the end. */
      const download = (term: string) => {
        const q = new URLSearchParams({ searchValue: term, isSearching: 'true' });
        return client
          .get(`${base}${pathOf(routes.exportSearch)}?${q.toString()}`, 'csv', auth)
          .then(ok(`export ${term}`));
      };
      /** The whole list in one JSON answer (the spec's call without page). */
      const wholeList = (term: string) => {
        const q = new URLSearchParams({ searchValue: term, isSearching: 'true' });
        return client
          .get(`${base}${pathOf(routes.searchProducts)}?${q.toString()}`, 'rows', auth)
          .then(ok(`search ${term}`));
      };

      // The floor for an HTTP search: the raw query served by a bare Fastify route (no auth, no
      // enrichment, ids only), in the server's thread like the portal.
      const bare = Fastify({ logger: false });
      bare.get<{ Querystring: { term: string } }>('/raw', async (req) => ({
        rows: await rawQuery(handle, req.query.term),
      }));
      await bare.listen({ port: 0, host: '127.0.0.1' });
      const bareAddress = bare.server.address();
      const bareBase = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}`;
      const rawHttp = (term: string) =>
        client.get(`${bareBase}/raw?${new URLSearchParams({ term }).toString()}`, 'count');

      // A second floor, for reading the p99 of short lists: a bare Fastify route (in the server's thread,
      // the portal's compression settings) answering a fixed page of 20 products from memory, with
      // no query at all. Its p99 is what sending such a page costs here, whatever the search.
      const pageServer = Fastify({ logger: false });
      await pageServer.register(compress, apiCompression);
      const fixedPage: unknown = JSON.parse((await endpoint('white')).value as string);
      pageServer.get('/page', async () => fixedPage);
      await pageServer.listen({ port: 0, host: '127.0.0.1' });
      const pageAddress = pageServer.server.address();
      const pageUrl = `http://127.0.0.1:${typeof pageAddress === 'object' && pageAddress ? pageAddress.port : 0}/page`;
      globalThis.gc?.();
      await client.gc();
      const pageSamples: number[] = [];
      for (let i = 0; i < WARMUP + ROUNDS; i++) {
        const { ms } = await client.get(pageUrl, 'json');
        if (i >= WARMUP) pageSamples.push(ms);
      }
      await pageServer.close();
      const pageFloor = stats(pageSamples);

      const terms = await termMix(handle);
      const all = noSamples();
      let [pageStatements, pageRequests] = [0, 0];
      const perTerm: ({ term: string; rows: number } & Figures)[] = [];
      console.log(
        `account ${user.customerNumber}; per term ${ROUNDS} rounds of page 1 and its floors (in turns), ${LIST_ROUNDS} of whole lists, after ${WARMUP} warm-up rounds; times in ms, ${SAME_THREAD ? "the client on the server's thread (--client=same-thread)" : 'the client in a worker thread'}`,
      );
      console.log(
        `${'term'.padEnd(16)} ${'rows'.padStart(5)}   raw p50     p99   raw+http p50     p99   service p50     p99   page 1 p50     p99   p99 / raw+http   whole list p50     p99   Download All p50     p99   page 1 alone p50     p99`,
      );
      for (const term of terms) {
        const rows = await rawQuery(handle, term);
        const served = Number((await endpoint(term)).total);
        if (Math.min(rows, LIMIT - 1) !== served)
          throw new Error(`${term}: raw query found ${rows}, endpoint counted ${served}`);
        if ((await wholeList(term)).value !== served) throw new Error(`${term}: the whole list differs from the total`);
        if ((await download(term)).value !== served) throw new Error(`${term}: Download All differs from the total`);
        /** Each measure's time of one run: over HTTP, as the client timed it. */
        const run: Record<Measure, () => Promise<number>> = {
          raw: () => here(() => rawQuery(handle, term)),
          rawHttp: async () => (await rawHttp(term)).ms,
          service: () =>
            here(() =>
              service.searchProducts(account, { searchValue: term, isSearching: 'true', page: 1, pageSize: 20 }),
            ),
          endpoint: async () => {
            const before = portal.count;
            const { ms } = await endpoint(term);
            pageStatements += portal.count - before;
            pageRequests++;
            return ms;
          },
          alone: async () => (await endpoint(term)).ms,
          whole: async () => (await wholeList(term)).ms,
          download: async () => (await download(term)).ms,
        };
        const mine = noSamples();
        const time = async (m: Measure, keep: boolean) => {
          const ms = await run[m]();
          if (keep) mine[m].push(ms);
        };
        /** A clean heap to start with, in both threads (npm run bench:search passes --expose-gc). */
        const collect = async () => {
          globalThis.gc?.();
          await client.gc();
        };
        await collect();
        for (let i = 0; i < WARMUP + ROUNDS; i++)
          for (let k = 0; k < INTERLEAVED.length; k++)
            await time(INTERLEAVED[(i + k) % INTERLEAVED.length]!, i >= WARMUP);
        // Each whole-list measure's rounds together, so the garbage of one (a whole list is about
        // 500 kB of JSON) is not collected during another's timing.
        for (const m of BLOCKS) {
          await collect();
          for (let i = 0; i < WARMUP + LIST_ROUNDS; i++) await time(m, i >= WARMUP);
        }
        // Page 1 again, back to back in a block of its own: the portal's page with nothing in
        // between, the same on both engines. In turns above, each page follows the engine's own raw
        // query, which on PostgreSQL is a heavier neighbour (bench/README.md: "Page 1 from memory").
        await collect();
        for (let i = 0; i < WARMUP + ROUNDS; i++) await time('alone', i >= WARMUP);
        for (const m of MEASURES) all[m].push(...mine[m]);
        const row = { term, rows: served, ...figuresOf(mine) };
        perTerm.push(row);
        console.log(tableLine(term, String(served), row));
      }
      await bare.close();
      await client.close();
      const total = figuresOf(all);
      console.log(tableLine('ALL', '', total));
      console.log(
        `endpoint / raw query: p50 x${(total.endpoint.p50 / total.raw.p50).toFixed(1)}, p99 x${(total.endpoint.p99 / total.raw.p99).toFixed(1)}; endpoint / raw over HTTP: p99 x${(total.endpoint.p99 / total.rawHttp.p99).toFixed(1)}`,
      );
      const perPage = pageStatements / pageRequests;
      console.log(
        `page 1 asked the database ${perPage.toFixed(2)} statements per request (${pageStatements} in ${pageRequests}, session checks included)${handle.changes ? `: pages seen before come from memory while the change feed is live${handle.engine === 'sqlite' ? ' (its read of the change counter is not a Kysely statement and not counted)' : ''}; the service column reads every page from the database` : ''}`,
      );
      const over = perTerm.filter((t) => t.endpoint.p99 > 2 * t.rawHttp.p99).map((t) => t.term);
      console.log(
        over.length
          ? `terms above 2x raw over HTTP at p99: ${over.join(', ')}`
          : 'every term within 2x raw over HTTP at p99',
      );
      console.log(
        `a fixed page of 20 rows (${(JSON.stringify(fixedPage).length / 1024).toFixed(1)} KiB of JSON) from a bare route, compressed, no query: p50 ${pageFloor.p50.toFixed(2)} ms, p99 ${pageFloor.p99.toFixed(2)} ms (the floor for page 1 of any term)`,
      );
      const thousands = perTerm.filter((t) => t.rows >= 1000);
      for (const [what, pick] of [
        ['as Create Orders asks (page 1)', (t: Figures) => t.endpoint],
        ['as one whole list', (t: Figures) => t.whole],
        ['as Download All (streamed CSV)', (t: Figures) => t.download],
      ] as const) {
        const slow = thousands.filter((t) => pick(t).p99 > 10).map((t) => `${t.term} ${pick(t).p99.toFixed(1)} ms`);
        console.log(
          slow.length
            ? `lists of 1,000+ rows ${what} above 10 ms p99: ${slow.join(', ')}`
            : `lists of 1,000+ rows ${what} within 10 ms p99`,
        );
      }
      return {
        engine: engine.name,
        products: PRODUCTS,
        rounds: ROUNDS,
        listRounds: LIST_ROUNDS,
        index,
        total,
        perTerm,
        pageFloor,
        pageStatementsPerRequest: perPage,
      };
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
console.log(
  `search bench: ${os.cpus().length} cores, load average ${load()} (other work on the machine inflates the times)`,
);
const results = [];
const only = process.argv.find((a) => a.startsWith('--engine='))?.split('=')[1];
for (const engine of testEngines().filter((e) => !only || e.name === only)) results.push(await benchEngine(engine));
if (!process.env.TEST_DATABASE_URL) console.log('\n(PostgreSQL skipped: set TEST_DATABASE_URL to include it)');
const [lite, pgres] = [results.find((r) => r.engine === 'sqlite'), results.find((r) => r.engine === 'postgres')];
if (lite && pgres) {
  // Target: PostgreSQL within 2x SQLite, read at p99 (the tail is what a slow screen feels like); p50 beside it.
  const ratio = (m: 'endpoint' | 'alone', p: 'p50' | 'p99') => pgres.total[m][p] / lite.total[m][p];
  for (const [m, how] of [
    ['alone', 'timed back to back'],
    ['endpoint', 'timed in turns with its floors'],
  ] as const) {
    console.log(
      `PostgreSQL page 1 / SQLite page 1 over the mix, ${how}: p99 x${ratio(m, 'p99').toFixed(1)}, p50 x${ratio(m, 'p50').toFixed(1)}; ${ratio(m, 'p99') <= 2 ? 'within' : 'MISSES'} the 2x target at p99`,
    );
  }
}
const out = path.resolve(import.meta.dirname, '.output/search.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  JSON.stringify({ at: new Date().toISOString(), node: process.version, loadAverage: os.loadavg(), results }, null, 2),
);
console.log(`load average at the end: ${load()}`);
console.log(`\nwritten ${path.relative(process.cwd(), out)}`);
