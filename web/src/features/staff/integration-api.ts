import { pathOf } from '@wholesale/contract';
import {
  staffIntegrationRoutes as r,
  type CreateStaffApiClientRequest,
  type IssuedApiKey,
  type StaffApiClient,
  type StaffWebhookDelivery,
  type listStaffWebhookDeliveriesResponse,
  type staffWebhookEndpoint,
} from '@wholesale/contract/staff';
import type { z } from '../../lib/zod';
import type { ListArgs } from './customers-api';
import { staffApi } from './staff-api';

export type StaffWebhookEndpoint = z.infer<typeof staffWebhookEndpoint>;
type DeliveriesPage = z.infer<typeof listStaffWebhookDeliveriesResponse>;

const integrationApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    listStaffApiClients: build.query<StaffApiClient[], void>({
      query: () => pathOf(r.listStaffApiClients),
      providesTags: ['ApiClient'],
    }),
    createStaffApiClient: build.mutation<IssuedApiKey, CreateStaffApiClientRequest>({
      query: (body) => ({ url: pathOf(r.createStaffApiClient), method: r.createStaffApiClient.method, body }),
      invalidatesTags: ['ApiClient', 'Audit'],
    }),
    rotateStaffApiClientKey: build.mutation<IssuedApiKey, number>({
      query: (clientId) => ({ url: pathOf(r.rotateStaffApiClientKey, { clientId: String(clientId) }), method: 'POST' }),
      invalidatesTags: ['ApiClient', 'Audit'],
    }),
    revokeStaffApiKey: build.mutation<StaffApiClient, { clientId: number; keyId: string }>({
      query: ({ clientId, keyId }) => ({
        url: pathOf(r.revokeStaffApiKey, { clientId: String(clientId), keyId }),
        method: r.revokeStaffApiKey.method,
      }),
      invalidatesTags: ['ApiClient', 'Audit'],
    }),
    revokeStaffApiClient: build.mutation<StaffApiClient, number>({
      query: (clientId) => ({
        url: pathOf(r.revokeStaffApiClient, { clientId: String(clientId) }),
        method: r.revokeStaffApiClient.method,
      }),
      invalidatesTags: ['ApiClient', 'Webhook', 'Audit'],
    }),
    listStaffWebhookEndpoints: build.query<StaffWebhookEndpoint[], void>({
      query: () => pathOf(r.listStaffWebhookEndpoints),
      providesTags: ['Webhook'],
    }),
    listStaffWebhookDeliveries: build.query<DeliveriesPage, { endpointId: number; params: ListArgs }>({
      query: ({ endpointId, params }) => ({
        url: pathOf(r.listStaffWebhookDeliveries, { endpointId: String(endpointId) }),
        params,
      }),
      providesTags: ['Webhook'],
    }),
    redeliverStaffWebhookDelivery: build.mutation<StaffWebhookDelivery, { endpointId: number; deliveryId: number }>({
      query: ({ endpointId, deliveryId }) => ({
        url: pathOf(r.redeliverStaffWebhookDelivery, {
          endpointId: String(endpointId),
          deliveryId: String(deliveryId),
        }),
        method: r.redeliverStaffWebhookDelivery.method,
      }),
      invalidatesTags: ['Webhook', 'Today', 'Audit'],
    }),
  }),
});

export const {
  useListStaffApiClientsQuery,
  useCreateStaffApiClientMutation,
  useRotateStaffApiClientKeyMutation,
  useRevokeStaffApiKeyMutation,
  useRevokeStaffApiClientMutation,
  useListStaffWebhookEndpointsQuery,
  useListStaffWebhookDeliveriesQuery,
  useRedeliverStaffWebhookDeliveryMutation,
} = integrationApi;
