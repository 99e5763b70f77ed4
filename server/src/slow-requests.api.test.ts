/**
 * Requests that never finish arriving (a slow-loris client: headers cut short, a body that stops
 * half-way, a body dripped a byte at a time) must not hold sockets open for ever: the server ends
 * them after HTTP_HEADERS_TIMEOUT_MS / HTTP_REQUEST_TIMEOUT_MS (408, then close), over real TCP.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pathOf, routes } from '@wholesale/contract';
import { testEngines } from './db/testing.js';
import type { DbHandle } from './db/client.js';
import { testApp } from './test/app.js';

/** Opens a socket, sends `first`, then `drip` every 100 ms; resolves with what came back and when it closed. */
function slowClient(port: number, first: string, drip?: string) {
  const started = performance.now();
  return new Promise<{ ms: number; answer: string }>((resolve) => {
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(first);
      if (drip) timer = setInterval(() => socket.writable && socket.write(drip), 100);
    });
    socket.on('data', (b) => (answer += b.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ ms: Math.round(performance.now() - started), answer: answer.split('\r\n')[0] ?? '' });
    });
    // The test's own bound: a socket still open after 8 s counts as never closed.
    setTimeout(() => {
      if (socket.destroyed) return;
      clearInterval(timer);
      socket.destroy();
      resolve({ ms: Infinity, answer: 'still open' });
    }, 8_000).unref();
  });
}

describe('slow requests', () => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    handle = await testEngines()[0]!.open();
    app = await testApp(handle, { HTTP_REQUEST_TIMEOUT_MS: 1_500, HTTP_HEADERS_TIMEOUT_MS: 700 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('closes sockets whose headers or body never finish, and keeps serving others', async () => {
    const body = '{"username":"someone","password":"';
    const post = `POST ${pathOf(routes.login)} HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;
    const clients = [
      // Headers cut short: never the blank line.
      ...Array.from({ length: 5 }, () =>
        slowClient(port, `GET ${pathOf(routes.getHealth)} HTTP/1.1\r\nHost: portal\r\n`),
      ),
      // Headers dripped a line at a time, never finished: each byte resets no idle timer that would help.
      ...Array.from({ length: 5 }, () =>
        slowClient(port, `GET ${pathOf(routes.getHealth)} HTTP/1.1\r\n`, 'X-Slow: 1\r\n'),
      ),
      // The body stops half-way.
      ...Array.from({ length: 5 }, () => slowClient(port, post + body)),
      // The body dripped a byte at a time.
      ...Array.from({ length: 5 }, () => slowClient(port, post + body, 'a')),
    ];
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Meanwhile others are served.
    const health = await fetch(`http://127.0.0.1:${port}${pathOf(routes.getHealth)}`);
    expect(health.status).toBe(200);

    const closed = await Promise.all(clients);
    console.log(
      `slow requests closed after ${closed.map((c) => `${c.ms} ms (${c.answer || 'no answer'})`).join(', ')}`,
    );
    for (const c of closed) {
      expect(c.answer).not.toBe('still open');
      // Ended by the server (408 or a plain close) within the configured times and a checking interval.
      expect(c.ms).toBeLessThan(5_000);
      if (c.answer) expect(c.answer).toMatch(/^HTTP\/1\.1 408/);
    }
  }, 20_000);
});
