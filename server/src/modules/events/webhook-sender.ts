/**
 * One HTTP POST of a webhook: no redirects followed (a 3xx is an answer like any other non-2xx),
 * a short overall timeout, only public addresses unless allowed (url-guard.ts), and at most
 * 64 KiB of the answer read.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { INTEGRATION_MSG } from '@wholesale/contract';
import { guardedLookup, isPublicAddress, UnsafeUrlError } from './url-guard.js';

export interface SendOptions {
  timeoutMs: number;
  allowPrivate: boolean;
}

const MAX_ANSWER_BYTES = 64 * 1024;

/** Resolves with the answer's status code; rejects on a network error, a timeout or a refused address. */
export function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  opts: SendOptions,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(target);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return reject(new UnsafeUrlError(INTEGRATION_MSG.webhookUrl.scheme));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && !opts.allowPrivate && !isPublicAddress(host))
      return reject(new UnsafeUrlError(INTEGRATION_MSG.webhookUrl.privateAddress(host)));
    const request = url.protocol === 'https:' ? https.request : http.request;
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'wholesale-portal-webhooks/1',
        },
        lookup: guardedLookup(opts.allowPrivate) as never,
        signal: AbortSignal.timeout(opts.timeoutMs),
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        res.on('close', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
