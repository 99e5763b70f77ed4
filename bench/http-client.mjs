/**
 * The search bench's measuring client, run in a worker thread of its own (bench/search.ts starts it).
 *
 * A worker has its own heap, so what the client makes per request (the request, the answer's bytes,
 * the inflating, the parsed JSON) is collected there, not in the heap of the server it measures, as a
 * browser's is. With the client on the server's own thread, its garbage (about a third of a page
 * request's) and its zlib handles fell into the server's young-generation collections, so a
 * collection of some 2 ms fell inside one page request in a hundred or so, and page 1's p99 was
 * the client's as much as the server's (bench/README.md).
 *
 * Plain JavaScript: a worker does not take the `--import tsx` loader of the main thread.
 * `npm run bench:search -- --client=same-thread` calls `measure` on the server's own thread instead,
 * as the bench did before, to compare.
 *
 * Asked `{ id, url, headers, read }`, it GETs the URL, reads the body as `read` says, and answers
 * `{ id, ms, status, total, value }`, where `ms` is the request's time from asking to the body
 * decompressed and parsed (the message's own trip is not in it). `read`: `json` (parsed; `value` is
 * the text), `rows` (a JSON array: its length), `count` (`{ rows }`: the number), `csv` (lines after
 * the header). Asked `{ id, gc: true }`, it collects its garbage (with `--expose-gc`).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import zlib from 'node:zlib';

const keepAlive = new http.Agent({ keepAlive: true });

/**
 * GET over a kept-alive connection, asking for `br, gzip` as a browser does, with the body
 * decompressed in one call once it is all in. Not `fetch`: fetch inflates through a zlib stream,
 * whose trip through libuv's threadpool added 2-4 ms at p99 to every compressed answer (a browser
 * inflates in its network process), a cost of the measuring client that uncompressed floors did
 * not pay.
 */
function httpGet(url, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: keepAlive, headers: { 'accept-encoding': 'br, gzip', ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        try {
          const body = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const plain =
            encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: plain.toString('utf8') });
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on('error', reject);
  });
}

const readers = {
  json: (text) => (JSON.parse(text), text),
  rows: (text) => JSON.parse(text).length,
  count: (text) => JSON.parse(text).rows,
  csv: (text) => text.split('\r\n').filter(Boolean).length - 1,
};

/** One timed request: `{ ms, status, total, value }` as described above. */
export async function measure({ url, headers, read }) {
  const started = performance.now();
  const res = await httpGet(url, headers ?? {});
  const value = res.status === 200 ? readers[read](res.text) : undefined;
  const ms = performance.now() - started;
  return { ms, status: res.status, total: res.headers['x-total-count'], value };
}

parentPort?.on('message', async ({ id, gc, ...request }) => {
  if (gc) {
    globalThis.gc?.();
    parentPort.postMessage({ id });
    return;
  }
  try {
    parentPort.postMessage({ id, ...(await measure(request)) });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
