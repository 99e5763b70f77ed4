import {
  BACK_OFFICE_MSG,
  type IssuedApiKey,
  type StaffApiClient,
  createStaffApiClientRequest,
  listStaffWebhookDeliveriesQuery,
} from '@wholesale/contract/staff';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Repos } from '../../db/repos.js';
import { HttpError, conflict, notFound } from '../../lib/http-errors.js';
import type { WebhookOperatorService } from '../events/webhooks.service.js';
import { ApiClientError, type ApiKeysService } from '../integration/api-keys.js';
import type { AuditService } from './audit.service.js';
import { actorOf, type StaffCaller } from './staff.service.js';

/**
 * The back office's integration (admin): API clients and webhook endpoints through the services the
 * admin CLI's `api-client` and `webhook` commands use. Keys are never audited or logged, only their
 * ids.
 */
export function staffIntegrationService(deps: {
  apiKeys: Repos<ApiKeysService>;
  webhookOperator: Repos<WebhookOperatorService>;
  audit: AuditService;
}) {
  const { audit } = deps;
  const apiKeys = deps.apiKeys.base;
  const webhookOperator = deps.webhookOperator.base;

  async function client(clientId: number, keys = apiKeys): Promise<StaffApiClient> {
    const c = (await keys.list()).find((x) => x.id === clientId);
    if (!c) throw notFound(BACK_OFFICE_MSG.clientNotFound);
    return c;
  }
  async function liveClient(clientId: number): Promise<StaffApiClient> {
    const c = await client(clientId);
    if (c.revokedAt) throw conflict(BACK_OFFICE_MSG.clientRevoked);
    return c;
  }
  const keyIds = (c: StaffApiClient) => c.keys.map((k) => k.keyId);
  /** What the audit log keeps of a client: never a key, only key ids. */
  const state = (c: StaffApiClient) => ({
    name: c.name,
    scopes: c.scopes,
    keyIds: keyIds(c),
    revoked: c.revokedAt !== null,
  });

  async function record(
    trx: Db,
    caller: StaffCaller,
    action: string,
    before: StaffApiClient | null,
    after: StaffApiClient,
  ) {
    await audit.appendIn(trx, actorOf(caller), {
      action,
      targetKind: 'api_client',
      targetId: after.name,
      before: before ? state(before) : null,
      after: state(after),
    });
  }

  /**
   * Runs a change through the CLI's service in a transaction that also writes its audit row. A
   * refusal the checks above did not foresee (a race): a 409 with its words.
   */
  async function op<T>(run: (keys: ApiKeysService, trx: Db) => Promise<T>): Promise<T> {
    try {
      return await deps.apiKeys.transaction(run);
    } catch (err) {
      if (err instanceof ApiClientError) throw new HttpError(409, err.message);
      throw err;
    }
  }

  return {
    listStaffApiClients: async (_caller: StaffCaller): Promise<StaffApiClient[]> => apiKeys.list(),

    async createStaffApiClient(
      caller: StaffCaller,
      input: z.output<typeof createStaffApiClientRequest>,
    ): Promise<IssuedApiKey> {
      if ((await apiKeys.list()).some((c) => c.name === input.name))
        throw conflict(BACK_OFFICE_MSG.clientNameTaken(input.name));
      return op(async (keys, trx) => {
        const made = await keys.createClient(input.name, [...new Set(input.scopes)].join(','));
        const after = await client(made.clientId, keys);
        await record(trx, caller, 'api_client.create', null, after);
        return { client: after, keyId: made.keyId, key: made.key };
      });
    },

    async rotateStaffApiClientKey(caller: StaffCaller, { clientId }: { clientId: number }): Promise<IssuedApiKey> {
      const before = await liveClient(clientId);
      return op(async (keys, trx) => {
        const k = await keys.rotateKey(before.name);
        const after = await client(clientId, keys);
        await record(trx, caller, 'api_client.rotate_key', before, after);
        return { client: after, keyId: k.keyId, key: k.key };
      });
    },

    async revokeStaffApiKey(
      caller: StaffCaller,
      { clientId, keyId }: { clientId: number; keyId: string },
    ): Promise<StaffApiClient> {
      const before = await client(clientId);
      if (!keyIds(before).includes(keyId)) throw notFound(BACK_OFFICE_MSG.keyNotFound);
      return op(async (keys, trx) => {
        await keys.revoke({ keyId });
        const after = await client(clientId, keys);
        await record(trx, caller, 'api_client.revoke_key', before, after);
        return after;
      });
    },

    async revokeStaffApiClient(caller: StaffCaller, { clientId }: { clientId: number }): Promise<StaffApiClient> {
      const before = await liveClient(clientId);
      return op(async (keys, trx) => {
        await keys.revoke({ name: before.name });
        const after = await client(clientId, keys);
        await record(trx, caller, 'api_client.revoke', before, after);
        return after;
      });
    },

    listStaffWebhookEndpoints: async (_caller: StaffCaller) => webhookOperator.list(),

    async listStaffWebhookDeliveries(
      _caller: StaffCaller,
      input: z.output<typeof listStaffWebhookDeliveriesQuery> & { endpointId: number },
    ) {
      if (!(await webhookOperator.endpoint(input.endpointId))) throw notFound(BACK_OFFICE_MSG.webhookEndpointNotFound);
      const { total, rows } = await webhookOperator.deliveries(input.endpointId, input);
      return { total, rows, page: input.page, pageSize: input.pageSize };
    },

    async redeliverStaffWebhookDelivery(
      caller: StaffCaller,
      { endpointId, deliveryId }: { endpointId: number; deliveryId: number },
    ) {
      const endpoint = await webhookOperator.endpoint(endpointId);
      if (!endpoint) throw notFound(BACK_OFFICE_MSG.webhookEndpointNotFound);
      if (!endpoint.enabled) throw conflict(BACK_OFFICE_MSG.endpointDisabled);
      const before = (
        await webhookOperator.deliveries(endpointId, {
          page: 1,
          pageSize: 1,
          sort: 'createdAt',
          direction: 'desc',
          id: deliveryId,
        })
      ).rows[0];
      if (!before) throw notFound(BACK_OFFICE_MSG.deliveryNotFound);
      // The delivery queued again and its audit row in one transaction.
      return deps.webhookOperator.transaction(async (hooks, trx) => {
        const after = await hooks.redeliver(endpointId, deliveryId);
        if (!after) throw notFound(BACK_OFFICE_MSG.deliveryNotFound);
        await audit.appendIn(trx, actorOf(caller), {
          action: 'webhook.redeliver',
          targetKind: 'webhook_delivery',
          targetId: deliveryId,
          before: { status: before.status, attempts: before.attempts, lastStatus: before.lastStatus },
          after: { status: after.status, attempts: after.attempts },
        });
        return after;
      });
    },
  };
}
