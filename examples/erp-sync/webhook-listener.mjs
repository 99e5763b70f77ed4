#!/usr/bin/env node
/**
 * ERP stand-in, outbound half: receives the portal's webhooks, verifies each signature with the
 * `standardwebhooks` package, drops ids it has already seen (deliveries are at least once), and
 * prints new orders. See README.md here. `erp-sync.mjs` uses it after pushing the catalogue.
 *
 *   WEBHOOK_SECRET=whsec_... PORT=4100 node examples/erp-sync/webhook-listener.mjs
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { Webhook } from 'standardwebhooks';

/** One line (or a few) for an event, as an ERP clerk would want to read it. */
export function describe(event) {
  const d = event.data;
  switch (event.type) {
    case 'order.placed': {
      const goods = d.lines.filter((l) => l.type === 'Item');
      const lines = goods.map((l) => `    ${l.itemNumber} x ${l.quantity} ${l.unit} @ ${l.unitPrice} = ${l.total}`);
      return [
        `New order ${d.orderNumber} for ${d.customerNumber} (${d.accountName}), PO ${d.purchaseOrder || '-'}, ` +
          `total ${d.currency} ${d.totals.total.toFixed(2)}, deliver to ${d.delivery.name}, ${d.delivery.postcode}`,
        ...lines,
      ].join('\n');
    }
    case 'order.cancelled':
      return `Order ${d.orderNumber} of ${d.customerNumber} cancelled by the customer`;
    case 'payment.approved':
      return `Payment ${d.paymentReference} of ${d.currency} ${d.amount.toFixed(2)} from ${d.customerNumber} for ${
        d.orderNumber ? `order ${d.orderNumber}` : d.invoices.map((i) => i.documentNumber).join(', ')
      }`;
    case 'delivery_address.added':
      return `New delivery address for ${d.customerNumber}: ${d.address.name}, ${d.address.postcode}`;
    case 'user.updated':
      return `User ${d.username} of ${d.customerNumber} ${d.change} (${d.enabled ? 'enabled' : 'disabled'}, by ${d.source})`;
    default:
      return `${event.type} ${event.id}`;
  }
}

/**
 * An HTTP server that takes the portal's webhooks signed with `secret` (whsec_...): a forged or
 * altered one is answered 401, a repeated id is acknowledged and not printed again.
 */
export function createListener(secret, { log = console.log, warn = console.error } = {}) {
  const webhook = new Webhook(secret);
  const seen = new Set();
  return http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let event;
      try {
        event = webhook.verify(body, req.headers);
      } catch (err) {
        warn(`refused a request: ${err.message}`);
        res.writeHead(401).end();
        return;
      }
      if (seen.has(event.id)) {
        log(`(already had ${event.id})`);
      } else {
        seen.add(event.id);
        log(`#${event.sequence} ${describe(event)}`);
      }
      res.writeHead(204).end();
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret?.startsWith('whsec_')) {
    console.error('Set WEBHOOK_SECRET to the whsec_... secret answered when the webhook endpoint was created.');
    process.exit(2);
  }
  const port = Number(process.env.PORT ?? 4100);
  const server = createListener(secret);
  server.listen(port, () => console.log(`listening for portal webhooks on http://localhost:${port}/`));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
