import {
  BACK_OFFICE_MSG,
  type IssuedApiKey,
  type StaffApiClient,
  createStaffApiClientRequest,
  listStaffWebhookDeliveriesQuery,
} from '@wholesale/contract/staff';
import type { z } from 'zod';
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
  apiKeys: ApiKeysService;
  webhookOperator: WebhookOperatorService;
  audit: AuditService;
}) {
  const { apiKeys, webhookOperator, audit } = deps;

  async function client(clientId: number): Promise<StaffApiClient> {
    const c = (await apiKeys.list()).find((x) => x.id === clientId);
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

  async function record(caller: StaffCaller, action: string, before: StaffApiClient | null, after: StaffApiClient) {
    await audit.append(actorOf(caller), {
      action,
      targetKind: 'api_client',
      targetId: after.name,
      before: before ? state(before) : null,
      after: state(after),
    });
  }

  /** A refusal of the CLI's service that the checks above did not foresee (a race): a 409 with its words. */
  async function op<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
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
      const made = await op(() => apiKeys.createClient(input.name, [...new Set(input.scopes)].join(',')));
      const after = await client(made.clientId);
      await record(caller, 'api_client.create', null, after);
      return { client: after, keyId: made.keyId, key: made.key };
    },

    async rotateStaffApiClientKey(caller: StaffCaller, { clientId }: { clientId: number }): Promise<IssuedApiKey> {
      const before = await liveClient(clientId);
      const k = await op(() => apiKeys.rotateKey(before.name));
      const after = await client(clientId);
      await record(caller, 'api_client.rotate_key', before, after);
      return { client: after, keyId: k.keyId, key: k.key };
    },

    async revokeStaffApiKey(
      caller: StaffCaller,
      { clientId, keyId }: { clientId: number; keyId: string },
    ): Promise<StaffApiClient> {
      const before = await client(clientId);
      if (!keyIds(before).includes(keyId)) throw notFound(BACK_OFFICE_MSG.keyNotFound);
      await op(() => apiKeys.revoke({ keyId }));
      const after = await client(clientId);
      await record(caller, 'api_client.revoke_key', before, after);
      return after;
    },

    async revokeStaffApiClient(caller: StaffCaller, { clientId }: { clientId: number }): Promise<StaffApiClient> {
      const before = await liveClient(clientId);
      await op(() => apiKeys.revoke({ name: before.name }));
      const after = await client(clientId);
      await record(caller, 'api_client.revoke', before, after);
      return after;
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
      const after = await webhookOperator.redeliver(endpointId, deliveryId);
      if (!before || !after) throw notFound(BACK_OFFICE_MSG.deliveryNotFound);
      await audit.append(actorOf(caller), {
        action: 'webhook.redeliver',
        targetKind: 'webhook_delivery',
        targetId: deliveryId,
        before: { status: before.status, attempts: before.attempts, lastStatus: before.lastStatus },
        after: { status: after.status, attempts: after.attempts },
      });
      return after;
    },
  };
}
