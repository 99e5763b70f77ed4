#!/usr/bin/env node
/**
 * ERP stand-in, outbound half: receives the portal's webhooks, verifies each signature with the
 * `standardwebhooks` package, drops ids it has already seen (deliveries are at least once), and
 * prints new orders. See README.md here.
 *
 *   WEBHOOK_SECRET=whsec_... PORT=4100 node examples/erp-sync/webhook-listener.mjs
 */
import http from 'node:http';
import { Webhook } from 'standardwebhooks';

const secret = process.env.WEBHOOK_SECRET;
if (!secret?.startsWith('whsec_')) {
  console.error('Set WEBHOOK_SECRET to the whsec_... secret answered when the webhook endpoint was created.');
  process.exit(2);
}
const webhook = new Webhook(secret);
const port = Number(process.env.PORT ?? 4100);
const seen = new Set();

function describe(event) {
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
    default:
      return `${event.type} ${event.id}`;
  }
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    let event;
    try {
      event = webhook.verify(body, req.headers);
    } catch (err) {
      console.error(`refused a request: ${err.message}`);
      res.writeHead(401).end();
      return;
    }
    if (seen.has(event.id)) {
      console.log(`(already had ${event.id})`);
    } else {
      seen.add(event.id);
      console.log(`#${event.sequence} ${describe(event)}`);
    }
    res.writeHead(204).end();
  });
});
server.listen(port, () => console.log(`listening for portal webhooks on http://localhost:${port}/`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
