#!/usr/bin/env node
/**
 * A small ERP stand-in for the portal's integration API (see README.md here):
 *   1. pushes a catalogue CSV through PUT /products, /prices and /stock (pages of 1,000 items),
 *      printing each page's per-row summary and any failed rows with their JSON pointers;
 *   2. registers its own webhook endpoint (replacing an earlier one at the same URL), keeping the
 *      signing secret the portal shows once;
 *   3. listens for webhooks, verifies each signature with `standardwebhooks` and prints new orders.
 *
 *   API_KEY=wpk_... node examples/erp-sync/erp-sync.mjs
 *
 * Settings: PORTAL_URL (default http://localhost:3000), CSV (default catalogue.csv here), PORT
 * (default 4100), WEBHOOK_URL (what the portal calls; default http://localhost:PORT/).
 * The key needs catalogue:write, prices:write, stock:write and webhooks:manage.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createListener } from './webhook-listener.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const portal = (process.env.PORTAL_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const apiKey = process.env.API_KEY ?? '';
const csvPath = process.env.CSV ?? path.join(here, 'catalogue.csv');
const port = Number(process.env.PORT ?? 4100);
const webhookUrl = process.env.WEBHOOK_URL ?? `http://localhost:${port}/`;
const V1 = `${portal}/api/integration/v1`;
const PAGE = 1000;

if (!apiKey.startsWith('wpk_')) {
  console.error(
    'Set API_KEY to a key from: npm run admin -- api-client create --name erp-sync --scopes catalogue:write,prices:write,stock:write,webhooks:manage',
  );
  process.exit(2);
}

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  const [header, ...data] = rows;
  return data.map((r) => Object.fromEntries(header.map((h, n) => [h.trim(), (r[n] ?? '').trim()])));
}

async function call(method, url, body) {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (!res.ok) throw new Error(`${method} ${url.slice(V1.length)}: ${res.status} ${json?.detail ?? text}`);
  return json;
}

/** PUT items page by page; prints what each row became, and why a row failed. */
async function push(what, items) {
  const total = { created: 0, updated: 0, unchanged: 0, stale: 0, failed: 0 };
  for (let from = 0; from < items.length; from += PAGE) {
    const page = items.slice(from, from + PAGE);
    const started = performance.now();
    const { results, summary } = await call('PUT', `${V1}/${what}`, { items: page });
    for (const k of Object.keys(total)) total[k] += summary[k];
    for (const r of results.filter((x) => x.status === 'failed'))
      console.log(
        `  ${what} row ${from + r.index + 2} (${r.key}) failed: ${r.errors.map((e) => `${e.pointer} ${e.detail}`).join('; ')}`,
      );
    const ms = Math.round(performance.now() - started);
    console.log(`PUT /${what} items ${from + 1}-${from + page.length}: ${JSON.stringify(summary)} in ${ms} ms`);
  }
  return total;
}

const rows = parseCsv(fs.readFileSync(csvPath, 'utf8'));
console.log(`${rows.length} catalogue rows from ${path.relative(process.cwd(), csvPath)}`);
await push(
  'products',
  rows.map((r) => ({
    itemNumber: r.itemNumber,
    description: r.description,
    productType: r.productType,
    range: r.range,
    unit: r.unit,
    packQuantity: Number(r.packQuantity),
  })),
);
await push(
  'prices',
  rows.flatMap((r) =>
    [
      ['GBP', r.priceGBP],
      ['EUR', r.priceEUR],
    ]
      .filter(([, price]) => price)
      .map(([currency, listPrice]) => ({ itemNumber: r.itemNumber, currency, listPrice })),
  ),
);
await push(
  'stock',
  rows.map((r) => ({ itemNumber: r.itemNumber, quantity: Number(r.stock) })),
);

// The signing secret is shown only when an endpoint is created: replace ours each run.
const { endpoints } = await call('GET', `${V1}/webhook-endpoints`);
for (const e of endpoints.filter((x) => x.url === webhookUrl)) await call('DELETE', `${V1}/webhook-endpoints/${e.id}`);
const endpoint = await call('POST', `${V1}/webhook-endpoints`, {
  url: webhookUrl,
  eventTypes: ['order.placed', 'order.cancelled', 'payment.approved', 'delivery_address.added', 'user.updated'],
});
console.log(`webhook endpoint ${endpoint.id} registered for ${webhookUrl}`);

const server = createListener(endpoint.secret);
server.listen(port, () => console.log(`listening for portal webhooks on http://localhost:${port}/ (Ctrl+C stops)`));
process.on('SIGINT', () => server.close(() => process.exit(0)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
