/**
 * `npm run seed [-- --products N --accounts N --orders N --no-images --seed N]`: empties the
 * database (DATABASE_URL or DATA_DIR/portal.sqlite) and fills it with demo data.
 */
import { parseArgs } from 'node:util';
import { resetDatabase } from '../db/maintenance.js';
import { DEMO_PASSWORD, seedDemo, type SeedOptions, type SeedSummary } from '../seed/index.js';
import { intOption, isMain, openFromEnv, runCli, UsageError } from './db.js';

export const SEED_HELP = `Usage: npm run seed -- [--products N] [--accounts N] [--orders N] [--no-images] [--seed N]

Deletes every row of the database and creates the demo data: a catalogue (default 2,400 products),
the demo logins (demo, demo2, proforma, euro; password ${DEMO_PASSWORD}) with order and invoice
history, and operator settings. --accounts above 3 adds generated accounts (users user00001...),
--orders spreads that many orders over them. --no-images shares a few pictures per product type.
The database is DATABASE_URL (postgres://...) or DATA_DIR/portal.sqlite (default ./data).`;

export function parseSeedArgs(argv: string[]): SeedOptions | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      products: { type: 'string' },
      accounts: { type: 'string' },
      orders: { type: 'string' },
      'no-images': { type: 'boolean' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}" (see --help)`);
  return {
    products: intOption('products', values.products, 1, 2_000_000),
    accounts: intOption('accounts', values.accounts, 3, 1_000_000),
    orders: intOption('orders', values.orders, 0, 10_000_000),
    images: values['no-images'] ? false : undefined,
    seed: intOption('seed', values.seed, 0, 2 ** 32 - 1),
  };
}

const n = (v: number) => v.toLocaleString('en-GB');

export function describeSummary(s: SeedSummary): string {
  return (
    `${n(s.products)} products (${s.productTypes} types, ${s.ranges} ranges, ${n(s.images)} images, ` +
    `${n(s.multiBuyProducts)} with multi-buy, ${n(s.inboundDeliveries)} inbound deliveries), ` +
    `${n(s.accounts)} accounts, ${n(s.users)} users, ${n(s.orders)} orders (${n(s.orderLines)} lines), ` +
    `${n(s.invoices)} invoices, ${n(s.statements)} statements`
  );
}

async function main(): Promise<void> {
  const opts = parseSeedArgs(process.argv.slice(2));
  if (opts === 'help') {
    console.log(SEED_HELP);
    return;
  }
  const started = performance.now();
  const handle = await openFromEnv();
  try {
    await resetDatabase(handle);
    const summary = await seedDemo(handle, opts);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`seed: ${handle.describe}: ${describeSummary(summary)} in ${seconds} s`);
    console.log(`seed: logins demo, demo2, proforma, euro; password ${DEMO_PASSWORD}`);
  } finally {
    await handle.close();
  }
}

if (isMain(import.meta.url)) runCli('seed', main);
