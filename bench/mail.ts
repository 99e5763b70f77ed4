/**
 * Email, two figures in one run:
 *
 * 1. What the mail outbox adds to Place Order: p50/p99 of POST /api/basket/submit/{revision} (20
 *    lines, demo data, SQLite) on two servers started alike but for MAIL_ENABLED (true: the order
 *    acknowledgement's row is written in the order's transaction; false: nothing), rounds taken
 *    in turn on each. Both run with MAIL_DELIVERY=false, so no sending competes with the measure.
 *    Target: the outbox adds under 1 ms at p99.
 * 2. Emails sent per second by one mail worker (its default 4 in flight, nodemailer's pool) to a
 *    local smtp-server over TCP, rendering each order acknowledgement with React Email; beside it
 *    the same server taking bare nodemailer messages with nothing rendered (the baseline).
 *
 *   npm run bench:mail                      # 60 rounds, 300 emails
 *   node --import tsx bench/mail.ts --rounds=100 --emails=500
 *
 * Writes bench/.output/mail.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { routes, pathOf } from '@wholesale/contract';
import { arg, loadLine, percentile, startServer, writeOutput } from './lib.js';
import { openDatabase } from '../server/src/db/client.js';
import { migrateToLatest } from '../server/src/db/migrate.js';
import { seedDemo } from '../server/src/seed/index.js';
import { composeStore } from '../server/src/compose.js';
import { secretBox } from '../server/src/lib/secret-box.js';
import { recordOrderAcknowledgement } from '../server/src/modules/mail/mail-outbox.js';
import { mailTransport } from '../server/src/modules/mail/mail-transport.js';
import { unsubscribeSigner } from '../server/src/modules/mail/mail-unsubscribe.js';
import { mailWorker } from '../server/src/modules/mail/mail-worker.js';

const ROUNDS = arg('rounds', 60);
const EMAILS = arg('emails', 300);
const LINES = 20;
const TARGET_ADDED_MS = 1;

const summary = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99), max: s.at(-1) ?? NaN };
};

// ---- 1. Place Order with the outbox on and off ----------------------------------------------------

async function portal(mailEnabled: boolean) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-mail-${mailEnabled ? 'on' : 'off'}-`));
  const server = await startServer({
    DATA_DIR: dataDir,
    SEED_ON_EMPTY: 'true',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    MAIL_ENABLED: String(mailEnabled),
    MAIL_DELIVERY: 'false',
    LOG_LEVEL: 'warn',
  });
  let auth: Record<string, string> = {};
  const api = (url: string, init: RequestInit = {}) =>
    fetch(`${server.base}${url}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...auth, ...(init.headers as Record<string, string>) },
    });
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
  return {
    samples: [] as number[],
    async round(round: number): Promise<number> {
      for (const itemNumber of items)
        await api(pathOf(routes.addBasketLine), {
          method: 'POST',
          body: JSON.stringify({ itemNumber, quantity: 1 + (round % 3) }),
        });
      await api(pathOf(routes.submitBasketHeader), {
        method: 'POST',
        body: JSON.stringify({ externalDocNo: `BENCH-${round}`, deliveryCode: 'INVOICE' }),
      });
      const basket = (await (await api(pathOf(routes.getBasket))).json()) as { revision: number };
      const { totalAmount } = (await (await api(pathOf(routes.getBasketAmount))).json()) as { totalAmount: number };
      const t = performance.now();
      const res = await api(pathOf(routes.submitBasket, { id: basket.revision }), {
        method: 'POST',
        body: JSON.stringify({ amount: totalAmount }),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`place order answered ${res.status}`);
      return performance.now() - t;
    },
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

console.log('Place Order, email on and off: starting two servers with demo data...');
const on = await portal(true);
const off = await portal(false);
try {
  for (let round = 0; round < ROUNDS + 5; round++) {
    // In turn, so a burst of load from elsewhere falls on both.
    const [first, second] = round % 2 ? [on, off] : [off, on];
    const a = await first.round(round);
    const b = await second.round(round);
    if (round >= 5) {
      first.samples.push(a);
      second.samples.push(b);
    }
  }
} finally {
  await on.stop();
  await off.stop();
}
const withMail = summary(on.samples);
const withoutMail = summary(off.samples);

console.log('Emails a second...');
// ---- 2. Emails per second by one worker -------------------------------------------------------------

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  closeTimeout: 200,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received++;
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`;

// The baseline: the same SMTP server fed plain messages by a nodemailer pool, 4 at a time.
const bareTransport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 4 });
const bareStarted = performance.now();
for (let i = 0; i < EMAILS; i += 4)
  await Promise.all(
    Array.from({ length: Math.min(4, EMAILS - i) }, (_, k) =>
      bareTransport.sendMail({ from: 'a@bench.example', to: 'b@bench.example', subject: `bare ${i + k}`, text: 'x' }),
    ),
  );
const bareSeconds = (performance.now() - bareStarted) / 1000;
bareTransport.close();

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mail-worker-'));
const handle = openDatabase({ dataDir: dir });
let workerSeconds = NaN;
try {
  await migrateToLatest(handle);
  await seedDemo(handle, { products: 200, images: false, accounts: 4, orders: 40 });
  const order = await handle.db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select('orders.order_number')
    .where('users.username', '=', 'demo')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < EMAILS; i += 100)
    await handle.db.transaction().execute(async (trx) => {
      for (let k = i; k < Math.min(EMAILS, i + 100); k++) await recordOrderAcknowledgement(trx, order.order_number);
    });
  const store = composeStore(handle.db);
  const transport = mailTransport({ smtpUrl, dataDir: dir, timeoutMs: 10_000 });
  const { repos } = store.internal;
  const worker = mailWorker(repos.mail.base, {
    transport,
    render: {
      settings: store.settings,
      delivery: store.delivery,
      paymentInvoices: (paymentId) => repos.invoicePayments.base.paymentInvoiceFigures(paymentId),
      baseUrl: 'http://portal.bench',
      unsubscribe: unsubscribeSigner('bench-secret-bench-secret-bench-secret'),
      box: secretBox('bench-secret-bench-secret-bench-secret'),
    },
    from: async () => '"Bench" <bench@bench.example>',
    pollMs: 20,
    leaseMs: 60_000,
  });
  const before = received;
  const started = performance.now();
  worker.start();
  while (received - before < EMAILS) {
    await new Promise((r) => setTimeout(r, 5));
    const stuck = await handle.db
      .selectFrom('mail_outbox')
      .select(['status', 'last_error'])
      .where('status', 'in', ['failed', 'unsendable'])
      .executeTakeFirst();
    if (stuck) throw new Error(`an email was not sent: ${stuck.status} ${stuck.last_error}`);
  }
  workerSeconds = (performance.now() - started) / 1000;
  await worker.stop();
  transport.close();
} finally {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
}

const ms = (n: number) => `${n.toFixed(2)} ms`.padStart(11);
const added = withMail.p99 - withoutMail.p99;
console.log(`\nPlace an order of ${LINES} lines, email on against off: ${ROUNDS} rounds each, in turn (sqlite)`);
console.log(loadLine());
console.log(`${''.padEnd(36)}${'p50'.padStart(11)}${'p99'.padStart(11)}${'max'.padStart(11)}`);
console.log(`${'MAIL_ENABLED=false'.padEnd(36)}${ms(withoutMail.p50)}${ms(withoutMail.p99)}${ms(withoutMail.max)}`);
console.log(`${'MAIL_ENABLED=true (outbox row)'.padEnd(36)}${ms(withMail.p50)}${ms(withMail.p99)}${ms(withMail.max)}`);
console.log(
  `the outbox adds ${(withMail.p50 - withoutMail.p50).toFixed(2)} ms at p50, ${added.toFixed(2)} ms at p99; ${added < TARGET_ADDED_MS ? 'meets' : 'MISSES'} the ${TARGET_ADDED_MS} ms target`,
);
console.log(`\nEmails to a local smtp-server over TCP: ${EMAILS}`);
console.log(`bare nodemailer pool (4 at a time, nothing rendered): ${(EMAILS / bareSeconds).toFixed(0)} emails/s`);
console.log(
  `one mail worker (order acknowledgements rendered with React Email): ${(EMAILS / workerSeconds).toFixed(0)} emails/s, ${(EMAILS / workerSeconds / (EMAILS / bareSeconds)).toFixed(2)}x the bare pool`,
);
writeOutput('mail.json', {
  rounds: ROUNDS,
  lines: LINES,
  placeOrder: { mailOff: withoutMail, mailOn: withMail, addedP99Ms: added },
  emails: EMAILS,
  barePerSecond: EMAILS / bareSeconds,
  workerPerSecond: EMAILS / workerSeconds,
});
