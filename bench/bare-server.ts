/** The baseline for bench/throughput.ts: a bare Fastify route, no logging, no auth, no database. */
import Fastify from 'fastify';
import { routes, pathOf } from '@wholesale/contract';

const app = Fastify({ logger: false });
app.get(pathOf(routes.getHealth), async () => ({ status: 'ok' }));
app.get('/bare', async () => ({ ok: true, items: [1, 2, 3] }));
app.post('/bare', async (req) => ({ ok: true, got: req.body }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
