import { notification, type Notification } from '@wholesale/contract';
import { api } from '../../lib/base-api';

export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotification: build.query<Notification, void>({
      query: () => '/notification',
      responseSchema: notification,
    }),
  }),
});

export const { useGetNotificationQuery } = homeApi;
