/**
 * Where the server may call out to (webhook endpoints): http(s) only, no credentials in the URL,
 * and every address the host resolves to must be a public unicast one, unless the operator allows
 * private addresses (WEBHOOKS_ALLOW_PRIVATE=true, e.g. an ERP on the same LAN, or tests). Checked
 * when an endpoint is saved and again on every connection (`guardedLookup`), so a host whose DNS
 * changes later cannot point the server at loopback or the LAN.
 */
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

import { INTEGRATION_MSG } from '@wholesale/contract';

const URL_MSG = INTEGRATION_MSG.webhookUrl;

export class UnsafeUrlError extends Error {}

/** True for a public unicast address (IPv4-mapped IPv6 judged as the IPv4 address it carries). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The URL's problem in words, or undefined when it is acceptable. */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return URL_MSG.scheme;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return URL_MSG.scheme;
  if (url.username || url.password) return URL_MSG.credentials;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : (await dns.promises.lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return URL_MSG.unresolvable(host);
  }
  if (addresses.length === 0) return URL_MSG.unresolvable(host);
  if (!allowPrivate && !addresses.every(isPublicAddress)) return URL_MSG.privateAddress(host);
  return undefined;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request that refuses the connection when any resolved address is not
 * public (the check made at the moment of connecting). IP-literal hosts never reach a lookup:
 * `checkWebhookUrl` judges those before the request is made.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      if (!allowPrivate && !addresses.every((a) => isPublicAddress(a.address)))
        return callback(new UnsafeUrlError(URL_MSG.privateAddress(hostname)), '');
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new UnsafeUrlError(URL_MSG.unresolvable(hostname)), '');
      callback(null, first.address, first.family);
    });
  };
}
