import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX, API_SCOPES, INTEGRATION_MSG, type ApiScope } from '@wholesale/contract';
import { nowIso } from '../../lib/time.js';
import type { ApiClientsRepository } from './api-clients.repository.js';
import type { ApiCaller } from './guard.js';

/**
 * API keys: `wpk_<key id>_<secret>`. The key id (12 hex) finds the row; the secret (32 random bytes)
 * makes the key unguessable, so a plain SHA-256 of the whole key is a safe thing to store (a slow
 * password hash would only slow every request). The whole key is shown once, at creation.
 */
export const KEY_PREFIX = API_KEY_PREFIX;
const KEY_PATTERN = /^wpk_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

/** The key id of a presented key (its public part, safe to log), if it has one. */
export const keyIdOf = (key: string): string | undefined => /^wpk_([0-9a-f]{12})_/.exec(key)?.[1];

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

function newKey(): { keyId: string; key: string } {
  const keyId = randomBytes(6).toString('hex');
  return { keyId, key: `${KEY_PREFIX}${keyId}_${randomBytes(32).toString('base64url')}` };
}

/** A problem with what the operator asked for (the CLI prints it, exit 2). */
export class ApiClientError extends Error {}

export function parseScopes(list: string): ApiScope[] {
  const scopes = [
    ...new Set(
      list
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (scopes.length === 0) throw new ApiClientError(`--scopes needs one or more of: ${API_SCOPES.join(', ')}`);
  const unknown = scopes.filter((s) => !API_SCOPES.includes(s as ApiScope));
  if (unknown.length > 0)
    throw new ApiClientError(`unknown scope ${unknown.join(', ')}; known scopes: ${API_SCOPES.join(', ')}`);
  return scopes as ApiScope[];
}

const splitScopes = (s: string): ApiScope[] => s.split(',').filter(Boolean) as ApiScope[];

export function apiKeysService(repo: ApiClientsRepository) {
  async function issueKey(clientId: number): Promise<{ keyId: string; key: string }> {
    const k = newKey();
    await repo.insertKey({ keyId: k.keyId, clientId, hash: hashKey(k.key), now: nowIso() });
    return k;
  }

  async function liveClient(name: string) {
    const client = await repo.clientByName(name.trim());
    if (!client) throw new ApiClientError(`no API client "${name}"`);
    if (client.revoked_at) throw new ApiClientError(`API client "${name}" is revoked`);
    return client;
  }

  return {
    async createClient(name: string, scopeList: string) {
      const n = name.trim();
      if (!/^[A-Za-z0-9 ._-]{1,60}$/.test(n))
        throw new ApiClientError('--name must be 1-60 letters, digits, spaces and . _ -');
      const scopes = parseScopes(scopeList);
      if (await repo.clientByName(n)) throw new ApiClientError(`API client "${n}" already exists`);
      const { id } = await repo.insertClient(n, scopes.join(','), nowIso());
      return { clientId: id, name: n, scopes, ...(await issueKey(id)) };
    },

    /** A second live key for the client; the old one stays valid until revoked. */
    async rotateKey(name: string) {
      const client = await liveClient(name);
      return { name: client.name, ...(await issueKey(client.id)) };
    },

    /** Revokes one key (by its id, or a whole key) or, given a client name, the client and all its keys. */
    async revoke(target: { name?: string; keyId?: string }): Promise<string> {
      if (target.keyId) {
        const keyId = KEY_PATTERN.exec(target.keyId.trim())?.[1] ?? target.keyId.trim();
        const n = await repo.revokeKey(keyId, nowIso());
        if (n === 0) throw new ApiClientError(`no live key ${keyId}`);
        // A client without keys stays a client (rotate gives it a new key), so its endpoints keep
        // receiving events: say so, and how to stop them.
        const left = await repo.clientOfKey(keyId);
        if (left && left.live_keys === 0)
          return `Revoked key ${keyId}; API client ${left.name} has no live key left, but its webhook endpoints still receive events until you run: npm run admin -- api-client revoke --name "${left.name}"`;
        return `Revoked key ${keyId}`;
      }
      if (!target.name) throw new ApiClientError('give --name (the client and all its keys) or --key-id (one key)');
      const client = await liveClient(target.name);
      // Its webhook endpoints are disabled in the same transaction: the dispatcher sends nothing
      // more to them, deliveries already queued included (events.repository.ts dueDeliveries, claim).
      await repo.revokeClient(client.id, nowIso(), INTEGRATION_MSG.webhookDisabled.clientRevoked);
      return `Revoked API client ${client.name}, its keys and its webhook endpoints`;
    },

    async list() {
      const rows = await repo.listClients();
      const clients = new Map<
        number,
        {
          id: number;
          name: string;
          scopes: ApiScope[];
          createdAt: string;
          revokedAt: string | null;
          keys: { keyId: string; createdAt: string }[];
        }
      >();
      for (const r of rows) {
        let c = clients.get(r.id);
        if (!c) {
          c = {
            id: Number(r.id),
            name: r.name,
            scopes: splitScopes(r.scopes),
            createdAt: r.created_at,
            revokedAt: r.revoked_at,
            keys: [],
          };
          clients.set(r.id, c);
        }
        if (r.key_id) c.keys.push({ keyId: r.key_id, createdAt: r.key_created_at ?? '' });
      }
      return [...clients.values()];
    },

    /** The caller a presented key belongs to, or undefined (unknown, malformed, revoked). */
    async authenticate(key: string): Promise<ApiCaller | undefined> {
      const m = KEY_PATTERN.exec(key);
      if (!m?.[1]) return undefined;
      const row = await repo.liveKey(m[1]);
      if (!row) return undefined;
      const given = Buffer.from(hashKey(key), 'hex');
      const stored = Buffer.from(row.key_hash, 'hex');
      if (given.length !== stored.length || !timingSafeEqual(given, stored)) return undefined;
      return { clientId: row.client_id, name: row.name, scopes: splitScopes(row.scopes) };
    },
  };
}
export type ApiKeysService = ReturnType<typeof apiKeysService>;
