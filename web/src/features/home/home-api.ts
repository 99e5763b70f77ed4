import { pathOf, routes, notification, type Notification } from '@wholesale/contract';
import { api } from '../../lib/base-api';

export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotification: build.query<Notification, void>({
      query: () => pathOf(routes.getNotification),
      responseSchema: notification,
    }),
  }),
});

export const { useGetNotificationQuery } = homeApi;
